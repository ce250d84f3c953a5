import Foundation
import Locking
import TestSupport
import Testing

@testable import SessionService

#if canImport(Glibc)
    import Glibc
#endif

@Suite("LogSink: lines written by a thread of its own, never waited for; what does not fit is dropped and counted")
struct LogSinkTests {
    /// The time limit that fails a write waiting for a stuck reader (it would never end). Under ThreadSanitizer,
    /// beside the rest of the suite on two cores, the reads and flushes of a test that passes took up to two
    /// minutes.
    private static let minutesToHang = runningUnderThreadSanitizer ? 5 : 1
    private static func notice(_ count: Int) -> [UInt8] { Array("dropped \(count)\n".utf8) }

    private static func line(_ number: Int) -> [UInt8] {
        Array("line \(number) ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 90) + [UInt8(ascii: "\n")]
    }

    /// A pipe of `size` bytes whose read end the test holds; `body` returns the sink it made on the write end.
    /// The ends are closed once that sink has written everything: were its thread still writing, a closed
    /// read end would raise SIGPIPE, which ends the whole test process. (If it never gets there, the test has
    /// failed already, and the two descriptors are left open.)
    private static func withPipe(size: Int32, _ body: (_ read: Int32, _ write: Int32) throws -> LogSink) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        // F_SETPIPE_SZ (Linux's F_LINUX_SPECIFIC_BASE + 7), which Glibc's module does not export. It answers
        // the size it set, at least a page; `fill` reads it back.
        let set = fcntl(ends[1], 1031, size)
        let sink = try body(ends[0], ends[1])
        #expect(set >= size, "F_SETPIPE_SZ \(size): \(set)")
        if readUntilFlushed(sink, ends[0]).flushed {
            close(ends[0])
            close(ends[1])
        }
    }

    /// Fills a pipe with 64-byte lines, so that the next write waits for a reader.
    private static func fill(_ fd: Int32) {
        // F_GETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 8).
        let size = Int(fcntl(fd, 1032))
        let filler = [UInt8](repeating: UInt8(ascii: "f"), count: 63) + [UInt8(ascii: "\n")]
        for _ in 0..<(size / 64) { _ = filler.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
    }

    /// A sink on a pipe that `fill` filled, given lines 0..<`lines` while nobody reads.
    private static func stuckSink(_ writeEnd: Int32, capacity: Int, lines: Int) -> LogSink {
        fill(writeEnd)
        let sink = LogSink(descriptor: writeEnd, capacity: capacity, notice: notice)
        for number in 0..<lines { sink.write(line(number)) }
        return sink
    }

    /// Everything readable now, without waiting for more.
    private static func readAvailable(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0 else { return bytes }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Reads until the sink has got through everything, or 5 s pass.
    private static func readUntilFlushed(_ sink: LogSink, _ readEnd: Int32) -> (log: [UInt8], flushed: Bool) {
        var log: [UInt8] = []
        var flushed = false
        for _ in 0..<500 where !flushed {
            log += readAvailable(readEnd)
            flushed = sink.flush(timeout: 0.01)
        }
        return (log + readAvailable(readEnd), flushed)
    }

    @Test(
        "a reader that stops: 300 lines go in at once; the log keeps whole lines in order, and notices count the rest",
        .timeLimit(.minutes(Self.minutesToHang)))
    func readerThatStops() throws {
        try Self.withPipe(size: 4096) { readEnd, writeEnd in
            // Nobody reads: were a write to wait for the pipe, this would not end (the time limit fails it).
            let sink = Self.stuckSink(writeEnd, capacity: 2_000, lines: 300)
            let droppedWhileStuck = sink.droppedLines
            #expect(droppedWhileStuck >= 280, "a full pipe, and 2,000 bytes hold 20 lines of ~100 bytes")

            // The reader comes back: the sink's thread writes what it kept, then the notices.
            let (log, flushed) = Self.readUntilFlushed(sink, readEnd)
            #expect(flushed)
            let lines = log.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
            let written = lines.drop { $0.hasPrefix("fff") }
            let kept = written.filter { $0.hasPrefix("line ") }.map { Int($0.split(separator: " ")[1])! }
            let noticed = written.filter { $0.hasPrefix("dropped ") }.map { Int($0.split(separator: " ")[1])! }
            let whole = written.allSatisfy { line in
                line.hasPrefix("dropped ") || kept.contains { line + "\n" == String(decoding: Self.line($0), as: UTF8.self) }
            }
            #expect(whole, "every line whole: \(written.prefix(3))")
            #expect(kept == kept.sorted() && Set(kept).count == kept.count, "kept lines in order, each once: \(kept)")
            #expect(kept.count + noticed.reduce(0, +) == 300, "\(kept.count) kept, notices \(noticed)")
            #expect(noticed.reduce(0, +) == sink.droppedLines)
            #expect(sink.droppedLines == droppedWhileStuck)
            #expect(kept.first == 0, "the first line is the one the thread was writing when the pipe was full")
            return sink
        }
    }

    @Test("a descriptor that fails (/dev/full): its lines count as dropped, and nothing waits")
    func failingDescriptor() throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let sink = LogSink(descriptor: full, capacity: 1 << 20, notice: Self.notice)
        for number in 0..<3 { sink.write(Self.line(number)) }
        #expect(sink.flush(timeout: 10))
        #expect(sink.droppedLines == 3)
    }

    @Test("a write that fails part-way: the cut line is ended, the lines not written whole are counted, and the notice follows")
    func partialWriteThenFailure() {
        // The writer takes 150 bytes, fails once (EIO), then takes everything.
        let output = Lock<(bytes: [UInt8], calls: Int)>(([], 0))
        let sink = LogSink(capacity: 1 << 20, notice: Self.notice) { buffer in
            output.withLock { output in
                output.calls += 1
                switch output.calls {
                case 1:
                    output.bytes += buffer.prefix(150)
                    return min(150, buffer.count)
                case 2:
                    errno = EIO
                    return -1
                default:
                    output.bytes += buffer
                    return buffer.count
                }
            }
        }
        // Three lines in one call, so that they are one batch whenever the thread runs.
        let lines = (0..<3).map(Self.line)
        sink.write(lines[0] + lines[1] + lines[2])
        #expect(sink.flush(timeout: 10))

        let bytes = output.withLock { $0.bytes }
        let expected = Array((lines[0] + lines[1]).prefix(150)) + Array("\n".utf8) + Self.notice(2)
        #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(sink.droppedLines == 2)
    }

    @Test(
        "flush gives up after its timeout when the reader is stuck; later lines are refused beyond the buffer, not waited for",
        .timeLimit(.minutes(Self.minutesToHang)))
    func flushTimesOut() throws {
        try Self.withPipe(size: 4096) { _, writeEnd in
            let sink = Self.stuckSink(writeEnd, capacity: 1_000, lines: 100)
            let started = Date()
            #expect(sink.flush(timeout: 0.2) == false)
            #expect(Date().timeIntervalSince(started) < 5)
            // The buffer, with the batch the thread is stuck on, holds at most 10 lines of ~100 bytes.
            let before = sink.droppedLines
            for number in 100..<200 { sink.write(Self.line(number)) }
            #expect(sink.droppedLines - before >= 90, "dropped \(sink.droppedLines - before) of 100")
            return sink
        }
    }

    @Test(
        "lines written `always` go in past a full buffer, in order, and the lines refused around them are counted",
        .timeLimit(.minutes(Self.minutesToHang)))
    func alwaysLines() throws {
        try Self.withPipe(size: 4096) { readEnd, writeEnd in
            let sink = Self.stuckSink(writeEnd, capacity: 1_000, lines: 100)
            let refused = sink.droppedLines
            sink.write(Array("stopping\n".utf8), always: true)
            sink.write(Self.line(100))
            sink.write(Array("stopped\n".utf8), always: true)
            #expect(sink.droppedLines == refused + 1)

            let (log, flushed) = Self.readUntilFlushed(sink, readEnd)
            #expect(flushed)
            let written = log.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
                .filter { !$0.hasPrefix("fff") && !$0.hasPrefix("dropped ") }
            #expect(Array(written.suffix(2)) == ["stopping", "stopped"], "\(written.suffix(3))")
            return sink
        }
    }

    @Test("lines left when the sink goes are still written, on the sink's own thread, which then ends")
    func sinkThatGoes() async throws {
        final class Token: Sendable {}
        let output = Lock<(bytes: [UInt8], threads: Set<String>)>(([], []))
        weak let token: Token?
        do {
            let held = Token()
            token = held
            let sink = LogSink(capacity: 1 << 20, notice: Self.notice) { [held] buffer in
                withExtendedLifetime(held) {}
                // The system's name for the thread, which Foundation's `Thread.name` does not always reflect.
                let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                let thread = comm.trimmingCharacters(in: .newlines)
                output.withLock { output in
                    output.bytes += buffer
                    output.threads.insert(thread)
                }
                return buffer.count
            }
            for number in 0..<3 { sink.write(Self.line(number)) }
        }
        // The writer, and the token it holds, go with the thread once it has written everything.
        for _ in 0..<500 where token != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(token == nil, "the sink's thread did not end")
        let (bytes, threads) = output.withLock { ($0.bytes, $0.threads) }
        #expect(bytes == (0..<3).flatMap(Self.line))
        #expect(threads == ["log-writer"])
    }

    @Test("a line longer than the whole buffer is dropped, and its notice is written without waiting for another line")
    func oversizedLine() throws {
        try Self.withPipe(size: 65_536) { readEnd, writeEnd in
            let sink = LogSink(descriptor: writeEnd, capacity: 50, notice: Self.notice)
            sink.write(Self.line(1))
            var log: [UInt8] = []
            for _ in 0..<500 where !log.contains(UInt8(ascii: "\n")) {
                usleep(10_000)
                log += Self.readAvailable(readEnd)
            }
            #expect(String(decoding: log, as: UTF8.self) == "dropped 1\n")
            #expect(sink.droppedLines == 1)
            return sink
        }
    }
}
