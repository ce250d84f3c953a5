import Foundation
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import SQLiteStore

@Suite("SQLiteSessionStore: what it refuses, and what it leaves as it was")
struct StoreRefusalTests {
    static let t0: Int64 = 1_700_000_000_000

    @Test("a second store on a claimed folder is refused as in use (naming the holder); released, the folder opens again")
    func secondStore() throws {
        try withTemporaryDirectory { directory in
            try withStore(directory) { first in
                try first.commit(.create(storedSession("held", at: Self.t0)))
                expectStoreError(.unusable, containing: "in use") { _ = try SQLiteSessionStore(directory: directory) }
                expectStoreError(.unusable, containing: "pid \(getpid())") { _ = try SQLiteSessionStore(directory: directory) }
                // The refused open took nothing from the holder.
                try first.commit(.create(storedSession("still-writing", at: Self.t0)))
            }
            try withStore(directory) { (store: SQLiteSessionStore) throws in
                #expect(try store.sessions().map(\.id).sorted() == ["held", "still-writing"])
            }
        }
    }

    @Test("a store closed and released lets its folder go at once, its WAL folded into the file")
    func releasedOnClose() throws {
        try withTemporaryDirectory { directory in
            // Each round opens right after the last let go: a writer thread that held on would be `in use`.
            for round in 0..<20 {
                try withStore(directory) { try $0.commit(.create(storedSession("round-\(round)", at: Self.t0))) }
                #expect(!FileManager.default.fileExists(atPath: databasePath(directory) + "-wal"), "round \(round): WAL left")
            }
            try withStore(directory) { (store: SQLiteSessionStore) throws in #expect(try store.sessions().count == 20) }
        }
    }

    @Test("a data dir that is a file, not a folder, is refused")
    func notADirectory() throws {
        try withTemporaryDirectory { directory in
            let file = directory + "/plain-file"
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            expectStoreError(.unusable, containing: "not a directory") { _ = try SQLiteSessionStore(directory: file) }
        }
    }

    /// Puts `make`'s file where the store looks, then expects the open to be refused with `text`, and the file
    /// byte-identical afterwards.
    func expectRefused(containing text: String, sourceLocation: SourceLocation = #_sourceLocation, _ make: (String) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let path = databasePath(directory)
            try make(directory)
            let before = try fileBytes(path)
            try #require(!before.isEmpty, sourceLocation: sourceLocation)
            // Twice: the refused open let the folder go, so the second is refused for the file again, not as in use.
            for _ in 0..<2 {
                expectStoreError(.unusable, containing: text, sourceLocation: sourceLocation) {
                    _ = try SQLiteSessionStore(directory: directory)
                }
                #expect(try fileBytes(path) == before, "a refused open changed the file", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("random bytes are refused as not SQLite, and left as they were")
    func randomBytes() throws {
        try expectRefused(containing: "not an SQLite file") { directory in
            var generator = SystemRandomNumberGenerator()
            let noise = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(noise).write(to: URL(fileURLWithPath: databasePath(directory)))
        }
    }

    @Test("another program's SQLite file is refused, and left as it was")
    func foreignSQLite() throws {
        try expectRefused(containing: "another program's SQLite file") { directory in
            try runSQL(
                databasePath(directory),
                """
                CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);
                INSERT INTO notes (text) VALUES ('keep me'), ('and me');
                PRAGMA user_version = 7;
                """)
        }
    }

    @Test("an SQLite file with no tables and no application id is refused as another program's")
    func emptySQLite() throws {
        try expectRefused(containing: "another program's SQLite file") { directory in
            try runSQL(databasePath(directory), "CREATE TABLE t (x); DROP TABLE t;")
        }
    }

    @Test("a ribsd file cut short is refused as truncated, and left as it was")
    func truncated() throws {
        try expectRefused(containing: "truncated") { directory in
            try withStore(directory) { store in
                try store.commit(.create(storedSession("long", at: Self.t0)))
                for version in 2...40 {
                    try store.commit(
                        .append(
                            session: "long", events: [storedEvent("long", version: version, at: Self.t0, size: 2000)],
                            answer: nil, dropAnswersThrough: nil, at: Self.t0))
                }
            }
            // The store is released: its connections checkpointed the WAL into the file and removed it.
            let path = databasePath(directory)
            let whole = try fileBytes(path)
            try #require(whole.count >= 16 * 4096, "the file holds \(whole.count) bytes")
            try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: path))
        }
    }

    @Test("a ribsd file of a newer schema (user_version 99) is refused, and left as it was")
    func newerSchema() throws {
        try expectRefused(containing: "has schema 99, newer than this ribsd's \(SQLiteSessionStore.schemaVersion)") { directory in
            try withStore(directory) { store in try store.commit(.create(storedSession("future", at: Self.t0))) }
            try runSQL(databasePath(directory), "PRAGMA user_version = 99")
        }
    }

    @Test("maxBytes: a full store refuses the change (.unavailable) and keeps none of it; deleting makes room again")
    func full() throws {
        try withTemporaryDirectory { directory in
            try withStore(directory, maxBytes: 65536) { store in
                let fillers = ["filler-0", "filler-1"]
                for id in fillers { try store.commit(.create(storedSession(id, at: Self.t0))) }
                var versions = [1, 1]
                var failure: (index: Int, change: StoreChange, error: StoreError)?
                // Alternate between the two so that, once one fails, the other can be deleted to make room.
                for step in 0..<200 where failure == nil {
                    let index = step % 2, id = fillers[index], version = versions[index] + 1
                    let change = StoreChange.append(
                        session: id, events: [storedEvent(id, version: version, at: Self.t0 + Int64(step))],
                        answer: storedAnswer(id, sequence: version, version: version, size: 3000), dropAnswersThrough: nil,
                        at: Self.t0 + Int64(step))
                    do {
                        try store.commit(change)
                        versions[index] = version
                    } catch let error as StoreError {
                        failure = (index, change, error)
                    }
                }
                let (index, change, error) = try #require(failure, "64 KiB never filled up")
                #expect(error.kind == .unavailable, "a full store is a retry-later matter: \(error.message)")
                #expect(error.message.contains("full"), "\(error.message)")
                #expect(store.statistics().errors >= 1)
                let id = fillers[index]
                let log = try #require(try store.log(of: id))
                #expect(log.session.version == versions[index], "the failed append moved the summary")
                #expect(log.events.last?.version == versions[index], "the failed append's event was kept")
                #expect(log.answers.last?.version == versions[index], "the failed append's answer was kept")
                // Full stays full for the same change; room made by a deletion takes it.
                expectStoreError(.unavailable, containing: "full") { try store.commit(change) }
                try store.commit(.delete(session: fillers[1 - index]))
                try store.commit(change)
                let after = try #require(try store.log(of: id))
                #expect(after.session.version == versions[index] + 1)
                #expect(after.events.count == versions[index], "versions 2 through the retried one")
                #expect(try store.log(of: fillers[1 - index]) == nil)
                #expect(throws: Never.self) { try store.checkReady() }
            }
        }
    }

    @Test("a store filled to its cap by many sessions can be emptied: every deletion is taken, in any order")
    func emptiedWhenFull() throws {
        try withTemporaryDirectory { directory in
            try withStore(directory, maxBytes: 65536) { store in
                // Many sessions with long ids and small events fill the tables' B-trees with interior pages, where
                // removing a cell can need a page before it frees any.
                var ids: [String] = []
                var full = false
                for index in 0..<2000 where !full {
                    let id = "session-\(index)-" + String(repeating: "x", count: 120)
                    let event = storedEvent(id, version: 2, at: Self.t0, size: 200)
                    do {
                        try store.commit(.create(storedSession(id, at: Self.t0), events: [event]))
                        ids.append(id)
                    } catch {
                        full = true
                    }
                }
                #expect(full, "64 KiB never filled up")
                var generator = SystemRandomNumberGenerator()
                for id in ids.shuffled(using: &generator) {
                    #expect(throws: Never.self, "deleting \(id.prefix(16)) on a full store") { try store.commit(.delete(session: id)) }
                }
                #expect(try store.sessions().isEmpty)
                try store.commit(.create(storedSession("after", at: Self.t0)))
            }
        }
    }

    @Test("a touch taken in the same batch as a change that fails is still written")
    func touchBesideAFailure() throws {
        try withTemporaryDirectory { directory in
            try withStore(directory, maxBytes: 65536) { store in
                try store.commit(.create(storedSession("used", at: Self.t0)))
                var version = 1
                var refused: StoreChange?
                for _ in 0..<200 where refused == nil {
                    let change = StoreChange.append(
                        session: "used", events: [storedEvent("used", version: version + 1, at: Self.t0)],
                        answer: storedAnswer("used", sequence: version + 1, version: version + 1, size: 3000), dropAnswersThrough: nil,
                        at: Self.t0)
                    do {
                        try store.commit(change)
                        version += 1
                    } catch {
                        refused = change
                    }
                }
                let change = try #require(refused, "64 KiB never filled up")
                // The writer is idle: the touch waits for the next change, and rides in its batch.
                store.touch("used", atMilliseconds: Self.t0 + 5000)
                #expect(throws: StoreError.self) { try store.commit(change) }
            }
            try withStore(directory) { (store: SQLiteSessionStore) throws in
                #expect(try store.sessions().first?.lastAccessAt == Self.t0 + 5000, "the touch was lost with the failed batch")
            }
        }
    }

    @Test("a change committed after close is refused as unavailable, and the store stays readable")
    func afterClose() throws {
        try withTemporaryDirectory { directory in
            let store = try openStore(directory)
            try store.commit(.create(storedSession("closed", at: Self.t0)))
            store.close()
            expectStoreError(.unavailable, containing: "closing") { try store.commit(.delete(session: "closed")) }
            #expect(try store.sessions().map(\.id) == ["closed"], "the refused deletion did nothing")
        }
    }

    @Test("a folder renamed away while open: commits and readiness are refused as unavailable, naming the file; renamed back, both go on")
    func renamedAway() throws {
        try withTemporaryDirectory { parent in
            let directory = parent + "/data", away = parent + "/away"
            try withStore(directory) { store in
                try store.commit(.create(storedSession("kept", at: Self.t0)))
                try FileManager.default.moveItem(atPath: directory, toPath: away)
                let change = StoreChange.create(storedSession("refused", at: Self.t0))
                expectStoreError(.unavailable, containing: "sessions.sqlite3 was removed, renamed or replaced") { try store.commit(change) }
                expectStoreError(.unavailable, containing: "was removed, renamed or replaced") { try store.checkReady() }
                #expect(store.statistics().errors >= 2)
                try FileManager.default.moveItem(atPath: away, toPath: directory)
                try store.checkReady()
                try store.commit(.create(storedSession("after", at: Self.t0)))
            }
            try withStore(directory) { (store: SQLiteSessionStore) throws in
                #expect(try store.sessions().map(\.id).sorted() == ["after", "kept"], "the refused creation was written")
            }
        }
    }
}
