import Dispatch
import Glibc
import Locking
import Synchronization

extension LogSink {
    /// The buffer and the loop that empties it, on the sink's thread. The thread holds this, not the sink, so
    /// that the sink can go: its `deinit` closes the drainer, and the thread ends once it has written the rest.
    final class Drainer: Sendable {
        private struct Pending {
            var bytes: [UInt8] = []
            /// Bytes of the batch the thread is writing now: they count against the capacity until written.
            var inFlight = 0
            /// Lines refused since the last notice.
            var dropped = 0
            /// Whether the thread was woken and has not yet found the buffer empty: appending needs no new wake.
            var draining = false
            /// The last batch's buffer, emptied, for the next one (so appending rarely reallocates).
            var spare: [UInt8] = []
            /// Flushes waiting for the thread to find the buffer empty.
            var flushes: [DispatchSemaphore] = []
            /// Set when the sink goes: the thread ends at the next empty buffer.
            var closed = false
        }

        private let pending = Lock(Pending())
        /// Signalled once per time `draining` turns true, and waited for once per time the thread finds the
        /// buffer empty: at most one signal is ever outstanding.
        private let wake = DispatchSemaphore(value: 0)
        private let writer: Writer
        private let capacity: Int
        let droppedTotal = Atomic<Int>(0)
        private let notice: @Sendable (Int) -> [UInt8]

        init(capacity: Int, notice: @escaping @Sendable (Int) -> [UInt8], writer: @escaping Writer) {
            self.capacity = capacity
            self.notice = notice
            self.writer = writer
        }

        func append(_ line: [UInt8], always: Bool) {
            let (accepted, startDrain) = pending.withLock { pending -> (Bool, Bool) in
                let fits = always || pending.inFlight + pending.bytes.count + line.count <= capacity
                if fits {
                    pending.bytes.append(contentsOf: line)
                } else {
                    pending.dropped += 1
                }
                // A refused line wakes the thread too: its notice must not wait for the next line that fits.
                return (fits, Self.startDraining(&pending))
            }
            if !accepted { droppedTotal.add(1, ordering: .relaxed) }
            if startDrain { wake.signal() }
        }

        func flush(timeout: Double) -> Bool {
            let done = DispatchSemaphore(value: 0)
            let startDrain = pending.withLock { pending in
                pending.flushes.append(done)
                return Self.startDraining(&pending)
            }
            if startDrain { wake.signal() }
            // A flush that times out stays in the list; the thread signals it later, and nobody waits.
            return done.wait(timeout: .now() + timeout) == .success
        }

        func close() {
            let startDrain = pending.withLock { pending in
                pending.closed = true
                return Self.startDraining(&pending)
            }
            if startDrain { wake.signal() }
        }

        /// Marks the buffer as being drained; true when this call is the one that must wake the thread.
        private static func startDraining(_ pending: inout Pending) -> Bool {
            guard !pending.draining else { return false }
            pending.draining = true
            return true
        }

        /// The thread's loop: each wake, batches until the buffer is empty; ends once closed and empty.
        func run() {
            while true {
                wake.wait()
                if drain() { return }
            }
        }

        /// What the thread finds in the buffer.
        private enum Turn {
            /// Lines to write, and how many were refused before them.
            case batch([UInt8], dropped: Int)
            /// Nothing left: the flushes that waited for this, and whether the sink is gone.
            case empty(flushes: [DispatchSemaphore], closed: Bool)
        }

        /// Writes batches until the buffer is empty, then answers the flushes waiting; true when closed.
        private func drain() -> Bool {
            while true {
                let turn = pending.withLock { pending -> Turn in
                    pending.inFlight = 0
                    guard pending.bytes.isEmpty && pending.dropped == 0 else {
                        let taken = Turn.batch(pending.bytes, dropped: pending.dropped)
                        pending.inFlight = pending.bytes.count
                        pending.bytes = pending.spare
                        pending.spare = []
                        pending.dropped = 0
                        return taken
                    }
                    pending.draining = false
                    defer { pending.flushes = [] }
                    return .empty(flushes: pending.flushes, closed: pending.closed)
                }
                // Bound straight from the result, so the batch is the only reference and empties in place below.
                switch consume turn {
                case .empty(let flushes, let closed):
                    for flush in flushes { flush.signal() }
                    return closed
                case .batch(var batch, var dropped):
                    let written = writeAll(batch)
                    if written < batch.count {
                        // The lines not written whole are lost; a cut line is ended, so the notice starts a line.
                        let lost = batch[written...].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                        droppedTotal.add(lost, ordering: .relaxed)
                        dropped += lost
                        if written > 0 && batch[written - 1] != UInt8(ascii: "\n") {
                            _ = writeAll([UInt8(ascii: "\n")])
                        }
                    }
                    // After a failed write too, in case the descriptor only failed for a while.
                    if dropped > 0 { _ = writeAll(notice(dropped)) }
                    batch.removeAll(keepingCapacity: true)
                    pending.withLock { $0.spare = batch }
                }
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
}
