import SessionStorage

/// The writes, on the writer thread's connection: a batch of changes in one transaction.
final class SQLiteWriter {
    private let database: SQLiteDatabase
    private let insertSession: SQLiteStatement
    private let updateSession: SQLiteStatement
    private let touchSession: SQLiteStatement
    private let insertEvent: SQLiteStatement
    private let insertAnswer: SQLiteStatement
    private let dropAnswers: SQLiteStatement
    private let deleteSession: SQLiteStatement
    private let deleteEvents: SQLiteStatement
    private let deleteAnswers: SQLiteStatement
    private let insertDefinition: SQLiteStatement
    /// `--max-store-bytes` in pages, nil without a cap.
    private let pageCap: Int64?
    /// How far past the cap a deletion may go: it frees pages, but a B-tree rebalancing may need one or two
    /// before, and a full store must still be emptied.
    private static let deletionReserve: Int64 = 16

    init(_ database: SQLiteDatabase, pageCap: Int64?) throws(SQLiteError) {
        self.database = database
        self.pageCap = pageCap
        insertSession = try database.prepare(
            "INSERT INTO sessions (id, app, created_at, last_access_at, version, state_digest, definition) VALUES (?, ?, ?, ?, ?, ?, ?)")
        updateSession = try database.prepare(
            "UPDATE sessions SET version = ?, state_digest = ?, last_access_at = max(last_access_at, ?) WHERE id = ?")
        touchSession = try database.prepare("UPDATE sessions SET last_access_at = max(last_access_at, ?) WHERE id = ?")
        insertEvent = try database.prepare("INSERT INTO events (session, version, event, at, state_digest) VALUES (?, ?, ?, ?, ?)")
        insertAnswer = try database.prepare(
            "INSERT OR REPLACE INTO answers (session, sequence, key, body_digest, version, body) VALUES (?, ?, ?, ?, ?, ?)")
        dropAnswers = try database.prepare("DELETE FROM answers WHERE session = ? AND sequence <= ?")
        deleteSession = try database.prepare("DELETE FROM sessions WHERE id = ?")
        deleteEvents = try database.prepare("DELETE FROM events WHERE session = ?")
        deleteAnswers = try database.prepare("DELETE FROM answers WHERE session = ?")
        // Content-addressed: the bytes under a digest are the same whoever writes them first.
        insertDefinition = try database.prepare("INSERT OR IGNORE INTO definitions (digest, bytes) VALUES (?, ?)")
        try capPages()
    }

    /// Commits `changes` (and `touches`) in one transaction; when that fails, each change alone, so one that
    /// cannot be written fails only its own request. Returns each change's error, nil when committed.
    func write(_ changes: [StoreWrite], touches: [String: Int64]) -> [StoreError?] {
        do throws(SQLiteError) {
            try database.checkInPlace()
        } catch {
            // Nothing is written to a file that is gone: the next batch looks again, so a folder moved back is
            // written to again.
            return Array(repeating: error.storeError, count: changes.count)
        }
        do throws(SQLiteError) {
            try transaction { () throws(SQLiteError) in
                for change in changes { try apply(change) }
                try applyTouches(touches)
            }
            return Array(repeating: nil, count: changes.count)
        } catch {
            // The touches went down with the batch: written on their own, or a restart counts the TTL from an
            // older access.
            defer { flush(touches) }
            // A change alone failed on its own; one beside others (or beside touches, which may be what did not
            // fit: a deletion on a full store must still make room) is tried again alone.
            guard changes.count > 1 || !touches.isEmpty else { return [retryDeletion(changes[0], after: error)] }
        }
        return changes.map { change in
            do throws(SQLiteError) {
                try transaction { () throws(SQLiteError) in try apply(change) }
                return nil
            } catch {
                return retryDeletion(change, after: error)
            }
        }
    }

    /// A deletion refused at the page cap is tried once more with the cap lifted by `deletionReserve`; any other
    /// failure stands.
    private func retryDeletion(_ change: StoreWrite, after error: SQLiteError) -> StoreError? {
        guard case .change(.delete) = change, error.isFull, let pageCap else { return error.storeError }
        defer { try? capPages() }
        do throws(SQLiteError) {
            try database.execute("PRAGMA max_page_count = \(pageCap + Self.deletionReserve)")
            try transaction { () throws(SQLiteError) in try apply(change) }
            return nil
        } catch {
            return error.storeError
        }
    }

    /// Sets the cap again; SQLite keeps it no lower than the pages in use, so after a deletion past the cap it
    /// comes back down as the space is reclaimed.
    private func capPages() throws(SQLiteError) {
        guard let pageCap else { return }
        try database.execute("PRAGMA max_page_count = \(pageCap)")
    }

    /// Writes the last accesses noted while no change came.
    func flush(_ touches: [String: Int64]) {
        guard !touches.isEmpty, (try? database.checkInPlace()) != nil else { return }
        try? transaction { () throws(SQLiteError) in try applyTouches(touches) }
    }

    /// Hands pages freed by deletions back to the file system, a bounded number at a time (auto_vacuum is
    /// incremental), once they are a quarter of the file or more.
    func reclaimSpace() {
        guard let free = try? database.integer("PRAGMA freelist_count"), free > 0,
            let pages = try? database.integer("PRAGMA page_count"), free * 4 >= pages
        else { return }
        try? database.execute("PRAGMA incremental_vacuum(4096)")
        try? capPages()
    }

    /// Copies the WAL into the database file and empties it.
    func checkpoint() {
        try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    private func transaction(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        try database.execute("BEGIN IMMEDIATE")
        do {
            try body()
            try database.execute("COMMIT")
        } catch {
            // A full disk or an I/O error may have ended the transaction already.
            if database.inTransaction { try? database.execute("ROLLBACK") }
            throw error
        }
    }

    private func applyTouches(_ touches: [String: Int64]) throws(SQLiteError) {
        for (id, at) in touches { try touchSession.bind(.integer(at), .text(id)).run() }
    }

    private func apply(_ write: StoreWrite) throws(SQLiteError) {
        switch write {
        case let .change(change): try apply(change)
        case let .definition(definition): try insertDefinition.bind(.text(definition.digest), .blob(definition.bytes)).run()
        }
    }

    private func apply(_ change: StoreChange) throws(SQLiteError) {
        switch change {
        case let .create(session, events):
            try insertSession.bind(
                .text(session.id), .text(session.app), .integer(session.createdAt), .integer(session.lastAccessAt),
                .int(session.version), .blob(session.stateDigest), session.definition.map { .text($0) } ?? .null
            ).run()
            for event in events { try insert(event, for: session.id) }
        case let .append(id, events, answer, dropThrough, at):
            for event in events { try insert(event, for: id) }
            if let last = events.last {
                try updateSession.bind(.int(last.version), .blob(last.stateDigest), .integer(at), .text(id)).run()
            }
            if let answer { try keep(answer, for: id, droppingThrough: dropThrough) }
        case let .remember(id, answer, dropThrough, at):
            try keep(answer, for: id, droppingThrough: dropThrough)
            try touchSession.bind(.integer(at), .text(id)).run()
        case let .delete(id):
            try deleteEvents.bind(.text(id)).run()
            try deleteAnswers.bind(.text(id)).run()
            try deleteSession.bind(.text(id)).run()
        }
    }

    private func insert(_ event: StoredEvent, for id: String) throws(SQLiteError) {
        try insertEvent.bind(.text(id), .int(event.version), .blob(event.event), .integer(event.at), .blob(event.stateDigest)).run()
    }

    private func keep(_ answer: StoredAnswer, for id: String, droppingThrough dropThrough: Int?) throws(SQLiteError) {
        try insertAnswer.bind(
            .text(id), .int(answer.sequence), .blob(answer.key), .blob(answer.bodyDigest), .int(answer.version), .blob(answer.body)
        ).run()
        if let dropThrough { try dropAnswers.bind(.text(id), .int(dropThrough)).run() }
    }
}
