import CSQLite

/// A prepared statement: bind, step, read, reset.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let database: SQLiteDatabase

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Binds values to the parameters 1, 2, ... in order, after a reset.
    @discardableResult
    func bind(_ values: SQLiteValue...) throws(SQLiteError) -> SQLiteStatement {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case let .integer(number):
                status = sqlite3_bind_int64(statement, index, number)
            case let .text(text):
                status = ribsd_sqlite3_bind_text(statement, index, text, -1)
            case let .blob(bytes):
                status = bytes.withUnsafeBytes {
                    ribsd_sqlite3_bind_blob(statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count))
                }
            case .null:
                status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw SQLiteError(code: status, message: database.lastMessage) }
        }
        return self
    }

    /// Steps once: true with a row to read, false when done.
    func step() throws(SQLiteError) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(code: status, message: database.lastMessage)
            sqlite3_reset(statement)
            throw error
        }
    }

    /// Steps to the end (a write), then resets so the statement holds no lock.
    func run() throws(SQLiteError) {
        while try step() {}
        sqlite3_reset(statement)
    }

    /// Releases what the last run holds (a read's snapshot) without waiting for the next bind.
    func reset() {
        sqlite3_reset(statement)
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: pointer)
    }

    /// The column as text, nil where it holds NULL.
    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : text(column)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null

    static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
}
