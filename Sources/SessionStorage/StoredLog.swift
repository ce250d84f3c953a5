/// A session's whole record: its summary, its events in version order and its kept answers, oldest first.
public struct StoredLog: Sendable, Equatable {
    public let session: StoredSession
    public let events: [StoredEvent]
    public let answers: [StoredAnswer]

    public init(session: StoredSession, events: [StoredEvent], answers: [StoredAnswer]) {
        self.session = session
        self.events = events
        self.answers = answers
    }
}
