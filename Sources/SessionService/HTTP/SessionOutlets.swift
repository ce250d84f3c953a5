import HTTPServer

/// What the transport keeps beside one session's core, under the same lock: the answers prepared for the
/// current version (`GET`, `GET …/history`) and the event streams watching it. Dropped or ended when the core
/// says its state changed or it closed.
final class SessionOutlets: SessionCompanion {
    /// Event streams watching this session (`GET .../stream`).
    var watchers = SessionWatchers()
    /// Whether the shared store tells this instance of other instances' changes to the session.
    var subscribed = false
    /// The answer to `GET …/history` at this version, once a request made it (outside the lock: a long history
    /// takes a while).
    private(set) var preparedHistory: PreparedHistory?
    /// The answer to `GET` at this version, built in MHD on the first one and shared by the rest.
    private var preparedState: PreparedResponse?
    /// What the kept history document holds of the server's `HeldMemory` (in the documents' share).
    private(set) var heldBytes = 0
    private let heldMemory: HeldMemory?

    init(heldMemory: HeldMemory?) {
        self.heldMemory = heldMemory
    }

    /// The answer to `GET`: `core`'s state document and its `ETag`, queued from the response prepared for this
    /// version (made by the first `GET` of it: a session nobody reads holds none).
    func stateResponse(of core: SessionCore) -> HTTPResponse {
        var response = HTTPResponse.json(core.stateJSON, etag: core.etag)
        if preparedState == nil {
            preparedState = PreparedResponse(headers: response.headers, body: core.stateJSON)
        }
        response.prepared = preparedState
        return response
    }

    /// Keeps `prepared` as the answer to `history` at its version, unless `core` closed or moved on since.
    func keep(_ prepared: PreparedHistory, of core: SessionCore) {
        guard !core.isClosed, prepared.version == core.version else { return }
        dropPreparedHistory()
        preparedHistory = prepared
        holdDocument(prepared.heldBytes)
    }

    /// Sends `core`'s current state to the event streams: once the version it shows is stored.
    func publishState(of core: SessionCore) {
        watchers.publish(version: core.version, state: core.stateJSON)
    }

    func sessionStateDidChange() {
        preparedState = nil
        // A stale one would never be answered again (its version is gone): freed now, not at the next read.
        dropPreparedHistory()
    }

    func sessionDidClose(_ end: SessionEnd) {
        sessionStateDidChange()
        watchers.end(end)
    }

    private func dropPreparedHistory() {
        guard let preparedHistory else { return }
        holdDocument(-preparedHistory.heldBytes)
        self.preparedHistory = nil
    }

    /// Counts a history document's bytes in the documents' share of the server's limit.
    private func holdDocument(_ delta: Int) {
        heldBytes += delta
        heldMemory?.changeDocuments(by: delta)
    }
}
