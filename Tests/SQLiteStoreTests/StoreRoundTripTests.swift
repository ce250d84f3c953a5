import Foundation
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import SQLiteStore

@Suite("SQLiteSessionStore: what is committed comes back")
struct StoreRoundTripTests {
    static let t0 = WriteScript.t0

    /// Expects `store` to hold exactly `logs`, and nothing of `gone`.
    static func expectHolds(_ store: SQLiteSessionStore, _ logs: [String: StoredLog], gone: [String]) throws {
        let sessions = try store.sessions().sorted { $0.id < $1.id }
        #expect(sessions == logs.values.map(\.session).sorted { $0.id < $1.id })
        for (id, expected) in logs {
            let log = try #require(try store.log(of: id), "no log of \(id)")
            #expect(log.session == expected.session)
            #expect(log.events.map(\.version) == expected.events.map(\.version), "events out of order or missing")
            #expect(log.events == expected.events, "event bytes or times differ")
            #expect(log.answers.map(\.sequence) == expected.answers.map(\.sequence), "answers kept or dropped wrongly")
            #expect(log.answers == expected.answers, "answer bytes differ")
        }
        for id in gone { #expect(try store.log(of: id) == nil, "\(id) should not be stored") }
    }

    @Test("create, append (with and without answers, dropping), remember, delete: sessions() and log(of:) give back exactly that")
    func roundTrip() throws {
        try withTemporaryDirectory { directory in
            try withStore(directory) { store in
                let script = try WriteScript(store)
                try Self.expectHolds(store, script.logs, gone: script.gone)
                let statistics = store.statistics()
                #expect(statistics.records == WriteScript.changes, "4 creations, 5 appends, 1 remember, 1 deletion")
                #expect(statistics.errors == 0)
                #expect(statistics.commits >= 1 && statistics.commits <= statistics.records)
                #expect(statistics.latencyCounts.reduce(0, +) == statistics.commits)
            }
        }
    }

    @Test("a store closed and opened again on the same folder holds the same; the file is ribsd's, in WAL mode")
    func reopen() throws {
        try withTemporaryDirectory { directory in
            let (logs, gone) = try withStore(directory) { store in
                let script = try WriteScript(store)
                return (script.logs, script.gone)
            }
            try withStore(directory) { store in
                try Self.expectHolds(store, logs, gone: gone)
                #expect(store.statistics() == StoreStatistics(), "a fresh process has done nothing yet")
            }
            // Once more, after a write in the second life: the reopened store writes to the same tables.
            let extra = storedEvent("session-b", version: 2, at: Self.t0 + 99)
            try withStore(directory) { store in
                try store.commit(.append(session: "session-b", events: [extra], answer: nil, dropAnswersThrough: nil, at: Self.t0 + 99))
            }
            try withStore(directory) { store in
                let log = try #require(try store.log(of: "session-b"))
                #expect(log.events == [extra])
                #expect(log.session.version == 2 && log.session.lastAccessAt == Self.t0 + 99)
                #expect(try store.log(of: "session-a") == logs["session-a"])
            }
            let database = try SQLiteDatabase(path: databasePath(directory), readOnly: true)
            let application = try database.integer("PRAGMA application_id"), schema = try database.integer("PRAGMA user_version")
            #expect(application == SQLiteSessionStore.applicationID)
            #expect(schema == SQLiteSessionStore.schemaVersion)
            let header = try fileBytes(databasePath(directory))
            #expect(header[18] == 2 && header[19] == 2, "WAL mode is recorded in the header (bytes 18, 19)")
        }
    }

    @Test("group commit: 16 threads × 200 appends to their own sessions are all committed, in fewer transactions")
    func groupCommit() throws {
        let threads = 16, appends = 200
        try withTemporaryDirectory { directory in
            try withStore(directory) { store in
                let failures = Failures()
                @Sendable func commitAll(_ thread: Int) {
                    let id = "thread-\(thread)"
                    do {
                        try store.commit(.create(storedSession(id, at: Self.t0)))
                        for version in 2...(appends + 1) {
                            let event = storedEvent(id, version: version, at: Self.t0 + Int64(version))
                            let answer = version % 3 == 0 ? storedAnswer(id, sequence: version, version: version) : nil
                            try store.commit(.append(session: id, events: [event], answer: answer, dropAnswersThrough: nil, at: event.at))
                        }
                    } catch {
                        failures.add("\(id): \(error)")
                    }
                }
                // Threads of their own, not `concurrentPerform`: that runs as many at once as there are cores,
                // and on two cores each commit would find the writer with nothing else to batch.
                let group = DispatchGroup()
                for thread in 0..<threads {
                    group.enter()
                    Thread {
                        defer { group.leave() }
                        commitAll(thread)
                    }.start()
                }
                group.wait()
                #expect(failures.all.isEmpty, "\(failures.all)")
                for thread in 0..<threads {
                    let id = "thread-\(thread)"
                    let log = try #require(try store.log(of: id))
                    #expect(log.events.map(\.version) == Array(2...(appends + 1)), "\(id)'s events")
                    #expect(log.events.last == storedEvent(id, version: appends + 1, at: Self.t0 + Int64(appends + 1)))
                    #expect(log.session.version == appends + 1)
                    #expect(log.answers.count == (2...(appends + 1)).count { $0 % 3 == 0 })
                }
                let statistics = store.statistics()
                #expect(statistics.records == threads * (appends + 1), "every change counted once")
                #expect(statistics.commits * 2 <= statistics.records, "little batching: \(statistics.commits) commits")
                #expect(statistics.errors == 0)
            }
        }
    }

    @Test("touch keeps the latest time per session, is written soon and by close, and never moves the stored time back")
    func touch() throws {
        try withTemporaryDirectory { directory in
            try withStore(directory) { store in
                try store.commit(.create(storedSession("touched", at: Self.t0)))
                try store.commit(.create(storedSession("left", at: Self.t0)))
                store.touch("touched", atMilliseconds: Self.t0 + 500)
                store.touch("touched", atMilliseconds: Self.t0 + 900)
                store.touch("touched", atMilliseconds: Self.t0 + 700)
                store.touch("unknown", atMilliseconds: Self.t0 + 900)
                // Written while idle, without any commit to carry it (the writer's idle wake is a second).
                let deadline = Date().addingTimeInterval(10)
                while try lastAccess(store, "touched") != Self.t0 + 900 && Date() < deadline { usleep(20_000) }
                #expect(try lastAccess(store, "touched") == Self.t0 + 900, "the latest of the three touches")
                #expect(try lastAccess(store, "left") == Self.t0)
                #expect(try store.sessions().count == 2, "a touch makes no session")
                // An older touch after a newer one stored changes nothing; a newer one is flushed by close.
                store.touch("touched", atMilliseconds: Self.t0 + 100)
                store.touch("left", atMilliseconds: Self.t0 + 2000)
            }
            try withStore(directory) { (store: SQLiteSessionStore) throws in
                #expect(try lastAccess(store, "touched") == Self.t0 + 900)
                #expect(try lastAccess(store, "left") == Self.t0 + 2000, "close wrote the pending touch")
                #expect(try store.log(of: "touched")?.session.version == 1, "a touch is not an event")
            }
        }
    }

    @Test("checkReady answers on an open store, before and after writes")
    func checkReady() throws {
        try withTemporaryDirectory { directory in
            try withStore(directory) { store in
                #expect(throws: Never.self) { try store.checkReady() }
                try store.commit(.create(storedSession("ready", at: Self.t0)))
                #expect(throws: Never.self) { try store.checkReady() }
                #expect(store.statistics().errors == 0)
            }
        }
    }

    private func lastAccess(_ store: SQLiteSessionStore, _ id: String) throws -> Int64? {
        try store.sessions().first { $0.id == id }?.lastAccessAt
    }
}

/// Errors seen on other threads, collected for the test's thread.
final class Failures: @unchecked Sendable {
    // @unchecked: `list` is only touched under `lock`.
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ failure: String) { lock.withLock { list.append(failure) } }
    var all: [String] { lock.withLock { list } }
}
