import AppHosting
import BuiltinApps
import Foundation
import HTTPServer
import SQLiteStore
import SessionService
import Testing

/// A fresh data dir under the system's temp dir, removed after `body`.
func withDataDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-seam-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// One life of a server whose sessions are kept in an SQLite store in `directory`: the store opened, the stored
/// sessions restored (`body` gets their count), the server run, then everything stopped, the store closed and
/// released, so the next call on the same folder is a restart (a store still held would be refused as in use).
@discardableResult
func withStoredServer<T>(
    directory: String, registry: AppRegistry = BuiltinApps.registry, configuration: ServiceConfiguration = ServiceConfiguration(),
    clock: any ServiceClock = SystemClock(), ids: any SessionIDSource = RandomSessionIDs(), maxBytes: Int? = nil,
    sources: AppSources? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (_ client: ServiceClient, _ store: SQLiteSessionStore, _ restored: Int) throws -> T
) throws -> T {
    weak var released: SQLiteSessionStore?
    let result = try storedServerLife(
        directory: directory, registry: registry, configuration: configuration, clock: clock, ids: ids, maxBytes: maxBytes,
        sources: sources
    ) { client, store, restored in
        released = store
        return try body(client, store, restored)
    }
    // The stopped server's context (its routes, and so the service and its store) lives until its reclaim
    // tick, up to a second after `stop`.
    let deadline = Date().addingTimeInterval(5)
    while released != nil && Date() < deadline { usleep(10_000) }
    try #require(released == nil, "the store was not released: the next life would find the folder in use", sourceLocation: sourceLocation)
    return result
}

private func storedServerLife<T>(
    directory: String, registry: AppRegistry, configuration: ServiceConfiguration, clock: any ServiceClock,
    ids: any SessionIDSource, maxBytes: Int?, sources: AppSources?, _ body: (ServiceClient, SQLiteSessionStore, Int) throws -> T
) throws -> T {
    let store = try SQLiteSessionStore(directory: directory, maxBytes: maxBytes)
    // Last of the defers: after the server stopped and the sessions closed, as `Ribsd.main` does.
    defer { store.close() }
    let service = SessionService(
        registry: registry, configuration: configuration, clock: clock, ids: ids, returnFreePages: {}, records: store, sources: sources)
    let restored = try service.restoreSessions()
    let router = HTTPRouter()
    service.addRoutes(to: router)
    let httpServer = HTTPServer(configuration: testServerConfiguration(), router: router, log: { _ in })
    try httpServer.start()
    defer {
        service.endStreams()
        httpServer.stop(gracePeriod: .seconds(2))
        service.closeAll()
    }
    return try body(ServiceClient(port: httpServer.port, service: service), store, restored)
}

/// An answer's status, `ETag`, `Retry-After` and body bytes: what two answers must share to be the same.
struct Wire: Equatable, CustomStringConvertible {
    let status: Int
    let etag: String?
    let retryAfter: String?
    let body: [UInt8]

    var description: String { "\(status) \(etag ?? "-") \(String(decoding: body, as: UTF8.self))" }
}

extension HTTPResult {
    var wire: Wire { Wire(status: status, etag: header("ETag"), retryAfter: header("Retry-After"), body: body) }
}

/// `/metrics`' lines about the store.
func storeMetricLines(_ client: ServiceClient) throws -> [String] {
    try client.get("/metrics").text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("ribsd_store_") }
}

extension ServiceClient {
    /// A logged-in session with a stream watching it, its first frame read, and the session as it is then: what
    /// a test of a refused change compares against (nothing may change, and the stream must hear nothing).
    func watchedLoggedInSession(
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (id: String, watcher: EventStreamClient, before: SessionSnapshot) {
        let id = try loggedInSession(sourceLocation: sourceLocation)
        let watcher = try EventStreamClient(port: port)
        _ = try watcher.open("/v1/sessions/\(id)/stream")
        #expect(try watcher.next().id == "2", sourceLocation: sourceLocation)
        return (id, watcher, try snapshot(id, sourceLocation: sourceLocation))
    }
}
