import SessionStorage

/// Each change as the store makes it: one script or command, counted.
extension RedisClient {
    /// Commits one change. An append expects the version before its first event, as `append(...expecting:)`
    /// does; one that finds another instance was first throws `.unavailable`, as does a change to a session
    /// no longer stored (SQLite, the only writer of its file, never sees either).
    func write(_ change: StoreChange) throws(StoreError) {
        switch change {
        case let .create(session, events):
            let created = try commit { (connection: RedisConnection) throws(RedisError) in
                let created = try connection.create(session, events: events, ttlMilliseconds: ttlMilliseconds)
                return (created, kept: created)
            }
            guard created else { throw StoreError(.unavailable, "session \(session.id) is already stored") }
        case let .append(id, events, answer, dropThrough, at):
            let outcome = try append(
                session: id, events: events, answer: answer, dropAnswersThrough: dropThrough, at: at,
                expecting: events.first.map { $0.version - 1 })
            try Self.expectAppended(id, outcome)
        case let .remember(id, answer, dropThrough, at):
            let outcome = try append(session: id, events: [], answer: answer, dropAnswersThrough: dropThrough, at: at, expecting: nil)
            try Self.expectAppended(id, outcome)
        case let .delete(id):
            try commit { (connection: RedisConnection) throws(RedisError) in
                try connection.delete(session: id)
                return ((), kept: true)
            }
        }
    }

    /// The compare-and-set append (`expected` nil: a change without events, whatever the version).
    func append(
        session id: String, events: [StoredEvent], answer: StoredAnswer?, dropAnswersThrough: Int?, at: Int64, expecting expected: Int?
    ) throws(StoreError) -> AppendOutcome {
        let outcome = try commit { (connection: RedisConnection) throws(RedisError) in
            let outcome = try connection.append(
                session: id, events: events, answer: answer, dropAnswersThrough: dropAnswersThrough, at: at, expecting: expected,
                ttlMilliseconds: ttlMilliseconds)
            if case .appended = outcome { return (outcome, kept: true) }
            return (outcome, kept: false)
        }
        if case .conflict = outcome { countConflict() }
        return outcome
    }

    /// The compare-and-set deletion, counted as a commit when it deleted and as a conflict when another
    /// instance moved the session on first.
    func delete(session id: String, expecting expected: Int) throws(StoreError) -> AppendOutcome {
        let outcome = try commit { (connection: RedisConnection) throws(RedisError) in
            let outcome = try connection.delete(session: id, expecting: expected)
            if case .appended = outcome { return (outcome, kept: true) }
            return (outcome, kept: false)
        }
        if case .conflict = outcome { countConflict() }
        return outcome
    }

    /// Writes the last accesses noted since the last pass, in one round trip; a failure loses them (the TTL
    /// then counts from an earlier access), counted as errors.
    func touch(_ accesses: [String: Int64]) {
        guard !accesses.isEmpty else { return }
        let failed = try? call { (connection: RedisConnection) throws(RedisError) in
            try connection.touch(accesses, ttlMilliseconds: ttlMilliseconds)
        }
        if let failed, failed > 0 { countErrors(failed) }
    }

    private static func expectAppended(_ id: String, _ outcome: AppendOutcome) throws(StoreError) {
        switch outcome {
        case .appended: return
        case let .conflict(current):
            throw StoreError(.unavailable, "session \(id) is at version \(current) in redis: another ribsd changed it first")
        case .missing: throw StoreError(.unavailable, "session \(id) is not stored (deleted or expired)")
        }
    }
}
