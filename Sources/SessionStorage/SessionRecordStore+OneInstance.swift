/// The many-instance calls for a store this process alone writes: no other instance can move a session on, so
/// an append is a plain commit and nothing ever needs to be heard of.
extension SessionRecordStore {
    public func append(
        session id: String, events: [StoredEvent], answer: StoredAnswer?, dropAnswersThrough: Int?, at: Int64,
        expecting version: Int
    ) throws(StoreError) -> AppendOutcome {
        try commit(.append(session: id, events: events, answer: answer, dropAnswersThrough: dropAnswersThrough, at: at))
        return .appended(version: events.last?.version ?? version)
    }

    public func delete(session id: String, expecting version: Int) throws(StoreError) -> AppendOutcome {
        try commit(.delete(session: id))
        return .appended(version: version)
    }

    public func events(of id: String, after version: Int) throws(StoreError) -> [StoredEvent] {
        try log(of: id)?.events.filter { $0.version > version } ?? []
    }

    public func log(of id: String, after version: Int, answersAfter answerSequence: Int) throws(StoreError) -> StoredLog? {
        guard let log = try log(of: id) else { return nil }
        return StoredLog(
            session: log.session, events: log.events.filter { $0.version > version },
            answers: log.answers.filter { $0.sequence > answerSequence })
    }

    public var sharesSessions: Bool { false }

    public func storedVersion(of id: String) throws(StoreError) -> Int? {
        try log(of: id)?.session.version
    }

    public func observeAppends(_ handler: @escaping @Sendable (_ session: String, _ version: Int) -> Void) {}

    public func subscribe(_ id: String) {}

    public func unsubscribe(_ id: String) {}
}
