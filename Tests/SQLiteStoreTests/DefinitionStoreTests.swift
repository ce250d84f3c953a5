import Foundation
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import SQLiteStore

/// Definitions kept once by digest beside the sessions that name them, and the migration of a schema 1 file
/// (from before they were kept).
@Suite("SQLiteSessionStore: definitions, and schema 1 migrated")
struct DefinitionStoreTests {
    static let t0: Int64 = 1_700_000_000_000
    static let first = StoredDefinition(digest: String(repeating: "a1", count: 32), bytes: bytes(#"{"id":"one"}"#, [0, 255]))
    static let second = StoredDefinition(digest: String(repeating: "b2", count: 32), bytes: bytes(#"{"id":"two"}"#))

    /// A stored session at version 1 that names `definition`.
    static func session(_ id: String, definition: String?) -> StoredSession {
        StoredSession(
            id: id, app: "one", createdAt: t0, lastAccessAt: t0, version: 1, stateDigest: bytes("digest-\(id)"), definition: definition)
    }

    @Test("a definition is kept once under its digest and sessions name it, across restarts; one no session names goes at the next open")
    func roundTrip() throws {
        try withTemporaryDirectory { directory in
            try withStore(directory) { store in
                try store.keepDefinition(Self.first)
                // Content-addressed: other bytes under a digest kept already change nothing.
                try store.keepDefinition(StoredDefinition(digest: Self.first.digest, bytes: bytes("other")))
                try store.keepDefinition(Self.second)
                try store.commit(.create(Self.session("named", definition: Self.first.digest)))
                try store.commit(.create(Self.session("twin", definition: Self.first.digest)))
                try store.commit(.create(Self.session("plain", definition: nil)))
                #expect(try store.definition(Self.first.digest) == Self.first)
                #expect(try store.definition(Self.second.digest) == Self.second)
                #expect(try store.definition(String(repeating: "0", count: 64)) == nil)
                #expect(try store.log(of: "named")?.session == Self.session("named", definition: Self.first.digest))
                #expect(try store.log(of: "plain")?.session.definition == nil)
            }
            try withStore(directory) { store in
                #expect(try store.definition(Self.first.digest) == Self.first)
                #expect(try store.definition(Self.second.digest) == nil, "no session names it: dropped at the open")
                let named = try store.sessions().sorted { $0.id < $1.id }.map(\.definition)
                #expect(named == [Self.first.digest, nil, Self.first.digest])
                try store.commit(.delete(session: "named"))
            }
            try withStore(directory) { store in
                #expect(try store.definition(Self.first.digest) == Self.first, "`twin` still names it")
                try store.commit(.delete(session: "twin"))
            }
            try withStore(directory) { (store: SQLiteSessionStore) throws in
                #expect(try store.definition(Self.first.digest) == nil)
                #expect(try store.sessions().map(\.id) == ["plain"])
            }
            let database = try SQLiteDatabase(path: databasePath(directory), readOnly: true)
            #expect(try database.integer("SELECT count(*) FROM definitions") == 0)
        }
    }

    @Test("a file of schema 1 opens and migrates to 2: its sessions read back as they were, naming no definition")
    func migratesSchemaOne() throws {
        try withTemporaryDirectory { directory in
            let path = databasePath(directory)
            let event = storedEvent("old", version: 2, at: Self.t0 + 1)
            let answer = storedAnswer("old", sequence: 1, version: 2)
            try runSQL(path, Self.schemaOne)
            try runSQL(
                path,
                """
                INSERT INTO sessions VALUES ('old', 'login', \(Self.t0), \(Self.t0 + 1), 2, x'\(hex(event.stateDigest))');
                INSERT INTO events VALUES ('old', 2, x'\(hex(event.event))', \(Self.t0 + 1), x'\(hex(event.stateDigest))');
                INSERT INTO answers VALUES ('old', 1, x'\(hex(answer.key))', x'\(hex(answer.bodyDigest))', 2, x'\(hex(answer.body))');
                """)
            let expected = StoredLog(
                session: StoredSession(
                    id: "old", app: "login", createdAt: Self.t0, lastAccessAt: Self.t0 + 1, version: 2, stateDigest: event.stateDigest),
                events: [event], answers: [answer])
            try withStore(directory) { store in
                #expect(try store.log(of: "old") == expected)
                #expect(try store.sessions() == [expected.session])
                try store.keepDefinition(Self.first)
                try store.commit(.create(Self.session("new", definition: Self.first.digest)))
            }
            try withStore(directory) { (store: SQLiteSessionStore) throws in
                #expect(try store.log(of: "old") == expected)
                #expect(try store.log(of: "new")?.session.definition == Self.first.digest)
                #expect(try store.definition(Self.first.digest) == Self.first)
            }
            let database = try SQLiteDatabase(path: path, readOnly: true)
            #expect(try database.integer("PRAGMA user_version") == 2)
        }
    }

    @Test("a schema 2 file without its definitions table is refused as damaged, and left as it was")
    func missingDefinitionsTable() throws {
        try withTemporaryDirectory { directory in
            try withStore(directory) { store in try store.commit(.create(storedSession("s", at: Self.t0))) }
            try runSQL(databasePath(directory), "DROP TABLE definitions")
            let before = try fileBytes(databasePath(directory))
            #expect {
                try openStore(directory)
            } throws: { error in
                (error as? StoreError)?.kind == .unusable && "\(error)".contains("definitions table is missing")
            }
            #expect(try fileBytes(databasePath(directory)) == before)
        }
    }

    /// Schema 1 as the previous ribsd made it: its tables, its application id, its version.
    static let schemaOne = """
        PRAGMA journal_mode = WAL;
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            app TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            last_access_at INTEGER NOT NULL,
            version INTEGER NOT NULL,
            state_digest BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE events (
            session TEXT NOT NULL,
            version INTEGER NOT NULL,
            event BLOB NOT NULL,
            at INTEGER NOT NULL,
            state_digest BLOB NOT NULL,
            PRIMARY KEY (session, version)
        ) WITHOUT ROWID;
        CREATE TABLE answers (
            session TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            key BLOB NOT NULL,
            body_digest BLOB NOT NULL,
            version INTEGER NOT NULL,
            body BLOB NOT NULL,
            PRIMARY KEY (session, sequence)
        ) WITHOUT ROWID;
        PRAGMA application_id = \(SQLiteSessionStore.applicationID);
        PRAGMA user_version = 1;
        """

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
