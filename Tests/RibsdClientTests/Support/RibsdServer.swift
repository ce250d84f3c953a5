import Foundation
import RibsdClient

#if canImport(Glibc)
    import Glibc
#endif

/// A real `ribsd` process for a test: in memory, or on an SQLite store in a folder of the test's own that
/// outlives restarts. `stop` and `crash` end it; `restart` starts it again on the same port and store.
final class RibsdServer {
    enum Store {
        case memory
        /// `--store sqlite --data-dir <dir>`: sessions survive a restart.
        case sqlite(dataDirectory: String)
    }

    let store: Store
    /// Options passed after the store's, on every start (`--max-events 2`, say).
    let extraArguments: [String]
    private(set) var port: UInt16 = 0
    private var process: Process?
    private var stderrFile: URL

    /// Starts ribsd on a free port, with `extraArguments` after the options it always takes.
    init(_ store: Store = .memory, extraArguments: [String] = []) throws {
        self.store = store
        self.extraArguments = extraArguments
        stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-client-test-\(UUID().uuidString).log")
        try start(port: 0)
    }

    deinit {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: stderrFile)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// A client of this server with `configuration`.
    func client(_ configuration: ClientConfiguration = ClientConfiguration(requestTimeout: .seconds(10))) -> RibsdClient {
        RibsdClient(baseURL: baseURL, configuration: configuration)
    }

    /// SIGTERM, and the exit (streams end with `shutdown`).
    func stop() {
        guard let process else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    /// SIGKILL: gone at once, connections cut.
    func crash() {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Starts ribsd again on the same port and store, once the last one has exited.
    func restart() throws {
        try start(port: port)
    }

    /// Waits until `count` connections to the server are established (the kernel's table of TCP sockets lists
    /// their server side under the server's port), at most `timeout` seconds: a client's stream is back. Generous:
    /// the client reconnects from a task of the shared cooperative pool, and under ThreadSanitizer the other suites'
    /// tests hold both of its threads for minutes at a time (a full run saw 85 s), so the reconnection waits its turn.
    func waitForConnections(_ count: Int, timeout: Double = 300) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            if established() >= count { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("not \(count) connection(s) to port \(port) within \(timeout) s")
    }

    /// The established TCP connections whose local port is the server's.
    private func established() -> Int {
        // Read to its end: the file has no size, and a single read of it gives only its first page.
        let table = FileHandle(forReadingAtPath: "/proc/net/tcp")?.readDataToEndOfFile() ?? Data()
        let text = String(decoding: table, as: UTF8.self)
        let local = String(format: ":%04X", port)
        return text.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ")
            // Fields: sl, local address, remote address, state (01: ESTABLISHED), ...
            return fields.count > 3 && fields[1].hasSuffix(local) && fields[3] == "01"
        }.count
    }

    private func start(port requested: UInt16) throws {
        let process = Process()
        process.executableURL = try BuiltProduct.locate("ribsd")
        var arguments = ["--host", "127.0.0.1", "--port", String(requested), "--log-level", "warn"]
        switch store {
        case .memory: arguments += ["--store", "memory"]
        case .sqlite(let directory): arguments += ["--store", "sqlite", "--data-dir", directory]
        }
        process.arguments = arguments + extraArguments
        // The test's own settings only: a RIBSD_ variable of the environment would change them.
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RIBSD_") }
        let stdout = Pipe()
        process.standardOutput = stdout
        if !FileManager.default.fileExists(atPath: stderrFile.path) {
            _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        }
        let stderr = try FileHandle(forWritingTo: stderrFile)
        stderr.seekToEndOfFile()
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try stderr.close()
        self.process = process
        let line = Self.firstLine(of: stdout.fileHandleForReading.fileDescriptor, timeout: 30)
        let prefix = "ribsd listening on http://127.0.0.1:"
        guard let line, line.hasPrefix(prefix), let port = UInt16(line.dropFirst(prefix.count)) else {
            let log = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            throw TestFailure("ribsd did not start (first line \(String(describing: line))); stderr: \(log)")
        }
        self.port = port
    }

    /// The first line written to `fd`, waiting up to `timeout` seconds.
    private static func firstLine(of fd: Int32, timeout: Double) -> String? {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}
