import Foundation
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

/// Definitions kept once by digest (`ribsd:definition:{<digest>}`), and sessions naming theirs in `app`.
@Suite("RedisSessionStore: definitions", .redisServer())
struct DefinitionTests {
    static let t0 = WriteScript.t0

    /// A definition whose digest no other test uses (they share one server).
    static func definition(_ name: String) -> StoredDefinition {
        let digest = (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
        return StoredDefinition(digest: digest, bytes: bytes(#"{"id":"\#(name)"}"#, [0, 0xFF, 0x40]))
    }

    /// A stored session at version 1 of `app` that names `definition`.
    static func session(_ id: String, app: String, definition: String?) -> StoredSession {
        StoredSession(
            id: id, app: app, createdAt: t0, lastAccessAt: t0, version: 1, stateDigest: bytes("digest-\(id)", [0]), definition: definition)
    }

    @Test("a definition is kept once under its digest, and read back byte for byte by another store (another ribsd)")
    func keptOnce() throws {
        let server = try #require(RedisServer.current)
        let kept = Self.definition("one")
        try withStore { store in
            #expect(try store.definition(kept.digest) == nil)
            try store.keepDefinition(kept)
            try store.keepDefinition(StoredDefinition(digest: kept.digest, bytes: bytes("other")))
            #expect(try store.definition(kept.digest) == kept)
        }
        try withStore { (store: RedisSessionStore) throws in #expect(try store.definition(kept.digest) == kept) }
        let key = "ribsd:definition:{\(kept.digest)}"
        #expect(try server.command("GET", key).bytes() == kept.bytes)
        #expect(try server.command("PTTL", key) == .integer(-1), "kept without expiry: sessions of any instance may name it")
        _ = try server.command("DEL", key)
    }

    @Test("a session names its definition in `app` (`<id>@<digest>`); one that names none is written as before")
    func sessionsNameTheirs() throws {
        let server = try #require(RedisServer.current)
        let kept = Self.definition("greeter")
        let named = uniqueID("named"), plain = uniqueID("plain"), odd = uniqueID("odd"), oddPlain = uniqueID("oddPlain")
        try withStore { store in
            try store.keepDefinition(kept)
            try store.commit(.create(Self.session(named, app: "greeter", definition: kept.digest)))
            try store.commit(.create(Self.session(plain, app: "login", definition: nil)))
            // An app compiled in may have any id: only the last separator, before a digest, parts the id from it.
            try store.commit(.create(Self.session(odd, app: "a@b", definition: kept.digest)))
            try store.commit(.create(Self.session(oddPlain, app: "c@\(String(repeating: "f", count: 64))x", definition: nil)))
            try commitEvent(store, named, version: 2, at: Self.t0 + 1)
        }
        #expect(
            try server.command("HMGET", "ribsd:{\(named)}:meta", "schema", "app").elements().map(\.bytesText) == [
                "1", "greeter@\(kept.digest)",
            ])
        #expect(try server.command("HMGET", "ribsd:{\(plain)}:meta", "schema", "app").elements().map(\.bytesText) == ["1", "login"])
        try withStore { store in
            let log = try #require(try store.log(of: named))
            #expect(log.session.app == "greeter" && log.session.definition == kept.digest && log.session.version == 2)
            #expect(try store.log(of: plain)?.session == Self.session(plain, app: "login", definition: nil))
            #expect(try store.log(of: odd)?.session == Self.session(odd, app: "a@b", definition: kept.digest))
            #expect(try store.log(of: oddPlain)?.session.app == "c@\(String(repeating: "f", count: 64))x")
            #expect(try store.log(of: oddPlain)?.session.definition == nil)
            let summaries = try store.sessions().filter { [named, plain, odd].contains($0.id) }
            #expect(
                Set(summaries.map { "\($0.app) \($0.definition ?? "-")" }) == ["greeter \(kept.digest)", "login -", "a@b \(kept.digest)"])
            for id in [named, plain, odd, oddPlain] { try store.commit(.delete(session: id)) }
        }
        _ = try server.command("DEL", "ribsd:definition:{\(kept.digest)}")
    }
}
