/// One request's change to the stored sessions, committed whole or not at all.
public enum StoreChange: Sendable, Equatable {
    /// A new session, with the events it was created with (none: it is at version 1).
    case create(StoredSession, events: [StoredEvent] = [])
    /// Applied events (one request's, all or none), with the answer kept for its `Idempotency-Key` if it had
    /// one. `dropAnswersThrough`: answers with this sequence or lower are forgotten (the session keeps only its
    /// newest).
    case append(session: String, events: [StoredEvent], answer: StoredAnswer?, dropAnswersThrough: Int?, at: Int64)
    /// An answer kept for a request that changed nothing (a swipe of a screen already gone).
    case remember(session: String, answer: StoredAnswer, dropAnswersThrough: Int?, at: Int64)
    /// The session and everything it holds leave the store.
    case delete(session: String)
}
