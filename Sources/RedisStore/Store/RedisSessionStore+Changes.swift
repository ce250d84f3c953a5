import SessionStorage

/// The compare-and-set append the instances share a session by, and the catch-up reads after a conflict.
extension RedisSessionStore {
    public func append(
        session id: String, events: [StoredEvent], answer: StoredAnswer?, dropAnswersThrough: Int?, at: Int64,
        expecting version: Int
    ) throws(StoreError) -> AppendOutcome {
        precondition(
            events.enumerated().allSatisfy { $1.version == version + 1 + $0 }, "events must follow the version expected, one by one")
        return try client.append(
            session: id, events: events, answer: answer, dropAnswersThrough: dropAnswersThrough, at: at, expecting: version)
    }

    public func delete(session id: String, expecting version: Int) throws(StoreError) -> AppendOutcome {
        try client.delete(session: id, expecting: version)
    }

    /// Other ribsd write the same sessions.
    public var sharesSessions: Bool { true }

    public func storedVersion(of id: String) throws(StoreError) -> Int? {
        try client.call { (connection: RedisConnection) throws(RedisError) in try connection.version(of: id) }
    }

    public func events(of id: String, after version: Int) throws(StoreError) -> [StoredEvent] {
        try client.call { (connection: RedisConnection) throws(RedisError) in try connection.events(of: id, after: version) }
    }

    public func log(of id: String, after version: Int, answersAfter answerSequence: Int) throws(StoreError) -> StoredLog? {
        try client.call { (connection: RedisConnection) throws(RedisError) in
            try connection.log(of: id, after: version, answersAfter: answerSequence)
        }
    }
}
