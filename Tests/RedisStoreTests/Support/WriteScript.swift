import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

/// The shared script (StoreRecordFixtures) on a Redis store, which the other tests share: its ids unique.
extension WriteScript {
    init(_ store: RedisSessionStore) throws {
        try self.init(store, name: uniqueID)
    }

    /// Expects `store` to hold exactly the logs, and nothing of the gone ids.
    func expectHeld(by store: RedisSessionStore) throws {
        let listed = Dictionary(uniqueKeysWithValues: try store.sessions().map { ($0.id, $0) })
        for (id, expected) in logs {
            #expect(listed[id] == expected.session, "sessions() lists \(id) as \(String(describing: listed[id]))")
            let log = try #require(try store.log(of: id), "no log of \(id)")
            #expect(log.session == expected.session)
            #expect(log.events.map(\.version) == expected.events.map(\.version), "events out of order or missing")
            #expect(log.events == expected.events, "event bytes or times differ")
            #expect(log.answers.map(\.sequence) == expected.answers.map(\.sequence), "answers kept or dropped wrongly")
            #expect(log.answers == expected.answers, "answer bytes differ")
        }
        for id in gone {
            #expect(listed[id] == nil, "sessions() lists \(id)")
            #expect(try store.log(of: id) == nil, "\(id) should not be stored")
        }
    }
}
