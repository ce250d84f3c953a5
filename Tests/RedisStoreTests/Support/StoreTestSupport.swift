import Foundation
import Locking
import SessionStorage
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

/// Bytes that differ from test to test, so that nothing matches by accident.
func bytes(_ text: String, _ extra: [UInt8] = []) -> [UInt8] { Array(text.utf8) + extra }

/// A stored session at version 1.
func storedSession(_ id: String, app: String = "login", at: Int64) -> StoredSession {
    StoredSession(id: id, app: app, createdAt: at, lastAccessAt: at, version: 1, stateDigest: bytes("digest-\(id)-1", [0, 255]))
}

/// The event making `version`, with bytes that name the session and version (and a NUL, binary-safe or not).
func storedEvent(_ id: String, version: Int, at: Int64, size: Int = 0, by writer: String = "") -> StoredEvent {
    StoredEvent(
        version: version, event: bytes(#"{"type":"push","screen":"\#(id)-\#(version)\#(writer)"}"#, [UInt8](repeating: 0x41, count: size)),
        at: at, stateDigest: bytes("digest-\(id)-\(version)", [0, 1, 128, 255]))
}

/// An answer kept for an `Idempotency-Key`, `size` bytes of body past its name.
func storedAnswer(_ id: String, sequence: Int, version: Int, size: Int = 0) -> StoredAnswer {
    StoredAnswer(
        sequence: sequence, key: bytes("key-\(sequence)", [0, 0xFE]), bodyDigest: bytes("body-\(sequence)", [7]),
        version: version, body: bytes("state-\(id)-\(version)", [UInt8](repeating: UInt8(sequence % 256), count: size)))
}

/// The summary as it is after `event` was appended at `lastAccess`.
func advanced(_ session: StoredSession, to event: StoredEvent, lastAccess: Int64) -> StoredSession {
    var copy = session
    copy.version = event.version
    copy.stateDigest = event.stateDigest
    copy.lastAccessAt = lastAccess
    return copy
}

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
