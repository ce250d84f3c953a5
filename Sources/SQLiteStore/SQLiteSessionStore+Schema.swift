import CSQLite
import Foundation
import SessionStorage

extension SQLiteSessionStore {
    /// `PRAGMA application_id` of a ribsd database ("ribs"): tells ribsd's files from other SQLite files.
    static let applicationID: Int64 = 0x7269_6273
    /// The schema this binary writes (`PRAGMA user_version`). A newer file is refused; an older one is
    /// migrated, one step per version, each in a transaction.
    static let schemaVersion: Int64 = 2

    /// Each migration takes the schema from version N to N + 1 (index N - 1).
    static let migrations: [String] = [
        // 1 to 2: declared apps' definitions, kept once each, and the one each session was created with. A
        // session of version 1 names none, and replays with the app loaded under its id, as it did.
        """
        ALTER TABLE sessions ADD COLUMN definition TEXT;
        \(createDefinitions)
        """
    ]

    /// Definitions by digest (`StoredDefinition`): one row per distinct definition, whatever number of sessions
    /// names it.
    static let createDefinitions = """
        CREATE TABLE definitions (
            digest TEXT PRIMARY KEY,
            bytes BLOB NOT NULL
        ) WITHOUT ROWID;
        """

    static let createSchema = """
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            app TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            last_access_at INTEGER NOT NULL,
            version INTEGER NOT NULL,
            state_digest BLOB NOT NULL,
            definition TEXT
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
        \(createDefinitions)
        """

    /// Checks an existing file before anything writes to it: SQLite at all, whole, ribsd's, and a schema this
    /// binary knows. Returns its schema version. A file that fails is left exactly as it was.
    static func inspect(_ path: String) throws(StoreError) -> Int64 {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError(.unusable, "\(path) cannot be read")
        }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.close()
        let magic = Array("SQLite format 3\0".utf8)
        guard header.count == 100, Array(header.prefix(16)) == magic else {
            throw StoreError(.unusable, "\(path) is not a ribsd database (not an SQLite file)")
        }
        // The header's page count is to be trusted when its "valid for" counter matches the change counter.
        let bytes = Array(header)
        func word(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        let rawPageSize = UInt32(bytes[16]) << 8 | UInt32(bytes[17])
        let pageSize = rawPageSize == 1 ? 65536 : UInt64(rawPageSize)
        let truncated = StoreError(
            .unusable, "\(path) is truncated: its header counts \(word(28)) pages of \(pageSize) bytes, the file holds \(size) bytes")
        let short = word(92) == word(24) && UInt64(word(28)) * pageSize > size
        // A checkpoint copies the WAL into the file from page 1 up, and page 1 already counts the final size: one
        // killed midway leaves the file shorter than its header, the missing pages still in the WAL. With a WAL,
        // SQLite's own check (below) decides.
        let walBytes = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? UInt64) ?? 0
        if short && walBytes == 0 { throw truncated }
        do {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            let application = try database.integer("PRAGMA application_id") ?? 0
            guard application == applicationID else {
                throw StoreError(.unusable, "\(path) is not a ribsd database (another program's SQLite file)")
            }
            let version = try database.integer("PRAGMA user_version") ?? 0
            guard version <= schemaVersion else {
                throw StoreError(.unusable, "\(path) has schema \(version), newer than this ribsd's \(schemaVersion): run a newer ribsd")
            }
            guard version >= 1 else { throw StoreError(.unusable, "\(path) is not a ribsd database (no schema)") }
            let tables = try database.integer(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('sessions', 'events', 'answers')")
            guard tables == 3 else { throw StoreError(.unusable, "\(path) is damaged: ribsd's tables are missing") }
            if version >= 2 {
                let definitions = try database.integer("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'definitions'")
                guard definitions == 1 else { throw StoreError(.unusable, "\(path) is damaged: its definitions table is missing") }
            }
            if short {
                let check = try database.prepare("PRAGMA quick_check")
                guard try check.step(), check.text(0) == "ok" else { throw truncated }
            }
            return version
        } catch {
            throw unusable(error, "\(path) cannot be used")
        }
    }

    /// `error` as a refusal of the file: a `StoreError` as it is, anything else (SQLite's) after `context`.
    static func unusable(_ error: any Error, _ context: String) -> StoreError {
        error as? StoreError ?? StoreError(.unusable, "\(context): \(error)")
    }

    /// Makes a new database at `path`: under another name first, renamed once its schema is in, so that a
    /// crash during a first start leaves no half-made file to refuse at the next.
    static func createFile(_ path: String) throws(SQLiteError) {
        let temporary = path + ".new"
        do {
            let database = try SQLiteDatabase(path: temporary, create: true)
            try create(database)
        }
        guard rename(temporary, path) == 0 else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot rename \(temporary) to \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes what a first start that crashed before its database was made left (`createFile`).
    static func removeUnfinished(_ path: String) {
        for leftover in ["", "-journal", "-wal", "-shm"] { unlink(path + ".new" + leftover) }
    }

    /// Makes a new database's schema (in WAL mode, with room handed back incrementally).
    static func create(_ database: SQLiteDatabase) throws(SQLiteError) {
        // Before any table: auto_vacuum is fixed once the first table exists.
        try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute(
            "BEGIN; \(createSchema) PRAGMA application_id = \(applicationID); PRAGMA user_version = \(schemaVersion); COMMIT;")
        // Into the database file itself at once: its header then names it ribsd's even without the WAL beside it.
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Lets go of the definitions no stored session names any more (their sessions were deleted or expired):
    /// at start, before any session can be made that would name one again.
    static func dropUnnamedDefinitions(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.execute(
            "DELETE FROM definitions WHERE digest NOT IN (SELECT definition FROM sessions WHERE definition IS NOT NULL)")
    }

    /// Brings an older schema up to `schemaVersion`.
    static func migrate(_ database: SQLiteDatabase, from version: Int64) throws(SQLiteError) {
        var version = version
        while version < schemaVersion {
            try database.execute("BEGIN; \(migrations[Int(version) - 1]) PRAGMA user_version = \(version + 1); COMMIT;")
            version += 1
        }
    }
}
