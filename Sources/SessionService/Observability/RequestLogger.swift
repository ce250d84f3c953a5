import AppHosting
import Glibc
import HTTPServer

/// One JSON line per event to standard error (buffered: see `LogSink`): requests, start and stop, the HTTP
/// layer's notices (warn) and the server's errors.
/// Never a body.
public struct RequestLogger: Sendable {
    /// How much is logged.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, warn, error, off

        /// The level's name, as `--log-level` takes it.
        public var name: String { String(describing: self) }

        /// Parses a `--log-level` value.
        public init?(name: String) {
            guard let level = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
            self = level
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The lowest level written.
    public let level: Level
    private let clock: any ServiceClock
    /// Where lines go: the buffered stderr writer, or a test's sink.
    private let output: Output

    private enum Output: Sendable {
        case buffered(LogSink)
        case sink(@Sendable ([UInt8]) -> Void)
    }

    /// Bytes of lines held while stderr is slow, unless `--log-buffer` says otherwise.
    public static let defaultBufferBytes = 1 << 20

    /// Creates a logger writing to standard error through a buffer of `bufferBytes` (or to `sink`, for tests).
    public init(
        level: Level, clock: any ServiceClock = SystemClock(), bufferBytes: Int = RequestLogger.defaultBufferBytes,
        sink: (@Sendable ([UInt8]) -> Void)? = nil
    ) {
        self.level = level
        self.clock = clock
        if let sink {
            output = .sink(sink)
        } else {
            // Written whatever the level: it is about the log itself.
            output = .buffered(
                LogSink(descriptor: STDERR_FILENO, capacity: bufferBytes) { [clock] count in
                    Self.line(.warn, "log lines dropped", clock: clock) { $0.field("count", count) }
                })
        }
    }

    /// Lines lost because stderr did not keep up (or failed); 0 with a test sink.
    public var droppedLines: Int {
        if case .buffered(let sink) = output { sink.droppedLines } else { 0 }
    }

    /// Writes out the lines still buffered, waiting at most `timeout` seconds.
    public func flush(timeout: Double) {
        if case .buffered(let sink) = output { sink.flush(timeout: timeout) }
    }

    /// Logs a finished request: method, route template, status, duration, session.
    public func request(_ summary: HTTPRequestSummary) {
        guard level <= .info else { return }
        let seconds = Double(summary.duration.components.seconds) + Double(summary.duration.components.attoseconds) / 1e18
        write(.info, "request") { json in
            json.field("method", summary.method.rawValue)
            json.key("route")
            if let route = summary.route { json.string(route) } else { json.null() }
            json.field("status", summary.status)
            json.key("duration_ms")
            json.raw(Array(String((seconds * 1e6).rounded() / 1e3).utf8))
            json.key("session")
            if let session = summary.logTag { json.string(session) } else { json.null() }
        }
    }

    /// Logs a message with fields at `level`; with `always`, even when the buffer is full (a stop's lines).
    public func message(_ level: Level, _ message: String, fields: [(String, String)] = [], always: Bool = false) {
        guard self.level <= level, level != .off else { return }
        write(level, message, always: always) { json in
            for (key, value) in fields { json.field(named: key, value) }
        }
    }

    private func write(_ level: Level, _ message: String, always: Bool = false, fields: (inout JSONWriter) -> Void) {
        let line = Self.line(level, message, clock: clock, fields: fields)
        switch output {
        case .buffered(let sink): sink.write(line, always: always)
        case .sink(let sink): sink(line)
        }
    }

    /// One JSON line, with its newline.
    private static func line(
        _ level: Level, _ message: String, clock: any ServiceClock, fields: (inout JSONWriter) -> Void
    ) -> [UInt8] {
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.field("time", RFC3339.format(milliseconds: clock.nowMilliseconds()))
        json.field("level", level.name)
        json.field("msg", message)
        fields(&json)
        json.endObject()
        var bytes = json.bytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
