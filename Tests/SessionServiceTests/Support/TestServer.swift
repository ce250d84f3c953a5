import AppHosting
import BuiltinApps
import Foundation
import HTTPServer
import SessionService
import Testing

/// The server configuration tests start from: any free port on loopback, two threads.
func testServerConfiguration(maxBodySize: Int = 65536, threads: Int = 2) -> ServerConfiguration {
    ServerConfiguration(host: "127.0.0.1", port: 0, threads: threads, idleTimeout: 30, maxBodySize: maxBodySize)
}

/// Starts the real HTTP server with the session service's routes, runs `body` with a client, and always stops it.
@discardableResult
func withTestServer<T>(
    registry: AppRegistry = BuiltinApps.registry,
    configuration: ServiceConfiguration = ServiceConfiguration(),
    server: ServerConfiguration = testServerConfiguration(),
    clock: any ServiceClock = SystemClock(),
    ids: any SessionIDSource = RandomSessionIDs(),
    returnFreePages: @escaping @Sendable () -> Void = {},
    _ body: (ServiceClient) throws -> T
) throws -> T {
    let service = SessionService(registry: registry, configuration: configuration, clock: clock, ids: ids, returnFreePages: returnFreePages)
    let router = HTTPRouter()
    service.addRoutes(to: router)
    let httpServer = HTTPServer(configuration: server, router: router, log: { _ in })
    try httpServer.start()
    defer {
        httpServer.stop(gracePeriod: .seconds(2))
        service.closeAll()
    }
    return try body(ServiceClient(port: httpServer.port, service: service))
}

/// The contract's endpoints over one keep-alive connection.
final class ServiceClient {
    let port: UInt16
    let service: SessionService
    let http: HTTPClient

    init(port: UInt16, service: SessionService) {
        self.port = port
        self.service = service
        http = HTTPClient(port: port)
    }

    /// Another client (its own connection) to the same server.
    func another() -> ServiceClient {
        ServiceClient(port: port, service: service)
    }

    func request(
        _ method: String, _ path: String, body: String? = nil, contentType: String? = "application/json", headers: [(String, String)] = []
    ) throws -> HTTPResult {
        var all = headers
        if let body, !body.isEmpty, let contentType { all.insert(("Content-Type", contentType), at: 0) }
        return try http.request(method, path, body: Array((body ?? "").utf8), headers: all)
    }

    func get(_ path: String) throws -> HTTPResult {
        try request("GET", path)
    }

    /// `POST /v1/sessions`; `app` nil sends no body.
    func create(app: String? = nil) throws -> HTTPResult {
        try request("POST", "/v1/sessions", body: app.map { #"{"app":"\#($0)"}"# })
    }

    /// Creates a session that must succeed and returns its id.
    func createSession(app: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let response = try create(app: app)
        try #require(
            response.status == 201, "create \(app ?? "default") answered \(response.status): \(response.text)",
            sourceLocation: sourceLocation)
        return try #require(response.json?["session"] as? String, sourceLocation: sourceLocation)
    }

    /// A `login` session logged in as kim (version 2): where most scenarios start.
    func loggedInSession(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let id = try createSession(sourceLocation: sourceLocation)
        try apply(id, #"{"type":"login","name":"kim"}"#, sourceLocation: sourceLocation)
        return id
    }

    /// `POST /v1/sessions/<id>/events` with a JSON event.
    func send(_ id: String, _ event: String, contentType: String? = "application/json", headers: [(String, String)] = []) throws
        -> HTTPResult
    {
        try request("POST", "/v1/sessions/\(id)/events", body: event, contentType: contentType, headers: headers)
    }

    /// Sends events that must all succeed.
    func apply(_ id: String, _ events: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        for event in events {
            let response = try send(id, event)
            try #require(response.status == 200, "\(event) answered \(response.status): \(response.text)", sourceLocation: sourceLocation)
        }
    }

    func state(_ id: String, headers: [(String, String)] = []) throws -> HTTPResult {
        try request("GET", "/v1/sessions/\(id)", headers: headers)
    }

    func history(_ id: String) throws -> HTTPResult {
        try get("/v1/sessions/\(id)/history")
    }

    func delete(_ id: String, headers: [(String, String)] = []) throws -> HTTPResult {
        try request("DELETE", "/v1/sessions/\(id)", headers: headers)
    }

    /// The session's state bytes, ETag and history bytes, to compare before and after a refused request.
    func snapshot(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SessionSnapshot {
        let state = try state(id)
        try #require(state.status == 200, "GET state answered \(state.status)", sourceLocation: sourceLocation)
        let history = try history(id)
        try #require(history.status == 200, "GET history answered \(history.status)", sourceLocation: sourceLocation)
        return SessionSnapshot(state: state.body, etag: state.header("ETag"), history: history.body)
    }

    /// Expects the session exactly as `before`: same state bytes, same ETag (version), same history.
    func expectUnchanged(_ id: String, since before: SessionSnapshot, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let now = try snapshot(id, sourceLocation: sourceLocation)
        #expect(now.etag == before.etag, "version changed", sourceLocation: sourceLocation)
        #expect(now.state == before.state, "state changed:\n\(String(decoding: now.state, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(now.history == before.history, "history changed", sourceLocation: sourceLocation)
    }

    /// Sends an event that must be refused with `status`/`code`, and checks that the session did not change.
    @discardableResult
    func expectRefusal(
        _ id: String, _ event: String, status: Int, code: String, contentType: String? = "application/json",
        headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> HTTPResult {
        let before = try snapshot(id, sourceLocation: sourceLocation)
        let response = try send(id, event, contentType: contentType, headers: headers)
        expectProblem(response, status: status, code: code, sourceLocation: sourceLocation)
        try expectUnchanged(id, since: before, sourceLocation: sourceLocation)
        return response
    }
}

/// What a session looks like from outside at one moment.
struct SessionSnapshot: Equatable {
    let state: [UInt8]
    let etag: String?
    let history: [UInt8]
}

/// The built-in apps plus test-only ones.
func testRegistry(_ extra: AppDefinition...) -> AppRegistry {
    extra.reduce(BuiltinApps.registry) { $0.registering($1) }
}
