import AppHosting
import Locking
import SessionStorage

/// What the durable store is told, and how a stored session comes back. With no store (`--store memory`) every
/// call here returns at once.
extension SessionService {
    /// Adds every stored session to the store, dormant (its log is replayed when a request first touches it);
    /// returns how many. Called once, before the server listens.
    public func restoreSessions() throws(StoreError) -> Int {
        // A shared store's sessions are read when first asked for (`loadShared`): another instance may make one
        // at any time.
        guard let records, !records.sharesSessions else { return 0 }
        let stored = try records.sessions()
        let wallNow = clock.nowMilliseconds(), uptimeNow = clock.uptimeMilliseconds()
        for summary in stored {
            // Idle time counts across the downtime: the session was last used this long ago by the wall clock.
            let idle = max(0, wallNow - summary.lastAccessAt)
            let dormant = DormantSession(stored: summary, lastAccessUptime: uptimeNow - idle)
            store.restore(Session(dormant: dormant))
        }
        return stored.count
    }

    /// The session with this id, live: a dormant one is replayed first.
    func liveSession(_ id: String) throws(ServiceError) -> Session {
        var found = store.session(id)
        if found == nil { found = try loadShared(id) }
        guard let session = found else { throw .sessionNotFound() }
        try session.awaken { (dormant: DormantSession) throws(ServiceError) -> SessionCore in try awaken(dormant) }
        return session
    }

    /// Replays a dormant session's log into a live tree, unless it expired meanwhile; a log that does not come
    /// back to the state recorded closes the session.
    private func awaken(_ dormant: DormantSession) throws(ServiceError) -> SessionCore {
        let id = dormant.stored.id
        if clock.uptimeMilliseconds() >= expiry(afterAccessAt: dormant.lastAccessUptime) {
            forgetStored(id)
            metrics.recordExpired(1)
            throw .sessionNotFound()
        }
        let log: StoredLog?
        do {
            log = try records?.log(of: id)
        } catch {
            throw .storeUnavailable(error.message)
        }
        guard let log else {
            store.remove(id)
            throw .sessionNotFound()
        }
        let definition: StoredDefinition?
        do {
            definition = try storedDefinition(for: log.session)
        } catch {
            throw .storeUnavailable(error.message)
        }
        do throws(RestoreFailure) {
            let app = try restoredApp(for: log.session, stored: definition)
            return try restoreCore(log, app: app, lastAccessUptime: dormant.lastAccessUptime)
        } catch {
            metrics.recordUnrestorable()
            logger.withLock { $0 }?.message(
                .error, "session not restorable: closed",
                fields: [("session", id), ("app", log.session.app), ("version", String(log.session.version)), ("reason", error.reason)])
            forgetStored(id)
            throw .sessionNotRestorable(error.reason)
        }
    }

    /// Builds the live tree of a stored log with `app`: the app launched, the events replayed, the kept answers
    /// put back; fails unless the replay renders the state the log recorded.
    private func restoreCore(_ log: StoredLog, app: AppDefinition, lastAccessUptime: Int64) throws(RestoreFailure) -> SessionCore {
        let summary = log.session
        var entries: [HistoryEntry] = []
        entries.reserveCapacity(log.events.count)
        for (offset, stored) in log.events.enumerated() {
            // A rewind goes back to a version before its own.
            guard stored.version == offset + 2, let step = HistoryStep(json: stored.event, catalog: app.catalog),
                step.rewindTarget.map({ $0 >= 1 && $0 < stored.version }) ?? true
            else {
                throw RestoreFailure("its log is damaged at version \(offset + 2)")
            }
            entries.append(HistoryEntry(version: stored.version, step: step, atMilliseconds: stored.at))
        }
        guard entries.count + 1 == summary.version else { throw RestoreFailure("its log ends before version \(summary.version)") }
        let core = SessionCore(
            id: summary.id, app: app, uptime: lastAccessUptime, idempotencyKeys: configuration.idempotencyKeysPerSession,
            eventLimit: configuration.maxEventsPerSession, heldMemory: heldMemory)
        core.restore(entries)
        guard BodyDigest(core.stateJSON).bytes == summary.stateDigest else {
            core.close(reason: .failed)
            throw RestoreFailure("app `\(app.id)` no longer replays its \(entries.count) events to the state of version \(summary.version)")
        }
        for answer in log.answers {
            guard let digest = BodyDigest(stored: answer.bodyDigest) else { continue }
            core.restoreAnswer(
                IdempotencyKey(bytes: answer.key), IdempotencyCache.Entry(body: digest, version: answer.version, answer: answer.body),
                sequence: answer.sequence)
        }
        return core
    }

    /// Removes a session from the store and its record from the durable store (not waited for: a restart that
    /// finds it again expires or refuses it the same way).
    func forgetStored(_ id: String) {
        store.remove(id)
        // A shared store's sessions live on in other instances: this one only lets its copy go (the store's own
        // TTL expires them).
        guard let records, !records.sharesSessions else { return }
        records.submit(.delete(session: id))
    }

    /// Records a new session with the events it was created with (`states`: the state after each), naming the
    /// definition its app is when that is data (kept in the store first); throws (503) when the store cannot
    /// take it.
    func recordCreation(of core: SessionCore, states: [[UInt8]] = []) throws(ServiceError) {
        guard let records else { return }
        let definition = try keptDefinition(of: core.app, in: records)
        let now = clock.nowMilliseconds()
        let summary = StoredSession(
            id: core.id, app: core.app.id, createdAt: now, lastAccessAt: now, version: core.version,
            stateDigest: BodyDigest(core.stateJSON).bytes, definition: definition)
        try commit(.create(summary, events: storedEvents(of: core, since: 0, states: states)), to: records)
    }

    /// Records the event `core` just applied (and the answer its key keeps); throws (503) when the store cannot.
    func recordEvent(of core: SessionCore, key: IdempotencyKey?, digest: BodyDigest?) throws(ServiceError) {
        try recordEvents(of: core, since: core.history.count - 1, states: [core.stateJSON], key: key, digest: digest)
    }

    /// Records the events `core` applied after the first `historyCount` of its history, `states` the state
    /// after each, as one record (all or none); throws (503) when the store cannot take it.
    func recordEvents(
        of core: SessionCore, since historyCount: Int, states: [[UInt8]], key: IdempotencyKey?, digest: BodyDigest?
    ) throws(ServiceError) {
        guard let records else { return }
        let events = storedEvents(of: core, since: historyCount, states: states)
        let (answer, dropThrough) = storedAnswer(core, key: key, digest: digest)
        // A batch of no-ops changes nothing: only its key's answer, if any, is kept.
        guard let last = events.last else {
            if let answer { try keep(answer, dropThrough: dropThrough, of: core, in: records) }
            return
        }
        guard records.sharesSessions else {
            try commit(.append(session: core.id, events: events, answer: answer, dropAnswersThrough: dropThrough, at: last.at), to: records)
            return
        }
        try appendShared(
            core.id, events: events, answer: answer, dropThrough: dropThrough, at: last.at, after: events[0].version - 1, in: records)
    }

    /// Keeps the answer of a request that changed nothing. Shared, it is a compare-and-set like an event's: another
    /// instance may have moved the session on, or kept an answer under the same sequence, since this copy's.
    private func keep(_ answer: StoredAnswer, dropThrough: Int?, of core: SessionCore, in records: any SessionRecordStore)
        throws(ServiceError)
    {
        let now = clock.nowMilliseconds()
        guard records.sharesSessions else {
            try commit(.remember(session: core.id, answer: answer, dropAnswersThrough: dropThrough, at: now), to: records)
            return
        }
        try appendShared(core.id, events: [], answer: answer, dropThrough: dropThrough, at: now, after: core.version, in: records)
    }

    /// Stores `events` and `answer` only if the session is still at `version` in the shared store and holds no answer
    /// at or past `answer`'s sequence: `storeConflict` otherwise, for the caller to catch up and try again.
    private func appendShared(
        _ id: String, events: [StoredEvent], answer: StoredAnswer?, dropThrough: Int?, at: Int64, after version: Int,
        in records: any SessionRecordStore
    ) throws(ServiceError) {
        let outcome: AppendOutcome
        do {
            outcome = try records.append(
                session: id, events: events, answer: answer, dropAnswersThrough: dropThrough, at: at, expecting: version)
        } catch {
            throw .storeUnavailable(error.message)
        }
        switch outcome {
        case .appended: return
        case let .conflict(current): throw .storeConflict(current: current)
        case .missing: throw .sessionNotFound()
        }
    }

    /// The history's entries after the first `historyCount`, as stored, each with the digest of its state.
    private func storedEvents(of core: SessionCore, since historyCount: Int, states: [[UInt8]]) -> [StoredEvent] {
        zip(core.history[historyCount...], states).map { entry, state in
            StoredEvent(
                version: entry.version, event: entry.step.canonicalJSON, at: entry.atMilliseconds,
                stateDigest: BodyDigest(state).bytes)
        }
    }

    /// Records the answer kept for a request that changed nothing.
    func recordAnswer(of core: SessionCore, key: IdempotencyKey, digest: BodyDigest) throws(ServiceError) {
        guard let records else { return }
        let (answer, dropThrough) = storedAnswer(core, key: key, digest: digest)
        guard let answer else { return }
        try keep(answer, dropThrough: dropThrough, of: core, in: records)
    }

    /// Records a deletion; throws (503) when the store cannot.
    func recordDeletion(of id: String) throws(ServiceError) {
        guard let records else { return }
        try commit(.delete(session: id), to: records)
    }

    /// Hands the session's last access to the store, at most once a second per session.
    func recordAccess(of core: SessionCore, now: Int64) {
        guard let records, now - 1000 >= core.lastStoredAccessUptime else { return }
        core.lastStoredAccessUptime = now
        records.touch(core.id, atMilliseconds: clock.nowMilliseconds())
    }

    /// The answer the next `remember` keeps, as stored, and the sequence through which older ones go.
    private func storedAnswer(_ core: SessionCore, key: IdempotencyKey?, digest: BodyDigest?) -> (StoredAnswer?, Int?) {
        guard let key, let digest else { return (nil, nil) }
        let sequence = core.idempotency.sequence + 1
        let answer = StoredAnswer(sequence: sequence, key: key.bytes, bodyDigest: digest.bytes, version: core.version, body: core.stateJSON)
        let dropThrough = sequence - core.idempotency.capacity
        return (answer, dropThrough > 0 ? dropThrough : nil)
    }

    private func commit(_ change: StoreChange, to records: any SessionRecordStore) throws(ServiceError) {
        do {
            try records.commit(change)
        } catch {
            throw .storeUnavailable(error.message)
        }
    }
}

/// Why a stored session could not be restored.
struct RestoreFailure: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
