/// Where sessions' records live when they must outlive the process: the seam between the session service and
/// a durable engine (SQLite embedded, Redis for many instances).
///
/// Shaped for a remote store: every call may be a round trip, so the service makes one `commit` per request
/// that changes a session and reads a session's log once, when a restarted server first touches it. A store
/// holds records, not trees: applying events is deterministic, and a session's log replays to its state.
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

    /// Throws unless the store answers now (`/readyz`).
    func checkReady() throws(StoreError)

    /// What the store has done so far, for `/metrics`.
    func statistics() -> StoreStatistics

    /// Writes what is pending and lets the store go (server shutdown).
    func close()
}
