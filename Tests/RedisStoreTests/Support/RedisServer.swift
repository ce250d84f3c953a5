import Foundation
import Locking
import Testing

@testable import RedisStore

#if canImport(Glibc)
    import Glibc
#endif

/// A `redis-server` of the test's own, on a free loopback port with a data folder of its own, killed and its
/// folder removed at the end. Nothing is skipped without one: a machine lacking redis-server fails the suite
/// (`scripts/install-deps` installs it).
final class RedisServer: Sendable {
    /// The server of the suite running now (`.redisServer` trait).
    @TaskLocal static var current: RedisServer?

    struct Options: Sendable {
        /// AOF with `appendfsync always`: every acknowledged write is on disk, so a kill -9 loses none.
        var appendOnly = false
        /// A one-node Redis Cluster serving every slot: a command or script over keys of two slots is refused.
        var cluster = false
    }

    let port: Int
    let directory: String
    let options: Options
    private let process: Lock<Process?>

    var address: RedisAddress { RedisAddress(host: "127.0.0.1", port: port) }
    var url: String { "redis://127.0.0.1:\(port)" }

    init(_ options: Options) throws {
        self.options = options
        // A cluster node also listens on its port + 10000 (the cluster bus): a kernel pick above 55535 would put
        // that past 65535, and the server would exit at once.
        var candidate = try Self.freePort()
        for _ in 0..<100 where options.cluster && candidate > 55_535 { candidate = try Self.freePort() }
        port = candidate
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-redis-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        process = Lock(nil)
        try start()
    }

    /// Starts redis-server (again, on the same port and folder after a kill) and waits until it answers PING.
    func start() throws {
        var arguments = [
            "--port", "\(port)", "--bind", "127.0.0.1", "--dir", directory, "--save", "", "--logfile", directory + "/redis.log",
            "--appendonly", options.appendOnly ? "yes" : "no",
        ]
        if options.appendOnly { arguments += ["--appendfsync", "always"] }
        if options.cluster { arguments += ["--cluster-enabled", "yes", "--cluster-config-file", directory + "/nodes.conf"] }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try Self.executable())
        child.arguments = arguments
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        process.withLock { $0 = child }
        try waitUntil("redis-server on port \(port) answers PING", seconds: 30) { (try? command("PING")) == .status("PONG") }
        if options.cluster {
            if try command("CLUSTER", "INFO").bytesText.contains("cluster_slots_assigned:0") {
                _ = try command("CLUSTER", "ADDSLOTSRANGE", "0", "16383").checked()
            }
            try waitUntil("the cluster node serves every slot") {
                (try? command("CLUSTER", "INFO").bytesText.contains("cluster_state:ok")) ?? false
            }
        }
    }

    /// kill -9: no shutdown, no last write.
    func kill() {
        signalAndWait(SIGKILL)
    }

    /// Freezes the server (SIGSTOP): its sockets stay open, and nothing is answered.
    func pause() {
        process.withLock { if let child = $0 { _ = Glibc.kill(child.processIdentifier, SIGSTOP) } }
    }

    func resume() {
        process.withLock { if let child = $0 { _ = Glibc.kill(child.processIdentifier, SIGCONT) } }
    }

    /// Ends the server and removes its folder.
    func stop() {
        resume()
        signalAndWait(SIGKILL)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// One command on a connection of its own, to look at what the store wrote.
    func command(_ words: String...) throws -> RedisReply {
        let connection = try RedisConnection(address, timeout: .seconds(2))
        var command = RedisCommand()
        for word in words { command.append(word) }
        return try connection.send(command)
    }

    private func signalAndWait(_ signal: Int32) {
        guard let child = process.withLock({ $0 }) else { return }
        if child.isRunning { _ = Glibc.kill(child.processIdentifier, signal) }
        child.waitUntilExit()
        process.withLock { $0 = nil }
    }

    private static func executable() throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") + ["/usr/bin", "/usr/sbin"]
        guard let path = folders.map({ "\($0)/redis-server" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ServerFailure("redis-server is not installed (scripts/install-deps installs it)")
        }
        return path
    }

    /// A port nobody listens on now: the kernel's pick for a socket bound to port 0.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerFailure("socket: \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else { throw ServerFailure("bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Starts a server for the whole suite (`@Suite(.redisServer())`), serves it as `RedisServer.current`, and ends
/// it after the suite's last test.
struct RedisServerTrait: SuiteTrait, TestScoping {
    let options: RedisServer.Options

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let server = try RedisServer(options)
        defer { server.stop() }
        try await RedisServer.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == RedisServerTrait {
    static func redisServer(appendOnly: Bool = false, cluster: Bool = false) -> Self {
        RedisServerTrait(options: RedisServer.Options(appendOnly: appendOnly, cluster: cluster))
    }
}

struct ServerFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Polls `condition` every 20 ms for up to `seconds`; throws naming `what` if it never held.
func waitUntil(_ what: String, seconds: Double = 10, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return }
        usleep(20_000)
    }
    throw ServerFailure("timed out after \(seconds) s waiting until \(what)")
}

extension RedisReply {
    /// A bulk or status reply as text (INFO's), "" for anything else.
    var bytesText: String {
        switch self {
        case let .string(bytes): String(decoding: bytes, as: UTF8.self)
        case let .status(text): text
        default: ""
        }
    }
}
