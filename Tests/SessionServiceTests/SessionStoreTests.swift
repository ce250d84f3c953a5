import BuiltinApps
import Dispatch
import Testing

@testable import SessionService

@Suite("SessionStore: sharded by id, one limit across the shards")
struct SessionStoreTests {
    private func session(_ number: Int) -> Session {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return Session(id: "s\(number)-\(alphabet[number % alphabet.count])", app: BuiltinApps.login, uptime: 0, idempotencyKeys: 4)
    }

    @Test("8 threads insert 400 sessions into a store of 100: exactly 100 go in, and every one of them can be found")
    func limitHoldsAcrossShards() {
        let store = SessionStore(limit: 100)
        let sessions = (0..<400).map(session)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in stride(from: thread, to: sessions.count, by: 8) { _ = store.insert(sessions[index]) }
        }

        let held = store.all()
        #expect(store.count == 100)
        #expect(store.isFull)
        #expect(Set(held.map(\.id)).count == 100)
        #expect(held.allSatisfy { store.session($0.id) === $0 })
    }

    @Test("a non-ASCII id is refused on insert, and lookups and removals by one find nothing")
    func nonASCIIIDs() {
        let store = SessionStore(limit: 2)
        let kept = Session(id: "K-plain-ascii-id-00001", app: BuiltinApps.login, uptime: 0, idempotencyKeys: 4)
        let odd = Session(id: "\u{212A}-plain-ascii-id-00002", app: BuiltinApps.login, uptime: 0, idempotencyKeys: 4)
        #expect(store.insert(kept) == .inserted)

        #expect(store.insert(odd) == .unreachableID)
        #expect(store.session("\u{212A}-plain-ascii-id-00001") == nil)
        #expect(store.remove("\u{212A}-plain-ascii-id-00001") == nil)
        #expect(store.count == 1)
        #expect(store.all().map(\.id) == [kept.id])
    }

    @Test("removing frees a place; removing again or an unknown id changes nothing")
    func removeFreesAPlace() {
        let store = SessionStore(limit: 2)
        let (a, b, c) = (session(1), session(2), session(3))
        #expect(store.insert(a) == .inserted && store.insert(b) == .inserted)
        #expect(store.insert(c) == .full)

        #expect(store.remove(a.id) === a)
        #expect(store.remove(a.id) == nil)
        #expect(store.remove("no-such-id") == nil)
        #expect(store.count == 1)
        #expect(store.insert(c) == .inserted)
        #expect(Set(store.all().map(\.id)) == [b.id, c.id])
        #expect(store.session(a.id) == nil)
    }

    @Test("a second session with a held id is not added: the first stays, the count is unchanged")
    func duplicateID() {
        let store = SessionStore(limit: 3)
        let first = session(1)
        let twin = Session(id: first.id, app: BuiltinApps.login, uptime: 0, idempotencyKeys: 4)
        #expect(store.insert(first) == .inserted)

        #expect(store.insert(twin) == .duplicateID)

        #expect(store.session(first.id) === first)
        #expect(store.count == 1)
        #expect(store.insert(session(2)) == .inserted && store.insert(session(3)) == .inserted)
        #expect(store.isFull)
    }

    @Test("ids of the service's form spread over every shard: 1,600 of them put 50 to 150 in each of the 16")
    func idsSpreadOverTheShards() {
        // The form RandomSessionIDs makes (128 bits, base64url), from a fixed sequence so the test is repeatable.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let ids = (0..<1_600).map { _ in Base64URL.encode128(high: next(), low: next()) }
        var perShard = [Int](repeating: 0, count: SessionStore.shardCount)
        for id in ids { perShard[SessionStore.shardIndex(of: id)] += 1 }

        #expect(SessionStore.shardCount == 16)
        #expect(perShard.allSatisfy { (50...150).contains($0) }, "sessions per shard: \(perShard)")
    }
}
