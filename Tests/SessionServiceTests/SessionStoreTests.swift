import BuiltinApps
import Dispatch
@testable import SessionService
import Testing

@Suite("SessionStore: sharded by id, one limit across the shards")
struct SessionStoreTests {
    private func session(_ number: Int) -> Session {
        // Ids end in every base64url character, so every shard gets some.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return Session(id: "s\(number)-\(alphabet[number % alphabet.count])", app: BuiltinApps.login, now: 0, idempotencyKeys: 4)
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

    @Test("removing frees a place; removing again or an unknown id changes nothing")
    func removeFreesAPlace() {
        let store = SessionStore(limit: 2)
        let (a, b, c) = (session(1), session(2), session(3))
        #expect(store.insert(a) && store.insert(b))
        #expect(store.insert(c) == false)

        #expect(store.remove(a.id) === a)
        #expect(store.remove(a.id) == nil)
        #expect(store.remove("no-such-id") == nil)
        #expect(store.count == 1)
        #expect(store.insert(c))
        #expect(Set(store.all().map(\.id)) == [b.id, c.id])
        #expect(store.session(a.id) == nil)
    }
}
