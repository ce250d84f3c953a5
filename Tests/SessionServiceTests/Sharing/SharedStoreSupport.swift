import BuiltinApps
import Foundation
import HTTPServer
import RedisStore
import SessionService
import SessionStorage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A redis-server of the test's own (a free loopback port, a folder of its own), started for `body` and killed
/// after it; `restart` kills it (-9) and starts it again on the same port and folder.
final class SharedRedis {
    let port: Int
    let directory: String
    let appendOnly: Bool
    private var process: Process?

    var url: String { "redis://127.0.0.1:\(port)" }

    init(appendOnly: Bool = false) throws {
        self.appendOnly = appendOnly
        // The kernel's pick for a socket bound to port 0, free once that socket closes.
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        close(descriptor)
        port = Int(UInt16(bigEndian: address.sin_port))
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-shared-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try start()
    }

    func start() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        child.arguments =
            ["--port", "\(port)", "--bind", "127.0.0.1", "--dir", directory, "--save", "", "--appendonly", appendOnly ? "yes" : "no"]
            + (appendOnly ? ["--appendfsync", "always"] : [])
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        process = child
        let probe = try RedisSessionStore(url: url, connections: 1, timeout: .milliseconds(200))
        defer { probe.close() }
        let deadline = Date().addingTimeInterval(10)
        while (try? probe.checkReady()) == nil {
            guard Date() < deadline else { throw ClientError("redis-server on port \(port) did not answer") }
            usleep(20_000)
        }
    }

    /// kill -9: nothing written at the end but what appendfsync always wrote already.
    func kill() {
        guard let child = process else { return }
        if child.isRunning { Glibc.kill(child.processIdentifier, SIGKILL) }
        child.waitUntilExit()
        process = nil
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// `count` servers sharing one Redis, in this process (each its own service, store and HTTP server, as separate
/// ribsd would be), for `body`; all stopped after it.
func withSharedServers<T>(_ count: Int, redis: SharedRedis, _ body: ([ServiceClient]) throws -> T) throws -> T {
    var stops: [() -> Void] = []
    defer { for stop in stops.reversed() { stop() } }
    var clients: [ServiceClient] = []
    for _ in 0..<count {
        let store = try RedisSessionStore(url: redis.url, connections: 4, timeout: .milliseconds(500), ttl: .seconds(3600))
        let service = SessionService(registry: BuiltinApps.registry, records: store)
        let router = HTTPRouter()
        service.addRoutes(to: router)
        let server = HTTPServer(configuration: testServerConfiguration(threads: 4), router: router, log: { _ in })
        try server.start()
        stops.append {
            service.endStreams()
            server.stop(gracePeriod: .seconds(2))
            service.closeAll()
            store.close()
        }
        clients.append(ServiceClient(port: server.port, service: service))
    }
    return try body(clients)
}
