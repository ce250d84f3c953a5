import Dispatch
import Glibc
import Locking
import Synchronization

/// Where the log's lines go: a bounded buffer that one serial queue writes to a descriptor.
///
/// A request only appends its line: it never waits on the descriptor. Written in place, each line cost a
/// `write` on MHD's worker, and a log reader that fell behind (a full pipe) stopped every worker at its next
/// line. Now the queue waits instead; lines that find the buffer full are dropped and counted, and a notice
/// of how many follows the batch that was being written, so the log says about where it has a gap.
///
/// What this gives up: lines still buffered when the process crashes are lost, and a batch longer than
/// `PIPE_BUF` is not one atomic write, so another writer to the same pipe can land inside it.
public final class LogSink: Sendable {
    private struct Pending {
        var bytes: [UInt8] = []
        /// Bytes of the batch the queue is writing now: they count against the capacity until written.
        var inFlight = 0
        /// Lines refused since the last notice.
        var dropped = 0
        /// Whether a drain is scheduled or running: then appending needs no new one.
        var draining = false
        /// The last batch's buffer, emptied, for the next one (so appending rarely reallocates).
        var spare: [UInt8] = []
    }

    private let pending = Lock(Pending())
    private let queue = DispatchQueue(label: "ribsd.log")
    private let writer: Writer
    private let capacity: Int
    private let droppedTotal = Atomic<Int>(0)
    private let notice: @Sendable (Int) -> [UInt8]

    /// Writes some of the bytes, waiting until it can; how many it wrote, or -1 with `errno` set.
    typealias Writer = @Sendable (UnsafeRawBufferPointer) -> Int

    /// A sink writing to `descriptor`, holding at most `capacity` bytes of lines not yet written; `notice`
    /// makes the line that reports how many lines were dropped.
    public convenience init(descriptor: Int32, capacity: Int, notice: @escaping @Sendable (Int) -> [UInt8]) {
        self.init(capacity: capacity, notice: notice) { bytes in
            while true {
                let written = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
                guard written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { return written }
                // A non-blocking descriptor: wait until it takes more.
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            }
        }
    }

    /// A sink handing its batches to `writer` (tests give one that fails on cue).
    init(capacity: Int, notice: @escaping @Sendable (Int) -> [UInt8], writer: @escaping Writer) {
        precondition(capacity > 0, "a log buffer needs room")
        self.capacity = capacity
        self.notice = notice
        self.writer = writer
    }

    /// Lines dropped so far: refused by a full buffer, or lost to a failed write.
    public var droppedLines: Int { droppedTotal.load(ordering: .relaxed) }

    /// Queues one line (with its newline); drops it when the buffer is full, unless `always` (for the few
    /// lines a stop must leave in the log: they may take the buffer past its capacity).
    public func write(_ line: [UInt8], always: Bool = false) {
        let (accepted, startDrain) = pending.withLock { pending -> (Bool, Bool) in
            let fits = always || pending.inFlight + pending.bytes.count + line.count <= capacity
            if fits {
                pending.bytes.append(contentsOf: line)
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

    /// Lets the queue get through what is buffered, waiting at most `timeout` seconds, so a stuck reader
    /// cannot hold up a stop. True when it did: every line written, or counted as dropped.
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
            let next = pending.withLock { pending -> (batch: [UInt8], dropped: Int)? in
                pending.inFlight = 0
                guard !pending.bytes.isEmpty || pending.dropped > 0 else {
                    pending.draining = false
                    return nil
                }
                let taken = (pending.bytes, pending.dropped)
                pending.inFlight = pending.bytes.count
                pending.bytes = pending.spare
                pending.spare = []
                pending.dropped = 0
                return taken
            }
            // Bound straight from the result, so the batch is the only reference and empties in place below.
            guard case (var batch, var dropped)? = consume next else { return }
            let written = writeAll(batch)
            if written < batch.count {
                // The lines not written whole are lost; a cut line is ended, so the notice starts a line.
                let lost = batch[written...].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                droppedTotal.add(lost, ordering: .relaxed)
                dropped += lost
                if written > 0 && batch[written - 1] != UInt8(ascii: "\n") { _ = writeAll([UInt8(ascii: "\n")]) }
            }
            // After a failed write too, in case the descriptor only failed for a while.
            if dropped > 0 { _ = writeAll(notice(dropped)) }
            batch.removeAll(keepingCapacity: true)
            pending.withLock { $0.spare = batch }
        }
    }

    /// Writes `bytes` across partial writes and interruptions; how many were written (fewer if the
    /// writer failed).
    private func writeAll(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = writer(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            return offset
        }
    }
}
