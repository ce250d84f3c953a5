import Foundation
import Locking
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

/// A store on the suite's server; closed when `body` returns.
func withStore<T>(
    connections: Int = 4, timeout: Duration = .seconds(2), ttl: Duration? = nil, _ body: (RedisSessionStore) throws -> T
) throws -> T {
    let server = try #require(RedisServer.current, "the suite has no .redisServer trait")
    let store = RedisSessionStore(address: server.address, connections: connections, timeout: timeout, ttl: ttl)
    defer { store.close() }
    return try body(store)
}

/// An id no other test of the suite uses (they share one server, and run side by side).
func uniqueID(_ name: String) -> String { "\(name)-\(UUID().uuidString.prefix(8))" }

/// Appends one event making `version` through `commit`.
func commitEvent(_ store: RedisSessionStore, _ id: String, version: Int, at: Int64) throws {
    try store.commit(
        .append(session: id, events: [storedEvent(id, version: version, at: at)], answer: nil, dropAnswersThrough: nil, at: at))
}

/// Expects `body` to throw a store error of `kind` whose message holds `text`; returns how long it took.
@discardableResult
func expectStoreError(
    _ kind: StoreError.Kind, containing text: String = "", sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> Duration {
    let clock = ContinuousClock()
    let started = clock.now
    do {
        try body()
        Issue.record("no error; expected \(kind) containing \"\(text)\"", sourceLocation: sourceLocation)
    } catch let error as StoreError {
        #expect(error.kind == kind, "\(error.message)", sourceLocation: sourceLocation)
        #expect(text.isEmpty || error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("not a StoreError: \(error)", sourceLocation: sourceLocation)
    }
    return clock.now - started
}

/// What an observer heard, in order, for the test's thread to wait on.
final class Heard: Sendable {
    private let notices = Lock<[(session: String, version: Int)]>([])

    func add(_ session: String, _ version: Int) {
        notices.withLock { $0.append((session, version)) }
    }

    /// The versions heard for `session`, in order.
    func versions(of session: String) -> [Int] {
        notices.withLock { $0.filter { $0.session == session }.map(\.version) }
    }

    /// Waits up to `seconds` until `session`'s versions end with `version`; returns them.
    @discardableResult
    func waitFor(_ session: String, toReach version: Int, seconds: Double = 10) -> [Int] {
        try? waitUntil("\(session) heard at \(version)", seconds: seconds) { versions(of: session).last == version }
        return versions(of: session)
    }
}
