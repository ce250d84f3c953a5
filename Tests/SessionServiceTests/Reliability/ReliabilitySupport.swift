import Dispatch
import Foundation
import Locking
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every reliability test runs one at a time: several load the machine or measure timing. (Suites of other
/// files may still run next to them; the checks allow for that, and open files are counted in a child process.)
@Suite(.serialized) struct ReliabilityTests {}

// MARK: - Seeded randomness

/// A seeded generator with the picks the reliability tests make, so that a failing mix of requests can be
/// replayed from its seed.
struct RelRandom: RandomNumberGenerator {
    private var source: SplitMix64

    init(seed: UInt64) { source = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { source.next() }

    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0..<values.count)] }

    mutating func bytes(_ count: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(UInt8.random(in: 0...255, using: &self)) }
        return result
    }

    /// `count` URL-safe characters (the alphabet of session ids).
    mutating func urlSafe(_ count: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String((0..<count).map { _ in pick(alphabet) })
    }
}

// MARK: - A raw HTTP/1.1 connection that reports what happened instead of throwing

/// A parsed response.
struct RelResponse: Sendable {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: NSDictionary? { (try? JSONSerialization.jsonObject(with: Data(body))) as? NSDictionary }
    var closesConnection: Bool { header("Connection")?.lowercased().contains("close") == true }
}

/// What reading a response gave.
enum RelOutcome: Sendable, CustomStringConvertible {
    /// A whole response.
    case response(RelResponse)
    /// The server closed the connection; `partial` response bytes had arrived before.
    case closed(partial: Int)
    /// The connection was reset; `partial` response bytes had arrived before.
    case reset(partial: Int)
    /// Nothing complete within the receive timeout.
    case timeout(partial: Int)
    /// The bytes that came back are not HTTP.
    case garbage(String)

    var response: RelResponse? {
        if case .response(let response) = self { return response }
        return nil
    }

    var description: String {
        switch self {
        case .response(let response): "\(response.status) \(response.text.prefix(200))"
        case .closed(let partial): "closed after \(partial) bytes"
        case .reset(let partial): "reset after \(partial) bytes"
        case .timeout(let partial): "timeout after \(partial) bytes"
        case .garbage(let text): "garbage: \(text)"
        }
    }
}

struct RelConnectError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "connect: \(String(cString: strerror(code)))" }
}

/// One TCP connection to 127.0.0.1 with blocking I/O and a receive timeout.
final class RelConnection {
    private(set) var fd: Int32
    private var buffer: [UInt8] = []
    /// A chunked (streamed) response came back: its body was not read, so the connection is unusable.
    private(set) var poisoned = false

    /// Connects, or throws `RelConnectError` with the errno (ECONNREFUSED when nobody listens).
    init(port: UInt16, timeout: Double = 10) throws {
        let (socketFD, code) = LoopbackSocket.connect(port: port, timeout: timeout)
        guard socketFD >= 0 else { throw RelConnectError(code: code) }
        fd = socketFD
    }

    deinit { close() }

    func setTimeout(_ seconds: Double) {
        LoopbackSocket.setTimeout(fd, seconds: seconds)
    }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Closes with RST instead of FIN (SO_LINGER 0): a client that vanishes.
    func abort() {
        guard fd >= 0 else { return }
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close()
    }

    /// Sends everything; returns 0 or the errno that stopped it (EPIPE/ECONNRESET when the server closed).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += sent
        }
        return 0
    }

    @discardableResult
    func send(_ text: String) -> Int32 { send(Array(text.utf8)) }

    /// Sends in small pieces with pauses: a slow client.
    @discardableResult
    func sendSlowly(_ bytes: [UInt8], piece: Int, pauseMicroseconds: UInt32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + piece, bytes.count)
            let code = send(Array(bytes[offset..<end]))
            if code != 0 { return code }
            offset = end
            if offset < bytes.count { usleep(pauseMicroseconds) }
        }
        return 0
    }

    /// Reads one response (Content-Length framed; no body for HEAD, 204, 304).
    func read(method: String = "GET") -> RelOutcome {
        var headEnd: Int?
        while true {
            headEnd = HTTPHead.end(in: buffer)
            if headEnd != nil { break }
            if let stop = fill() { return stop }
        }
        let end = headEnd!
        guard let head = HTTPHead(buffer[0..<end]) else { return .garbage(HTTPHead.statusLine(of: buffer[0..<end])) }
        let (status, headers) = (head.status, head.headers)
        if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" }) {
            poisoned = true
            return .response(RelResponse(status: status, headers: headers, body: []))
        }
        var length = 0
        if method != "HEAD", status != 204, status != 304 {
            length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        }
        let start = end + 4
        while buffer.count < start + length {
            if let stop = fill() { return stop }
        }
        let body = Array(buffer[start..<(start + length)])
        buffer.removeFirst(start + length)
        return .response(RelResponse(status: status, headers: headers, body: body))
    }

    /// Sends a request and reads its response.
    func roundTrip(_ request: [UInt8], method: String = "GET") -> RelOutcome {
        let code = send(request)
        if code != 0 {
            // The server may have answered and closed before reading everything (431, a bad request line).
            let outcome = read(method: method)
            if case .response = outcome { return outcome }
            return code == ECONNRESET ? .reset(partial: 0) : .closed(partial: 0)
        }
        return read(method: method)
    }

    /// Waits until the server closes the connection (EOF or reset); false on timeout.
    func waitForClose(timeout: Double) -> Bool {
        setTimeout(timeout)
        var scratch = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return false }
                return true
            }
        }
        return false
    }

    /// Reads more bytes; nil when some arrived, else why not.
    private func fill() -> RelOutcome? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return nil
            }
            if count == 0 { return .closed(partial: buffer.count) }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return .timeout(partial: buffer.count) }
            return .reset(partial: buffer.count)
        }
    }

}

/// A request's bytes.
func relRequest(
    _ method: String, _ target: String, body: [UInt8]? = nil, contentType: String? = "application/json",
    headers: [(String, String)] = [], close: Bool = false
) -> [UInt8] {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if body != nil, let contentType { head += "Content-Type: \(contentType)\r\n" }
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if let body { head += "Content-Length: \(body.count)\r\n" }
    if close { head += "Connection: close\r\n" }
    head += "\r\n"
    return Array(head.utf8) + (body ?? [])
}

// MARK: - Open files

/// This process's TCP sockets whose local port is `port` (a server's listening and accepted sockets).
func relServerSockets(port: UInt16) -> Int {
    var inodes = Set<String>()
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9, let colon = fields[1].lastIndex(of: ":"),
                UInt16(fields[1][fields[1].index(after: colon)...], radix: 16) == port
            else { continue }
            inodes.insert(String(fields[9]))
        }
    }
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return -1 }
    var count = 0
    for entry in entries {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"),
            target.hasPrefix("socket:[")
        else { continue }
        if inodes.contains(String(target.dropFirst(8).dropLast())) { count += 1 }
    }
    return count
}

/// Polls `measure` until it is at most `limit` or `seconds` pass; returns the last value.
func relSettle(_ seconds: Double = 3, limit: Int, _ measure: () -> Int) -> Int {
    let deadline = Date().addingTimeInterval(seconds)
    var value = measure()
    while value > limit && Date() < deadline {
        usleep(20_000)
        value = measure()
    }
    return value
}

// MARK: - Threads

/// Failures collected across threads.
final class RelFailures: Sendable {
    private let items = Lock<[String]>([])
    func add(_ message: String) { items.withLock { $0.append(message) } }
    var all: [String] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
    /// At most `limit` of them, for a readable expectation message.
    func summary(_ limit: Int = 20) -> String {
        let all = self.all
        return all.prefix(limit).joined(separator: "\n") + (all.count > limit ? "\n… \(all.count - limit) more" : "")
    }
}

// MARK: - JSON helpers

/// A state document with the session id blanked, to compare two sessions' states byte for byte.
func relStateWithoutID(_ body: [UInt8], id: String) -> String {
    String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\"session\":\"\(id)\"", with: "\"session\":\"-\"")
}

/// Canonical JSON bytes of a dictionary (sorted keys), to compare events.
func relCanonical(_ object: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "?" }
    return String(decoding: data, as: UTF8.self)
}

// MARK: - The ribsd executable as a subprocess

/// Where `swift build` put the `ribsd` executable: next to the test bundle.
enum RibsdBinary {
    static func locate() -> URL? {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["RIBSD_BINARY"] { candidates.append(URL(fileURLWithPath: override)) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("ribsd"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("ribsd"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("ribsd"))
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("ribsd"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// Where a test's `ribsd` writes its stderr.
enum RibsdStderr {
    /// A file, read by `stderr` (a pipe could fill up under request logging).
    case file
    /// A pipe whose read end is closed as soon as ribsd runs, as when a log collector goes away.
    case closedPipe
    /// A pipe the test holds and reads only when it chooses (`readStderr`), as a log collector that falls behind.
    case heldPipe
    /// No stderr at all: ribsd starts with descriptor 2 closed (`2>&-` in a shell).
    case closed
}

/// A running `ribsd`: stdout through a pipe (read line by line), stderr as `RibsdStderr` says.
final class RibsdProcess {
    let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrURL: URL
    private var pending: [UInt8] = []
    /// The read end of a `.heldPipe` stderr (closed with this object); -1 otherwise.
    private(set) var stderrReader: Int32 = -1

    /// Starts `ribsd` with `arguments`, its stderr where `stderr` says; `openFiles` sets its soft and hard
    /// `RLIMIT_NOFILE` (as `ulimit -n` does).
    init(
        _ arguments: [String], environment extra: [String: String] = [:], stderr mode: RibsdStderr = .file,
        openFiles: Int? = nil
    ) throws {
        guard let binary = RibsdBinary.locate() else {
            throw ClientError(
                "ribsd not found next to \(CommandLine.arguments[0]) (build it: swift build --build-tests; or set RIBSD_BINARY)")
        }
        if mode == .closed || openFiles != nil {
            // Foundation's Process always gives the child a descriptor 2, and sets no limits: a shell closes it,
            // or sets the limit, before the exec.
            let limit = openFiles.map { "ulimit -n \($0) && " } ?? ""
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", limit + #"exec "$0" "$@""# + (mode == .closed ? " 2>&-" : ""), binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RIBSD_") }
        // Sessions in memory unless the test names a store: a test's server must not share (or lock) the
        // default data folder with another.
        if !arguments.contains(where: { $0.hasPrefix("--store") }) { environment["RIBSD_STORE"] = "memory" }
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardOutput = stdoutPipe
        stderrURL = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        var writeEnd: FileHandle?
        if mode == .closedPipe || mode == .heldPipe {
            // Both ends close-on-exec (Glibc does not export pipe2, so after the fact), so that processes started
            // later hold neither: a closed read end then leaves ribsd without a reader (EPIPE), and a held one
            // sees the end of the stream when ribsd exits. The read end of `.closedPipe` is closed before
            // ribsd exists.
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw ClientError("pipe: \(String(cString: strerror(errno)))") }
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            if mode == .closedPipe {
                close(ends[0])
            } else {
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                // 64 KiB, the usual default, set so: F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7, not exported).
                guard fcntl(ends[1], 1031, 65_536) == 65_536 else { throw ClientError("F_SETPIPE_SZ 65536 failed") }
                stderrReader = ends[0]
            }
            writeEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        }
        process.standardError = try writeEnd ?? FileHandle(forWritingTo: stderrURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try writeEnd?.close()
    }

    /// Reads a `.heldPipe` stderr (`stderrReader`) until ribsd closes it (it exited) or `timeout` seconds pass.
    static func readToEnd(_ stderrReader: Int32, timeout: Double) -> [UInt8] {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while deadline.timeIntervalSinceNow > 0 {
            var descriptor = pollfd(fd: stderrReader, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 200)
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(stderrReader, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        if stderrReader >= 0 { close(stderrReader) }
        try? FileManager.default.removeItem(at: stderrURL)
    }

    /// The next line of stdout (without its newline), or nil at end of stream or after `timeout` seconds.
    func readLine(timeout: Double) -> String? {
        let fd = stdoutPipe.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[0..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left, 1) * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }
            pending.append(contentsOf: chunk[0..<count])
        }
    }

    /// Everything left on stdout (call after the process ended).
    func remainingStdout() -> String {
        let rest = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: pending + [UInt8](rest), as: UTF8.self)
    }

    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the exit: (status, true) for a normal exit, (signal, false) when killed by a signal;
    /// nil after `timeout` seconds (the process is then killed).
    func wait(timeout: Double) -> (status: Int32, exited: Bool)? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .exit)
    }

    /// Starts `ribsd --port 0 ...` and reads its port from the first stdout line.
    static func listening(
        _ arguments: [String], environment: [String: String] = [:], stderr: RibsdStderr = .file, openFiles: Int? = nil
    ) throws -> (RibsdProcess, UInt16, String) {
        let ribsd = try RibsdProcess(["--port", "0"] + arguments, environment: environment, stderr: stderr, openFiles: openFiles)
        guard let line = ribsd.readLine(timeout: 30) else {
            _ = ribsd.wait(timeout: 1)
            throw ClientError("ribsd printed no line within 30 s; stderr: \(ribsd.stderr)")
        }
        let prefix = "ribsd listening on http://127.0.0.1:"
        guard line.hasPrefix(prefix), let port = UInt16(line.dropFirst(prefix.count)), port != 0 else {
            throw ClientError("unexpected first line \(line.debugDescription)")
        }
        return (ribsd, port, line)
    }
}

// MARK: - Shared counters

/// A counter threads share.
final class RelCounter: Sendable {
    private let value = Atomic<Int>(0)
    func add(_ amount: Int = 1) { value.add(amount, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

/// A flag threads share (sequentially consistent).
final class RelFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}
