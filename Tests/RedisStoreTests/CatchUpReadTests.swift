import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

/// The read a copy that is behind catches up by: only what it missed, in one round trip.
@Suite("RedisSessionStore: a catch-up reads only the events and answers after the copy's", .redisServer())
struct CatchUpReadTests {
    static let t0 = WriteScript.t0

    /// A session at version 31 with an answer kept at versions 3, 6, ... 30 (sequences 1 ... 10), the first four
    /// dropped.
    private static func longSession(_ store: RedisSessionStore) throws -> String {
        let id = uniqueID("far-behind")
        try store.commit(.create(storedSession(id, at: t0)))
        for version in 2...31 {
            let sequence = version / 3
            let answer = version % 3 == 0 ? storedAnswer(id, sequence: sequence, version: version, size: version) : nil
            try store.commit(
                .append(
                    session: id, events: [storedEvent(id, version: version, at: t0 + Int64(version))], answer: answer,
                    dropAnswersThrough: answer != nil && sequence > 6 ? sequence - 6 : nil, at: t0 + Int64(version)))
        }
        return id
    }

    @Test("the events after the version and the answers after the sequence, with the summary, as one moment's read")
    func tail() throws {
        try withStore { store in
            let id = try Self.longSession(store)
            let whole = try #require(try store.log(of: id))
            #expect(whole.answers.map(\.sequence) == Array(5...10), "the setup kept the newest six answers")
            let before = store.statistics().roundTrips
            let tail = try #require(try store.log(of: id, after: 20, answersAfter: 7))
            #expect(store.statistics().roundTrips == before + 1, "summary, events and answers in one round trip")
            #expect(tail.session == whole.session)
            #expect(tail.events == whole.events.filter { $0.version > 20 })
            #expect(tail.events.map(\.version) == Array(21...31))
            #expect(tail.answers == whole.answers.filter { $0.sequence > 7 })
            #expect(tail.answers.map(\.sequence) == [8, 9, 10])
            // From the start it is the whole log; at the current version and sequence, nothing but the summary.
            #expect(try store.log(of: id, after: 1, answersAfter: 0) == whole)
            let current = try #require(try store.log(of: id, after: 31, answersAfter: 10))
            #expect(current.session == whole.session && current.events.isEmpty && current.answers.isEmpty)
            // A copy whose newest answer was dropped meanwhile gets those still kept after it.
            #expect(try store.log(of: id, after: 25, answersAfter: 2)?.answers.map(\.sequence) == Array(5...10))
        }
    }

    @Test("a session the store does not hold reads as nil")
    func missing() throws {
        try withStore { store in
            #expect(try store.log(of: uniqueID("nobody"), after: 3, answersAfter: 1) == nil)
            let id = try Self.longSession(store)
            try store.commit(.delete(session: id))
            #expect(try store.log(of: id, after: 3, answersAfter: 1) == nil)
        }
    }
}
