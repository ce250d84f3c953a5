import Dispatch
import Glibc
import Locking
import Synchronization

/// Where the log's lines go: a bounded buffer that one serial queue writes to a descriptor.
///
/// A request only appends its line: it never waits on the descriptor. Written in place, each line cost a
/// `write` on MHD's worker, and a log reader that fell behind (a full pipe) stopped every worker at its next
/// line. Now the queue waits instead; lines that find the buffer full are dropped and counted, and a notice
/// of how many follows the next write, so the log says where it has a gap.
public final class LogSink: Sendable {
    private struct Pending {
        var bytes: [UInt8] = []
        var lines = 0
        /// Lines refused since the last notice.
        var dropped = 0
        /// Whether a drain is scheduled or running: then appending needs no new one.
        var draining = false
        /// The last batch's buffer, emptied, for the next one (so appending rarely reallocates).
        var spare: [UInt8] = []
    }

    private let pending = Lock(Pending())
    private let queue = DispatchQueue(label: "ribsd.log")
    private let descriptor: Int32
    private let capacity: Int
    private let droppedTotal = Atomic<Int>(0)
    private let notice: @Sendable (Int) -> [UInt8]

    /// A sink writing to `descriptor`, holding at most `capacity` bytes of lines not yet written; `notice`
    /// makes the line that reports how many lines were dropped.
    public init(descriptor: Int32, capacity: Int, notice: @escaping @Sendable (Int) -> [UInt8]) {
        precondition(capacity > 0, "a log buffer needs room")
        self.descriptor = descriptor
        self.capacity = capacity
        self.notice = notice
    }

    /// Lines dropped so far: refused by a full buffer, or lost to a failed write.
    public var droppedLines: Int { droppedTotal.load(ordering: .relaxed) }

    /// Queues one line (with its newline); drops it when the buffer is full.
    public func write(_ line: [UInt8]) {
        let (accepted, startDrain) = pending.withLock { pending -> (Bool, Bool) in
            let fits = pending.bytes.count + line.count <= capacity
            if fits {
                pending.bytes.append(contentsOf: line)
                pending.lines += 1
            } else {
                pending.dropped += 1
            }
            // A refused line starts a drain too: its notice must not wait for the next line that fits.
            guard !pending.draining else { return (fits, false) }
            pending.draining = true
            return (fits, true)
        }
        if !accepted { droppedTotal.add(1, ordering: .relaxed) }
        if startDrain { queue.async { self.drain() } }
    }

    /// Writes out what is queued; waits at most `timeout` seconds, so a stuck reader cannot hold up a stop.
    /// True when everything was written in time.
    @discardableResult
    public func flush(timeout: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async {
            self.drain()
            done.signal()
        }
        return done.wait(timeout: .now() + timeout) == .success
    }

    /// Writes batches until the buffer is empty (on the queue only).
    private func drain() {
        while true {
            let next = pending.withLock { pending -> (batch: [UInt8], lines: Int, dropped: Int)? in
                guard !pending.bytes.isEmpty || pending.dropped > 0 else {
                    pending.draining = false
                    return nil
                }
                let taken = (pending.bytes, pending.lines, pending.dropped)
                pending.bytes = pending.spare
                pending.spare = []
                pending.lines = 0
                pending.dropped = 0
                return taken
            }
            // Bound straight from the result, so the batch is the only reference and empties in place below.
            guard case (var batch, let lines, var dropped)? = consume next else { return }
            if !writeAll(batch) {
                droppedTotal.add(lines, ordering: .relaxed)
                dropped += lines
            }
            // A failed write is reported too, in case the descriptor only failed for a while.
            if dropped > 0 { _ = writeAll(notice(dropped)) }
            batch.removeAll(keepingCapacity: true)
            pending.withLock { $0.spare = batch }
        }
    }

    /// Writes all of `bytes`, across partial writes and interruptions; false if the descriptor fails.
    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    // A non-blocking descriptor: wait until it takes more.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else {
                    return false
                }
            }
            return true
        }
    }
}
