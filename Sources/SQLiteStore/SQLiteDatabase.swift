import CSQLite
import SessionStorage

/// One SQLite connection, used by one thread at a time (the store's locks see to it).
final class SQLiteDatabase {
    let handle: OpaquePointer
    let path: String

    /// Opens `path`; `create` makes the file when it is missing, `readOnly` never writes it.
    init(path: String, readOnly: Bool = false, create: Bool = false) throws(SQLiteError) {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(opened)
            throw SQLiteError(code: status, message: message)
        }
        handle = opened
        self.path = path
        // Readers and the writer meet in WAL mode only briefly (a checkpoint); wait rather than fail then.
        sqlite3_busy_timeout(handle, 5000)
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows (several statements allowed).
    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        if status != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            throw SQLiteError(code: status, message: message)
        }
    }

    /// A prepared statement, kept for reuse.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw SQLiteError(code: status, message: lastMessage) }
        return SQLiteStatement(statement, database: self)
    }

    /// The first column of the first row of `sql` as an integer (a pragma's value), or nil without a row.
    func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.int64(0)
    }

    /// Whether a transaction is open (SQLite ends one itself on some errors).
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Throws unless `path` still names the file this connection opened. One removed, renamed away or replaced
    /// while open would take every later commit with it, unseen until the next start: SQLite itself goes on
    /// writing to it in WAL mode.
    func checkInPlace() throws(SQLiteError) {
        var moved: Int32 = 0
        let status = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
        guard status == SQLITE_OK, moved != 0 else { return }
        throw SQLiteError(
            code: SQLiteError.moved,
            message: "the database file \(path) was removed, renamed or replaced while ribsd had it open; put it back, or restart ribsd")
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
}

/// An SQLite result code and its message.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var description: String { "\(message) (SQLite error \(code))" }

    /// SQLITE_READONLY_DBMOVED (a macro Swift does not import): the file is no longer where it was opened.
    static let moved = SQLITE_READONLY | (4 << 8)

    /// The database reached its page cap or the disk is full.
    var isFull: Bool { code & 0xff == SQLITE_FULL }

    /// What the store's callers should make of it: a full disk or an I/O error passes; a damaged or foreign
    /// file does not.
    var storeError: StoreError {
        switch code & 0xff {
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_SCHEMA, SQLITE_FORMAT: StoreError(.unusable, description)
        default: StoreError(.unavailable, description)
        }
    }
}
