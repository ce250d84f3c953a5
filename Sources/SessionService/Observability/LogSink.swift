import Dispatch
import Foundation
import Glibc
import HTTPServer
import Locking
import Synchronization

/// Where the log's lines go: a bounded buffer that a thread of its own writes to a descriptor.
///
/// A request only appends its line: it never waits on the descriptor. Written in place, each line cost a
/// `write` on MHD's worker, and a log reader that fell behind (a full pipe) stopped every worker at its next
/// line. Now the sink's thread waits instead; lines that find the buffer full are dropped and counted, and a
/// notice of how many follows the batch that was being written, so the log says about where it has a gap.
///
/// The thread is the sink's own rather than a dispatch queue's: a writer blocked on a stuck reader would
/// otherwise hold one of the dispatch pool's threads for as long as the reader stays away.
///
/// What this gives up: lines still buffered when the process crashes are lost, and a batch longer than
/// `PIPE_BUF` is not one atomic write, so another writer to the same pipe can land inside it.
public final class LogSink: Sendable {
    private let drainer: Drainer

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
        drainer = Drainer(capacity: capacity, notice: notice, writer: writer)
        Thread { [drainer] in
            CurrentThread.setName("log-writer")
            drainer.run()
        }.start()
    }

    deinit {
        // The thread holds the drainer, not the sink: it writes what is left, then ends.
        drainer.close()
    }

    /// Lines dropped so far: refused by a full buffer, or lost to a failed write.
    public var droppedLines: Int { drainer.droppedTotal.load(ordering: .relaxed) }

    /// Queues one line (with its newline); drops it when the buffer is full, unless `always` (for the few
    /// lines a stop must leave in the log: they may take the buffer past its capacity).
    public func write(_ line: [UInt8], always: Bool = false) {
        drainer.append(line, always: always)
    }

    /// Lets the thread get through what is buffered, waiting at most `timeout` seconds, so a stuck reader
    /// cannot hold up a stop. True when it did: every line written, or counted as dropped.
    @discardableResult
    public func flush(timeout: Double) -> Bool {
        drainer.flush(timeout: timeout)
    }
}
