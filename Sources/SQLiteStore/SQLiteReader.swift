import SessionStorage

/// The reads: every session's summary at start, one session's log when it is first used.
struct SQLiteReader {
    private let database: SQLiteDatabase
    private let allSessions: SQLiteStatement
    private let oneSession: SQLiteStatement
    private let events: SQLiteStatement
    private let answers: SQLiteStatement
    private let oneDefinition: SQLiteStatement

    init(_ database: SQLiteDatabase) throws(SQLiteError) {
        self.database = database
        allSessions = try database.prepare("SELECT id, app, created_at, last_access_at, version, state_digest, definition FROM sessions")
        oneSession = try database.prepare(
            "SELECT id, app, created_at, last_access_at, version, state_digest, definition FROM sessions WHERE id = ?")
        events = try database.prepare("SELECT version, event, at, state_digest FROM events WHERE session = ? ORDER BY version")
        answers = try database.prepare(
            "SELECT sequence, key, body_digest, version, body FROM answers WHERE session = ? ORDER BY sequence")
        oneDefinition = try database.prepare("SELECT bytes FROM definitions WHERE digest = ?")
    }

    func sessions() throws(SQLiteError) -> [StoredSession] {
        defer { allSessions.reset() }
        try allSessions.bind()
        var sessions: [StoredSession] = []
        while try allSessions.step() { sessions.append(session(from: allSessions)) }
        return sessions
    }

    func log(of id: String) throws(SQLiteError) -> StoredLog? {
        // One snapshot: the summary, events and answers of one moment.
        try database.execute("BEGIN")
        defer {
            oneSession.reset()
            events.reset()
            answers.reset()
            try? database.execute("COMMIT")
        }
        try oneSession.bind(.text(id))
        guard try oneSession.step() else { return nil }
        let summary = session(from: oneSession)
        try events.bind(.text(id))
        var stored: [StoredEvent] = []
        while try events.step() {
            stored.append(
                StoredEvent(version: Int(events.int64(0)), event: events.blob(1), at: events.int64(2), stateDigest: events.blob(3)))
        }
        try answers.bind(.text(id))
        var kept: [StoredAnswer] = []
        while try answers.step() {
            kept.append(
                StoredAnswer(
                    sequence: Int(answers.int64(0)), key: answers.blob(1), bodyDigest: answers.blob(2),
                    version: Int(answers.int64(3)), body: answers.blob(4)))
        }
        return StoredLog(session: summary, events: stored, answers: kept)
    }

    func definition(_ digest: String) throws(SQLiteError) -> StoredDefinition? {
        defer { oneDefinition.reset() }
        try oneDefinition.bind(.text(digest))
        guard try oneDefinition.step() else { return nil }
        return StoredDefinition(digest: digest, bytes: oneDefinition.blob(0))
    }

    func ping() throws(SQLiteError) {
        try database.checkInPlace()
        _ = try database.integer("SELECT count(*) FROM sqlite_schema")
    }

    private func session(from row: SQLiteStatement) -> StoredSession {
        StoredSession(
            id: row.text(0), app: row.text(1), createdAt: row.int64(2), lastAccessAt: row.int64(3),
            version: Int(row.int64(4)), stateDigest: row.blob(5), definition: row.optionalText(6))
    }
}
