import Foundation
import Locking
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

@Suite("RedisSessionStore: two instances on one session", .redisServer())
struct SharingTests {
    static let t0 = WriteScript.t0

    @Test("two instances append expecting the same version at once: exactly one wins, the other learns the version to catch up to")
    func compareAndSet() throws {
        try withStore { first in
            try withStore { second in
                let rounds = 40
                let id = uniqueID("contested")
                try first.commit(.create(storedSession(id, at: Self.t0)))
                let outcomes = OutcomeLog()
                for round in 0..<rounds {
                    let version = round + 1
                    let start = DispatchSemaphore(value: 0)
                    let group = DispatchGroup()
                    for (name, store) in [("first", first), ("second", second)] {
                        group.enter()
                        Thread {
                            defer { group.leave() }
                            start.wait()
                            let event = storedEvent(id, version: version + 1, at: Self.t0, by: name)
                            let outcome = Result {
                                try store.append(
                                    session: id, events: [event], answer: storedAnswer(id, sequence: version, version: version + 1),
                                    dropAnswersThrough: nil, at: Self.t0, expecting: version)
                            }
                            outcomes.add(round: round, writer: name, outcome)
                        }.start()
                    }
                    start.signal()
                    start.signal()
                    group.wait()
                }
                let log = try #require(try first.log(of: id))
                #expect(log.session.version == rounds + 1)
                #expect(log.events.map(\.version) == Array(2...(rounds + 1)))
                #expect(log.answers.map(\.sequence) == Array(1...rounds), "one answer per version, the winner's")
                for round in 0..<rounds {
                    let results = outcomes.of(round: round)
                    let winners = results.filter { $0.outcome == .appended(version: round + 2) }
                    let losers = results.filter { $0.outcome == .conflict(current: round + 2) }
                    #expect(winners.count == 1 && losers.count == 1, "round \(round): \(results)")
                    if let winner = winners.first {
                        #expect(
                            log.events[round] == storedEvent(id, version: round + 2, at: Self.t0, by: winner.writer),
                            "the loser's event was kept")
                    }
                }
                let conflicts = first.statistics().conflicts + second.statistics().conflicts
                #expect(conflicts == rounds)
            }
        }
    }

    @Test("a conflict keeps nothing of the loser's change; after catching up it appends; a missing session says so")
    func conflictKeepsNothing() throws {
        try withStore { store in
            let id = uniqueID("behind")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            try commitEvent(store, id, version: 2, at: Self.t0 + 5)
            let before = try #require(try store.log(of: id))
            let stale = try store.append(
                session: id, events: [storedEvent(id, version: 2, at: Self.t0 + 9, by: "stale")],
                answer: storedAnswer(id, sequence: 1, version: 2), dropAnswersThrough: nil, at: Self.t0 + 9, expecting: 1)
            #expect(stale == .conflict(current: 2))
            #expect(try store.log(of: id) == before, "the refused append changed the record (answer, last access or events)")
            let missed = try store.events(of: id, after: 1)
            #expect(missed.map(\.version) == [2])
            let next = storedEvent(id, version: 3, at: Self.t0 + 10)
            #expect(
                try store.append(session: id, events: [next], answer: nil, dropAnswersThrough: nil, at: Self.t0 + 10, expecting: 2)
                    == .appended(version: 3))
            // Several events at once, and none at all (only an answer), both expecting the version.
            let batch = (4...6).map { storedEvent(id, version: $0, at: Self.t0 + 11) }
            #expect(
                try store.append(session: id, events: batch, answer: nil, dropAnswersThrough: nil, at: Self.t0 + 11, expecting: 3)
                    == .appended(version: 6))
            let answerOnly = try store.append(
                session: id, events: [], answer: storedAnswer(id, sequence: 1, version: 6), dropAnswersThrough: nil, at: Self.t0 + 12,
                expecting: 6)
            #expect(answerOnly == .appended(version: 6))
            #expect(try store.log(of: id)?.answers.map(\.version) == [6])
            expectStoreError(.unavailable, containing: "another ribsd") { try commitEvent(store, id, version: 5, at: Self.t0 + 13) }
            #expect(
                try store.append(session: uniqueID("nobody"), events: [], answer: nil, dropAnswersThrough: nil, at: 0, expecting: 1)
                    == .missing)
        }
    }

    @Test("pub/sub: an instance subscribed to a session hears every version another instance appends, in order")
    func notifications() throws {
        try withStore { watcher in
            try withStore { writer in
                let heard = Heard()
                watcher.observeAppends { heard.add($0, $1) }
                let id = uniqueID("watched"), other = uniqueID("unwatched")
                try writer.commit(.create(storedSession(id, at: Self.t0)))
                try writer.commit(.create(storedSession(other, at: Self.t0)))
                watcher.subscribe(id)
                // Once the subscription is in force the watcher is told where the session is.
                #expect(heard.waitFor(id, toReach: 1) == [1])
                for version in 2...21 { try commitEvent(writer, id, version: version, at: Self.t0) }
                try commitEvent(writer, other, version: 2, at: Self.t0)
                let batch = (22...24).map { storedEvent(id, version: $0, at: Self.t0) }
                _ = try writer.append(session: id, events: batch, answer: nil, dropAnswersThrough: nil, at: Self.t0, expecting: 21)
                #expect(heard.waitFor(id, toReach: 24) == Array(1...21) + [24], "a batch is heard once, at its last version")
                #expect(heard.versions(of: other).isEmpty, "heard a session it never subscribed to")
                // Unsubscribed, it hears nothing more; subscribed again, it is told where the session is now.
                watcher.unsubscribe(id)
                Thread.sleep(forTimeInterval: 0.2)
                try commitEvent(writer, id, version: 25, at: Self.t0)
                Thread.sleep(forTimeInterval: 0.2)
                #expect(heard.versions(of: id).last == 24, "heard an append after unsubscribing")
                watcher.subscribe(id)
                #expect(heard.waitFor(id, toReach: 25).last == 25)
                try commitEvent(writer, id, version: 26, at: Self.t0)
                #expect(heard.waitFor(id, toReach: 26).suffix(2) == [25, 26])
            }
        }
    }

    @Test("many sessions subscribed at once each hear their own appends")
    func manySubscriptions() throws {
        try withStore { watcher in
            try withStore { writer in
                let heard = Heard()
                watcher.observeAppends { heard.add($0, $1) }
                let ids = (0..<30).map { uniqueID("many-\($0)") }
                for id in ids { try writer.commit(.create(storedSession(id, at: Self.t0))) }
                for id in ids { watcher.subscribe(id) }
                for id in ids { heard.waitFor(id, toReach: 1) }
                for (index, id) in ids.enumerated() {
                    for version in 2...(2 + index % 3) { try commitEvent(writer, id, version: version, at: Self.t0) }
                }
                for (index, id) in ids.enumerated() {
                    #expect(heard.waitFor(id, toReach: 2 + index % 3) == Array(1...(2 + index % 3)), "\(id)")
                }
            }
        }
    }
}

/// Each writer's outcome per round, from the writers' threads.
final class OutcomeLog: Sendable {
    struct Entry: Sendable, CustomStringConvertible {
        let round: Int
        let writer: String
        let outcome: AppendOutcome?
        let error: String?

        var description: String { "\(writer): \(outcome.map { "\($0)" } ?? error ?? "")" }
    }

    private let entries = Lock<[Entry]>([])

    func add(round: Int, writer: String, _ result: Result<AppendOutcome, any Error>) {
        let entry =
            switch result {
            case let .success(outcome): Entry(round: round, writer: writer, outcome: outcome, error: nil)
            case let .failure(error): Entry(round: round, writer: writer, outcome: nil, error: "\(error)")
            }
        entries.withLock { $0.append(entry) }
    }

    func of(round: Int) -> [Entry] {
        entries.withLock { $0.filter { $0.round == round } }
    }
}
