/// Where sessions' records live when they must outlive the process: the seam between the session service and
/// a durable engine (SQLite embedded, Redis for many instances).
///
/// Shaped for a remote store: every call may be a round trip, so the service makes one `commit` per request
/// that changes a session and reads a session's log once, when a restarted server first touches it. A store
/// holds records, not trees: applying events is deterministic, and a session's log replays to its state, with
/// the app definition it names when its app is data (`StoredDefinition`, kept once beside the sessions).
public protocol SessionRecordStore: AnyObject, Sendable {
    /// Every stored session's summary, read once at start: enough to answer for the session without its log.
    func sessions() throws(StoreError) -> [StoredSession]

    /// One session's whole record, to replay it; nil when the store holds no such session.
    func log(of id: String) throws(StoreError) -> StoredLog?

    /// Makes `change` durable and returns once it is committed (a 2xx is sent only after that).
    func commit(_ change: StoreChange) throws(StoreError)

    /// Makes `change` durable soon, without waiting: for what a restart would redo anyway (an expired session's
    /// deletion: its TTL is counted from the stored last access).
    func submit(_ change: StoreChange)

    /// Records that the session was used at `milliseconds` (wall clock), soon and coalesced: the TTL after a
    /// restart counts from it.
    func touch(_ id: String, atMilliseconds milliseconds: Int64)

    /// Keeps `definition` under its digest, once: a definition already kept under that digest stays as it is.
    /// Returns once it is durable; the service calls it before it commits the first session naming the digest.
    func keepDefinition(_ definition: StoredDefinition) throws(StoreError)

    /// The definition kept under `digest`; nil when the store holds none.
    func definition(_ digest: String) throws(StoreError) -> StoredDefinition?

    /// Throws unless the store answers now (`/readyz`).
    func checkReady() throws(StoreError)

    /// What the store has done so far, for `/metrics`.
    func statistics() -> StoreStatistics

    /// Writes what is pending and lets the store go (server shutdown).
    func close()

    // Many instances over one store (Redis). Each has a default in `SessionRecordStore+OneInstance.swift` that
    // is right where this process is the store's only writer (SQLite, whose folder one ribsd holds at a time).

    /// Appends `events` (versions `version + 1`, `version + 2`, ...) only if the session is still at `version`,
    /// in one step inside the store: of two instances expecting the same version, exactly one is answered
    /// `.appended`; the other `.conflict` with the version it must catch up to, and nothing of its change is kept.
    func append(
        session id: String, events: [StoredEvent], answer: StoredAnswer?, dropAnswersThrough: Int?, at: Int64,
        expecting version: Int
    ) throws(StoreError) -> AppendOutcome

    /// Deletes the session and everything it holds only if it is still at `version`, in one step inside the store
    /// (a `DELETE` with `If-Match` must not delete a version it never saw): `.appended(version:)` when it is
    /// gone, `.conflict` with the version another instance moved it on to (nothing deleted), `.missing` when
    /// the store held no such session.
    func delete(session id: String, expecting version: Int) throws(StoreError) -> AppendOutcome

    /// The session's events after `version`, in order: what another instance appended since this one's copy
    /// (empty when there are none, or no such session).
    func events(of id: String, after version: Int) throws(StoreError) -> [StoredEvent]

    /// What a copy at `version`, whose newest kept answer is `answerSequence`, missed: the session's summary, its
    /// events after `version` and its kept answers after `answerSequence`, as of one moment (one round trip), so
    /// that a catch-up costs what it missed rather than the whole log. Nil when the store holds no such session.
    func log(of id: String, after version: Int, answersAfter answerSequence: Int) throws(StoreError) -> StoredLog?

    /// Whether other processes write this store's sessions too (Redis): a session may then move on, appear or
    /// go elsewhere, and a process's copy is only as fresh as its last look.
    var sharesSessions: Bool { get }

    /// The session's stored version, in one round trip; nil when the store holds no such session.
    func storedVersion(of id: String) throws(StoreError) -> Int?

    /// Sets what hears of appends to subscribed sessions, with the session and the version it reached, from the
    /// store's own thread: a wake-up to read `events(of:after:)`, never the record itself.
    func observeAppends(_ handler: @escaping @Sendable (_ session: String, _ version: Int) -> Void)

    /// Starts telling the observer about the session's appends, whoever makes them.
    func subscribe(_ id: String)

    /// Stops telling the observer about the session.
    func unsubscribe(_ id: String)
}
