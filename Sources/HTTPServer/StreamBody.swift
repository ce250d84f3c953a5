import CMicroHTTPD
import CMicroHTTPDShim
import Locking

/// The body of a streamed response: bytes handed to `send` go out as they come, until `finish()`.
///
/// A handler creates one, may `send` the first bytes at once, keeps it (e.g. in a subscriber list) and returns
/// `HTTPResponse.stream(_:)`. Any thread may call `send` and `finish`; neither blocks (they append to a buffer
/// and, if MHD's connection is suspended for lack of data, resume it). While nothing is buffered the connection
/// is suspended: it costs no thread and no CPU, however long it stays open.
public final class StreamBody: Sendable {
    /// Bytes the server sends by itself every `ServerConfiguration.streamHeartbeatInterval` (e.g. an SSE
    /// comment). They keep proxies from closing an idle stream. A suspended connection is not polled, so the
    /// server polls its socket on each heartbeat round (and when a new stream finds the limit reached) to
    /// notice a client that closed its end, even only its sending side (a stream's client has nothing more
    /// to send: one that shuts that side is taken to have left). One that vanished without a word leaves the
    /// heartbeats unacknowledged, and its socket fails once the stream timeout passes (TCP_USER_TIMEOUT).
    public let heartbeat: [UInt8]?
    /// Most bytes buffered for a client that does not read: past it `overflow` decides, rather than letting a
    /// stalled client grow memory without bound. (A client that stops reading altogether is closed by the
    /// connection's stream timeout.)
    public let maxBufferedBytes: Int
    /// What happens to a client that falls `maxBufferedBytes` behind.
    public let overflow: Overflow

    /// What a stream does with a client that falls behind.
    public enum Overflow: Sendable {
        /// The stream ends with an error at the next read: every message matters, so none may be skipped.
        case fail
        /// The messages not yet started are dropped for the newest: each message supersedes the ones before
        /// it (a whole state), so a slow client skips ahead instead of being cut off. The newest is kept even
        /// past `maxBufferedBytes` (a reconnect would be sent it again at once), up to `keepLatestLimit` times
        /// that with the rest of the message being sent; beyond, the stream fails.
        case keepLatest
    }

    /// How many times `maxBufferedBytes` a `.keepLatest` stream may hold for its newest message.
    public static let keepLatestLimit = 16

    /// Messages queued and slots not yet compacted away (for tests).
    var queueSlots: Int {
        state.withLock { $0.queue.count }
    }

    private let state = Lock<State>(State())

    /// Everything mutable, only touched under `state`'s lock.
    private struct State {
        /// The message being handed to MHD, from `readOffset` on.
        var current: [UInt8] = []
        var readOffset = 0
        /// Whole messages not started yet, in order, from `queueHead` on; `queuedBytes` is their size.
        var queue: [[UInt8]] = []
        var queueHead = 0
        var queuedBytes = 0
        /// `finish()` was called: end the body once everything buffered is out.
        var finishing = false
        /// The buffer overflowed or the server refused the stream: end the connection with an error.
        var failed = false
        /// MHD released the response (the connection is gone): nothing will be sent any more.
        var released = false
        /// The live MHD connection, from queueing until release. Only used to suspend and resume it.
        var connection: MHDHandle?
        /// The connection's socket, read when it is attached: polled while suspended to see the client go.
        var socket: Int32 = -1
        /// The reader suspended the connection; the next `send`/`finish` must resume it (exactly once).
        var suspended = false

        var buffered: Int { current.count - readOffset + queuedBytes }

        /// Ends the stream with an error, dropping everything buffered: the next read tells MHD to close.
        mutating func fail() {
            failed = true
            clear()
        }

        /// Drops everything buffered.
        mutating func clear() {
            current = []
            readOffset = 0
            queue = []
            queueHead = 0
            queuedBytes = 0
        }

        /// Copies up to `capacity` buffered bytes, message after message, to `destination`; returns how many.
        mutating func take(into destination: UnsafeMutableRawPointer, capacity: Int) -> Int {
            var copied = 0
            while copied < capacity {
                if readOffset == current.count {
                    guard queueHead < queue.count else { break }
                    current = queue[queueHead]
                    queue[queueHead] = []
                    queueHead += 1
                    queuedBytes -= current.count
                    readOffset = 0
                    if queueHead == queue.count {
                        queue.removeAll(keepingCapacity: queue.capacity <= 64)
                        queueHead = 0
                    } else if queueHead >= 64, queueHead * 2 >= queue.count {
                        // A reader that stays a little behind never empties the queue: drop the taken slots
                        // now and then, or they would pile up at its front, one per message ever sent.
                        queue.removeFirst(queueHead)
                        queueHead = 0
                    }
                }
                let count = min(current.count - readOffset, capacity - copied)
                current.withUnsafeBytes { source in
                    (destination + copied).copyMemory(from: source.baseAddress! + readOffset, byteCount: count)
                }
                readOffset += count
                copied += count
            }
            if readOffset == current.count, !current.isEmpty {
                current = []
                readOffset = 0
            }
            return copied
        }
    }

    /// What the reader callback should tell MHD.
    enum ReadResult: Equatable {
        case bytes(Int)
        case suspended
        case endOfStream
        case error
    }

    /// Creates an open stream; `heartbeat` bytes are sent while it is idle (nil: never).
    public init(heartbeat: [UInt8]? = nil, maxBufferedBytes: Int = 1 << 20, overflow: Overflow = .fail) {
        self.heartbeat = heartbeat
        self.maxBufferedBytes = maxBufferedBytes
        self.overflow = overflow
    }

    /// Queues `message` for the client; false when the stream has ended (finished, failed or disconnected),
    /// so a producer can drop it. Never blocks. The bytes are kept as they are, not copied: several streams
    /// sent the same array share it.
    @discardableResult
    public func send(_ message: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.finishing, !state.failed, !state.released else { return false }
            guard !message.isEmpty else { return true }
            if state.buffered + message.count <= maxBufferedBytes {
                state.queue.append(message)
                state.queuedBytes += message.count
            } else if overflow == .keepLatest,
                state.current.count - state.readOffset + message.count <= maxBufferedBytes * Self.keepLatestLimit
            {
                // The message being sent goes on (a client must never get half of one); the rest are superseded.
                state.queue = [message]
                state.queueHead = 0
                state.queuedBytes = message.count
            } else {
                state.fail()
            }
            Self.wake(&state)
            return !state.failed
        }
    }

    /// Ends the stream once the bytes already sent are out (the chunked body then terminates normally).
    /// Idempotent.
    public func finish() {
        state.withLock { state in
            guard !state.finishing, !state.released else { return }
            state.finishing = true
            Self.wake(&state)
        }
    }

    /// False once the stream was finished, failed or its client went away.
    public var isOpen: Bool {
        state.withLock { !$0.finishing && !$0.failed && !$0.released }
    }

    // MARK: - Server side

    /// Sends the heartbeat if nothing is waiting to go out; false when the stream has ended.
    func beat() -> Bool {
        guard let heartbeat else { return isOpen }
        let idle = state.withLock { $0.buffered == 0 }
        return idle ? send(heartbeat) : isOpen
    }

    /// Called just before the response is queued on `connection`, on the connection's own thread.
    func attach(to connection: OpaquePointer) {
        let handle = MHDHandle(pointer: connection)
        let socket = cmhd_connection_socket(connection)
        state.withLock { state in
            state.connection = handle
            state.socket = socket
        }
    }

    /// Ends the stream if its client has closed the connection while it was idle; true if so. Only a suspended
    /// connection is looked at: MHD leaves it alone, socket included, until it is resumed, and resuming takes
    /// this lock. Ending it resumes the connection. The body ends as if finished, not failed: a client that
    /// only shut its sending side still reads a whole response, one that left is no error of the server's
    /// (MHD would log every failed body as one), and MHD closes the connection either way once it reads the
    /// client's end.
    func endIfClientLeft() -> Bool {
        state.withLock { state in
            guard state.suspended, !state.failed, cmhd_socket_peer_closed(state.socket) != 0 else { return false }
            state.clear()
            state.finishing = true
            Self.wake(&state)
            return true
        }
    }

    /// The server will not send this stream (limit reached, invalid response, stopping).
    func refuse() {
        state.withLock { state in
            state.fail()
            Self.wake(&state)
        }
    }

    /// MHD dropped the response: forget the connection (it is about to be freed) and the buffer.
    func release() {
        state.withLock { state in
            state.released = true
            state.connection = nil
            state.suspended = false
            state.clear()
        }
    }

    /// The content reader: copies up to `capacity` buffered bytes to `destination`; with nothing buffered it
    /// suspends the connection (MHD then stops polling it) instead of returning 0, which would busy-loop.
    func read(into destination: UnsafeMutableRawPointer, capacity: Int) -> ReadResult {
        state.withLock { state in
            if state.failed { return .error }
            if state.buffered > 0 {
                return .bytes(state.take(into: destination, capacity: capacity))
            }
            if state.finishing { return .endOfStream }
            guard let connection = state.connection else { return .error }
            // Suspending under the lock pairs with `wake`: a concurrent `send` either ran before (and the
            // bytes were seen above) or runs after and sees `suspended`, so no wake-up is lost.
            state.suspended = true
            MHD_suspend_connection(connection.pointer)
            return .suspended
        }
    }

    /// Resumes the connection if the reader suspended it. Called under the lock so that a resume can never
    /// race with `release` (the connection pointer is valid while `suspended` is set) or with the server's
    /// stop, which finishes every stream before MHD_stop_daemon.
    private static func wake(_ state: inout State) {
        guard state.suspended, let connection = state.connection else { return }
        state.suspended = false
        MHD_resume_connection(connection.pointer)
    }
}
