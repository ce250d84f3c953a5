import SessionStorage

/// The reads: every session's summary, one session's whole record, the events after a version.
extension RedisConnection {
    /// Every session's summary: a `SCAN` over the summaries' keys, each batch's summaries read in one pipeline.
    func sessions() throws(RedisError) -> [StoredSession] {
        var cursor: [UInt8] = Array("0".utf8)
        var found: [String: StoredSession] = [:]
        repeat {
            var scan = RedisCommand("SCAN")
            scan.append(cursor)
            scan.append("MATCH")
            scan.append(SessionKeys.metaPattern)
            scan.append("COUNT")
            scan.append(1000)
            let parts = try send(scan).elements()
            guard parts.count == 2, let next = try parts[0].bytes() else { throw .unexpected("SCAN answered \(parts)") }
            cursor = next
            // SCAN may list a key twice; a session that expired between the two round trips reads as nil.
            var ids: [String] = []
            for key in try parts[1].elements() {
                if let id = try key.bytes().flatMap(SessionKeys.id(ofMeta:)), found[id] == nil { ids.append(id) }
            }
            guard !ids.isEmpty else { continue }
            let replies = try pipeline(ids.map(Self.readSummary))
            for (id, reply) in zip(ids, replies) {
                if let session = try RecordCoding.session(id, reply) { found[id] = session }
            }
        } while cursor != Array("0".utf8)
        return Array(found.values)
    }

    /// The session's summary, events and kept answers as of one moment (one `MULTI`/`EXEC`, one round trip);
    /// nil when there is no such session.
    func log(of id: String) throws(RedisError) -> StoredLog? {
        try log(of: id, after: 0, answersAfter: nil)
    }

    /// `log(of:)` with only the events after `version` and the answers after `answerSequence` (nil: all of
    /// them): what a copy that is behind missed, as of one moment, in one round trip.
    func log(of id: String, after version: Int, answersAfter answerSequence: Int?) throws(RedisError) -> StoredLog? {
        let keys = SessionKeys(id)
        let answers = RedisCommand("ZRANGEBYSCORE", keys.answers, answerSequence.map { "(\($0)" } ?? "-inf", "+inf")
        let replies = try pipeline([
            RedisCommand("MULTI"), Self.readSummary(id), Self.readEvents(id, after: version), answers, RedisCommand("EXEC"),
        ])
        for reply in replies.dropLast() { _ = try reply.checked() }
        let results = try replies[4].elements()
        guard results.count == 3 else { throw .unexpected("EXEC answered \(results.count) replies for 3 commands") }
        guard let session = try RecordCoding.session(id, results[0]) else { return nil }
        return StoredLog(session: session, events: try RecordCoding.events(results[1]), answers: try AnswerCoding.answers(results[2]))
    }

    /// The session's events after `version`, in order.
    func events(of id: String, after version: Int) throws(RedisError) -> [StoredEvent] {
        try RecordCoding.events(send(Self.readEvents(id, after: version)))
    }

    /// The session's current version; nil when there is no such session.
    func version(of id: String) throws(RedisError) -> Int? {
        try send(RedisCommand("HGET", SessionKeys(id).meta, "version")).integer().map { Int($0) }
    }

    /// The `XRANGE` of the events after `version` (every one from 0 on: the first is version 2).
    private static func readEvents(_ id: String, after version: Int) -> RedisCommand {
        RedisCommand("XRANGE", SessionKeys(id).events, version >= 1 ? "(0-\(version)" : "-", "+")
    }

    private static func readSummary(_ id: String) -> RedisCommand {
        var command = RedisCommand("HMGET", SessionKeys(id).meta)
        for field in RecordCoding.metaFields { command.append(field) }
        return command
    }
}
