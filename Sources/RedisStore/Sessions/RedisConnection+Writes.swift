import SessionStorage

/// The changes to one session, each one script (one round trip, atomic in Redis) or one command.
extension RedisConnection {
    /// Stores a new session and the events it was created with; false, with nothing written, when the id is
    /// taken.
    func create(_ session: StoredSession, events: [StoredEvent], ttlMilliseconds: Int64) throws(RedisError) -> Bool {
        var arguments = [Array("\(ttlMilliseconds)".utf8)] + RecordCoding.metaArguments(session)
        for event in events { arguments += RecordCoding.eventArguments(event) }
        let reply = try evaluate(SessionScripts.create, keys: SessionKeys(session.id).all, arguments: arguments)
        return try Self.status(of: reply).word == "ok"
    }

    /// Appends `events` and keeps `answer` if the session is at `expected` (nil: whatever its version, for a
    /// change without events).
    func append(
        session id: String, events: [StoredEvent], answer: StoredAnswer?, dropAnswersThrough: Int?, at: Int64, expecting expected: Int?,
        ttlMilliseconds: Int64
    ) throws(RedisError) -> AppendOutcome {
        let keys = SessionKeys(id)
        var arguments: [[UInt8]] = [
            expected.map { Array("\($0)".utf8) } ?? [], Array("\(at)".utf8), Array("\(ttlMilliseconds)".utf8), Array(keys.channel.utf8),
            answer.map { Array("\($0.sequence)".utf8) } ?? [], answer.map(AnswerCoding.encode) ?? [],
            dropAnswersThrough.map { Array("\($0)".utf8) } ?? [],
            events.last.map { Array("\($0.version)".utf8) } ?? [], events.last?.stateDigest ?? [],
        ]
        for event in events { arguments += RecordCoding.eventArguments(event) }
        return try Self.outcome(of: evaluate(SessionScripts.append, keys: keys.all, arguments: arguments), script: "append")
    }

    /// Removes the session and everything it holds if it is at `expected` (`.appended`: removed).
    func delete(session id: String, expecting expected: Int) throws(RedisError) -> AppendOutcome {
        let reply = try evaluate(SessionScripts.delete, keys: SessionKeys(id).all, arguments: [Array("\(expected)".utf8)])
        return try Self.outcome(of: reply, script: "delete")
    }

    /// Removes the session and everything it holds (one command: its keys share a slot).
    func delete(session id: String) throws(RedisError) {
        let keys = SessionKeys(id)
        _ = try send(RedisCommand("DEL", keys.meta, keys.events, keys.answers)).checked()
    }

    /// Moves each session's last access forward and restarts its TTL, in one round trip for all of them.
    /// Returns how many failed (a session gone is not a failure).
    func touch(_ accesses: [String: Int64], ttlMilliseconds: Int64) throws(RedisError) -> Int {
        let ttl = Array("\(ttlMilliseconds)".utf8)
        let entries = Array(accesses)
        let commands = entries.map { id, at in
            var command = RedisCommand("EVALSHA", SessionScripts.touch.sha, "3")
            for key in SessionKeys(id).all { command.append(key) }
            command.append(at)
            command.append(ttl)
            return command
        }
        var failed = 0
        for (reply, (id, at)) in zip(try pipeline(commands), entries) {
            guard case let .error(message) = reply else { continue }
            // A server that lost its script cache (restarted) learns the script from the first of them.
            guard message.hasPrefix("NOSCRIPT") else {
                failed += 1
                continue
            }
            do {
                _ = try evaluate(SessionScripts.touch, keys: SessionKeys(id).all, arguments: [Array("\(at)".utf8), ttl])
            } catch .server(_) {
                failed += 1
            }
        }
        return failed
    }

    /// A compare-and-set script's answer: `{'ok', version}`, `{'conflict', current}` or `{'missing'}`.
    private static func outcome(of reply: RedisReply, script: String) throws(RedisError) -> AppendOutcome {
        switch try status(of: reply) {
        case let ("ok", version?): .appended(version: version)
        case let ("conflict", current?): .conflict(current: current)
        case ("missing", _): .missing
        case let (word, _): throw .unexpected("the \(script) script answered \(word)")
        }
    }

    /// A script's answer: `{word}` or `{word, number}`.
    private static func status(of reply: RedisReply) throws(RedisError) -> (word: String, number: Int?) {
        let parts = try reply.elements()
        guard let word = try parts.first?.bytes() else { throw .unexpected("a script answered \(reply)") }
        let number = try parts.count > 1 ? parts[1].integer().map { Int($0) } : nil
        return (String(decoding: word, as: UTF8.self), number)
    }
}
