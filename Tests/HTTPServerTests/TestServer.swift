import Foundation
import HTTPServer
import Locking
import Testing

/// All HTTPServer tests run one at a time: several measure timing or count the process's open files.
@Suite(.serialized) struct HTTPServerTests {}

/// Collects log lines from a server under test.
final class LogSink: Sendable {
    private let lines = Lock<[(level: HTTPLogLevel, message: String)]>([])
    var all: [String] { lines.withLock { $0.map(\.message) } }
    /// The lines logged at level `.error`.
    var errors: [String] { lines.withLock { $0.filter { $0.level == .error }.map(\.message) } }
    /// Appends to `all`; also echoes to stderr when HTTP_TEST_LOG is set (debugging aid).
    var closure: @Sendable (HTTPLogLevel, String) -> Void {
        let echo = ProcessInfo.processInfo.environment["HTTP_TEST_LOG"] != nil
        return { [self] level, line in
            lines.withLock { $0.append((level, line)) }
            if echo { FileHandle.standardError.write(Data("[server] \(line)\n".utf8)) }
        }
    }
}

/// The routes most tests use.
func standardRouter() -> HTTPRouter {
    let router = HTTPRouter()
    router.add(.POST, "/echo") { request in
        HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: request.body)
    }
    router.add(.GET, "/hello") { _ in
        HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("hello".utf8))
    }
    router.add(.GET, "/v1/sessions/:id") { request in
        let text = "id=\(request.parameter("id") ?? "-") path=\(request.path) query=\(request.query ?? "nil") route=\(request.route)"
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array(text.utf8))
    }
    router.add(.DELETE, "/v1/sessions/:id") { _ in HTTPResponse(status: 204) }
    router.add(.GET, "/v1/sessions/:id/events/:seq") { request in
        let text = "\(request.parameter("id") ?? "-")/\(request.parameter("seq") ?? "-")"
        return HTTPResponse(status: 200, body: Array(text.utf8))
    }
    router.add(.GET, "/v1/sessions/new") { _ in HTTPResponse(status: 200, body: Array("literal".utf8)) }
    router.add(.GET, "/header") { request in
        HTTPResponse(status: 200, body: Array((request.header("x-test-header") ?? "missing").utf8))
    }
    return router
}

/// Starts a server on a free port, runs `body`, and stops it.
@discardableResult
func withServer<T>(
    _ configure: (inout ServerConfiguration) -> Void = { _ in },
    router: HTTPRouter = standardRouter(),
    log: LogSink = LogSink(),
    _ body: (HTTPServer) throws -> T
) throws -> T {
    var configuration = ServerConfiguration(port: 0, threads: 2, idleTimeout: 5)
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, router: router, log: log.closure)
    try server.start()
    defer { server.stop(gracePeriod: .seconds(2)) }
    return try body(server)
}
