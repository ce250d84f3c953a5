import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

/// A `DELETE` with a precondition, as a compare-and-set on the version inside Redis.
@Suite("RedisSessionStore: a deletion expecting a version", .redisServer())
struct ConditionalDeleteTests {
    static let t0 = WriteScript.t0

    @Test("another version refuses it and keeps everything; the version expected deletes every key; a missing session says so")
    func expecting() throws {
        try withStore { store in
            let id = uniqueID("deleted")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            try store.commit(
                .append(
                    session: id, events: [storedEvent(id, version: 2, at: Self.t0 + 1)], answer: storedAnswer(id, sequence: 1, version: 2),
                    dropAnswersThrough: nil, at: Self.t0 + 1))
            let before = try #require(try store.log(of: id))
            #expect(try store.delete(session: id, expecting: 1) == .conflict(current: 2))
            #expect(try store.log(of: id) == before, "a refused deletion changed the record")
            #expect(store.statistics().conflicts == 1)
            let roundTrips = store.statistics().roundTrips
            #expect(try store.delete(session: id, expecting: 2) == .appended(version: 2))
            #expect(store.statistics().roundTrips <= roundTrips + 2, "one script call (two when the server must learn it)")
            #expect(try store.log(of: id) == nil)
            #expect(try store.storedVersion(of: id) == nil)
            let keys = SessionKeys(id)
            let left = try store.client.call { (connection: RedisConnection) throws(RedisError) in
                try connection.send(RedisCommand("EXISTS", keys.meta, keys.events, keys.answers)).integer()
            }
            #expect(left == 0, "keys left behind")
            #expect(try store.delete(session: id, expecting: 2) == .missing)
        }
    }
}
