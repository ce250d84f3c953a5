import Foundation
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

@Suite("RedisSessionStore: sessions expire by Redis TTL, restarted on every use", .redisServer())
struct ExpiryTests {
    static let t0 = WriteScript.t0

    @Test("a session not touched expires with all its keys; one touched stays; a change restarts the TTL too")
    func untouchedExpires() throws {
        let server = try #require(RedisServer.current)
        try withStore(ttl: .milliseconds(600)) { store in
            let idle = uniqueID("idle"), used = uniqueID("used"), changed = uniqueID("changed")
            for id in [idle, used, changed] {
                try store.commit(.create(storedSession(id, at: Self.t0)))
                try commitEvent(store, id, version: 2, at: Self.t0)
                try store.commit(
                    .remember(session: id, answer: storedAnswer(id, sequence: 1, version: 2), dropAnswersThrough: nil, at: Self.t0))
            }
            for key in SessionKeys(idle).all {
                let left = try #require(try server.command("PTTL", key).integer(), "\(key)")
                #expect(left > 0 && left <= 600, "\(key) has TTL \(left) ms")
            }
            // For 1.5 s (two and a half TTLs), one session is touched and one changed every 150 ms.
            for step in 1...10 {
                Thread.sleep(forTimeInterval: 0.15)
                store.touch(used, atMilliseconds: Self.t0 + Int64(step) * 150)
                try commitEvent(store, changed, version: 2 + step, at: Self.t0 + Int64(step) * 150)
            }
            #expect(try store.log(of: idle) == nil, "the untouched session outlived its TTL")
            #expect(try server.command("KEYS", "*\(idle)*").elements().isEmpty, "an expired session left keys")
            let listed = Set(try store.sessions().map(\.id))
            #expect(!listed.contains(idle) && listed.contains(used) && listed.contains(changed))
            let kept = try #require(try store.log(of: used), "the touched session expired")
            #expect(kept.events.count == 1 && kept.answers.count == 1, "a touch restarts the TTL of every key, events and answers too")
            try waitUntil("the last touch is written") { try store.log(of: used)?.session.lastAccessAt == Self.t0 + 1500 }
            #expect(try store.log(of: changed)?.session.version == 12)
        }
    }

    @Test("touch keeps the latest time per session, never moves it back, and makes no session")
    func touchOrder() throws {
        try withStore { store in
            let id = uniqueID("touched"), unknown = uniqueID("unknown")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            store.touch(id, atMilliseconds: Self.t0 + 900)
            store.touch(id, atMilliseconds: Self.t0 + 500)
            store.touch(unknown, atMilliseconds: Self.t0 + 900)
            try waitUntil("the touch is written") { try store.log(of: id)?.session.lastAccessAt == Self.t0 + 900 }
            store.touch(id, atMilliseconds: Self.t0 + 100)
            try store.commit(
                .remember(session: id, answer: storedAnswer(id, sequence: 1, version: 1), dropAnswersThrough: nil, at: Self.t0 + 50))
            Thread.sleep(forTimeInterval: 0.1)
            #expect(try store.log(of: id)?.session.lastAccessAt == Self.t0 + 900, "an older access moved the stored one back")
            #expect(try store.log(of: unknown) == nil, "a touch made a session")
            #expect(try store.log(of: id)?.session.version == 1, "a touch is not an event")
        }
    }

    @Test("without a TTL, keys never expire")
    func noTTL() throws {
        let server = try #require(RedisServer.current)
        try withStore { store in
            let id = uniqueID("forever")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            try commitEvent(store, id, version: 2, at: Self.t0)
            store.touch(id, atMilliseconds: Self.t0 + 1)
            try waitUntil("the touch is written") { try store.log(of: id)?.session.lastAccessAt == Self.t0 + 1 }
            for key in [SessionKeys(id).meta, SessionKeys(id).events] { #expect(try server.command("PTTL", key) == .integer(-1), "\(key)") }
        }
    }
}
