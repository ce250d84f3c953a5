import AppHosting
import SessionStorage

/// Many instances over one shared store (Redis): any instance serves any session. The store holds the truth; an
/// instance keeps the trees it used lately warm and makes sure it never answers from an old copy: a change is
/// stored by a compare-and-set on the version (one round trip on the warm path), and an answer from the local
/// copy (a read, or a refusal) is confirmed by one look at the stored version. A copy found behind catches up by
/// replaying what it missed.
extension SessionService {
    /// Whether other instances write the sessions too.
    var sharesSessions: Bool { records?.sharesSessions ?? false }

    /// The most times a change is tried again after another instance changed its session first.
    static let changeAttempts = 4

    /// A session this instance does not hold (another made it, or this one let it go), read from the shared store
    /// and held here (dormant: its log replays on first use); nil when the store has none either.
    func loadShared(_ id: String) throws(ServiceError) -> Session? {
        guard let records, records.sharesSessions, SessionStore.isPlainKey(id) else { return nil }
        let stored: StoredLog?
        do {
            stored = try records.log(of: id)
        } catch {
            throw .storeUnavailable(error.message)
        }
        guard let stored else { return nil }
        store.restore(Session(dormant: DormantSession(stored: stored.session, lastAccessUptime: clock.uptimeMilliseconds())))
        return store.session(id)
    }

    /// Makes `core` as fresh as the shared store, under its session's lock: one look at the stored version, and a
    /// catch-up when another instance moved it on. A session the store no longer holds (deleted, expired there)
    /// is gone here too. Answers whether the copy was behind.
    @discardableResult
    func refresh(_ core: SessionCore, _ outlets: SessionOutlets) throws(ServiceError) -> Bool {
        guard let records, records.sharesSessions else { return false }
        let stored: Int?
        do {
            stored = try records.storedVersion(of: core.id)
        } catch {
            throw .storeUnavailable(error.message)
        }
        guard let stored else {
            dropShared(core)
            throw .sessionNotFound()
        }
        guard stored > core.version else { return false }
        try catchUp(core, outlets)
        return true
    }

    /// Replays what other instances stored after `core`'s version (events, rewinds, links, and the answers kept
    /// with them), telling the streams of each version; a log that does not replay to what was stored closes
    /// the copy. Only what the copy missed is read: the events after its version and the answers after its
    /// newest, so a catch-up costs what happened since, however long the session is.
    func catchUp(_ core: SessionCore, _ outlets: SessionOutlets) throws(ServiceError) {
        guard let records else { return }
        let stored: StoredLog?
        do {
            stored = try records.log(of: core.id, after: core.version, answersAfter: core.idempotency.sequence)
        } catch {
            throw .storeUnavailable(error.message)
        }
        guard let stored else {
            dropShared(core)
            throw .sessionNotFound()
        }
        var entries: [HistoryEntry] = []
        for event in stored.events where event.version > core.version {
            guard event.version == core.version + entries.count + 1, let step = HistoryStep(json: event.event, catalog: core.app.catalog)
            else {
                dropShared(core, reason: .failed)
                throw .sessionNotRestorable("its stored log is damaged at version \(event.version)")
            }
            entries.append(HistoryEntry(version: event.version, step: step, atMilliseconds: event.at))
        }
        let states = core.catchUp(entries)
        // The summary was read with the events, as of one moment: the copy must now be at its version and state.
        guard core.version == stored.session.version else {
            dropShared(core, reason: .failed)
            throw .sessionNotRestorable("its stored log ends before version \(stored.session.version)")
        }
        if !entries.isEmpty, BodyDigest(core.stateJSON).bytes != stored.session.stateDigest {
            dropShared(core, reason: .failed)
            throw .sessionNotRestorable("its app here does not replay the stored log to the state of version \(core.version)")
        }
        for answer in stored.answers where answer.sequence > core.idempotency.sequence {
            guard let digest = BodyDigest(stored: answer.bodyDigest) else { continue }
            core.restoreAnswer(
                IdempotencyKey(bytes: answer.key), IdempotencyCache.Entry(body: digest, version: answer.version, answer: answer.body),
                sequence: answer.sequence)
        }
        for (entry, state) in zip(entries, states) { outlets.watchers.publish(version: entry.version, state: state) }
    }

    /// Runs `attempt` (a change's checks, then its compare-and-set in the store) until its answer is the store's
    /// version's: a change another instance stored first is caught up with and tried again, and a refusal that
    /// an old copy could give is confirmed against the store first. Without a shared store, once.
    func untilFresh<Result>(
        _ core: SessionCore, _ outlets: SessionOutlets, _ attempt: () throws(ServiceError) -> Result
    ) throws(ServiceError) -> Result {
        var tries = 1
        while true {
            do throws(ServiceError) {
                return try attempt()
            } catch {
                guard sharesSessions, tries < Self.changeAttempts else {
                    if error.code == ServiceError.storeConflictCode {
                        throw .storeUnavailable("the session kept changing on other instances: try again")
                    }
                    throw error
                }
                if error.code == ServiceError.storeConflictCode {
                    try catchUp(core, outlets)
                } else {
                    guard Self.mayBeStale(error) else { throw error }
                    guard try refresh(core, outlets) else { throw error }
                }
                tries += 1
            }
        }
    }

    /// Deletes `core`'s session from the shared store if it is still at `core`'s version (a compare-and-set, as
    /// for an event): `storeConflict` when another instance moved it on first, not found when it is gone.
    func deleteShared(_ core: SessionCore) throws(ServiceError) {
        guard let records else { return }
        let outcome: AppendOutcome
        do {
            outcome = try records.delete(session: core.id, expecting: core.version)
        } catch {
            throw .storeUnavailable(error.message)
        }
        switch outcome {
        case .appended: return
        case let .conflict(current): throw .storeConflict(current: current)
        case .missing:
            dropShared(core)
            throw .sessionNotFound()
        }
    }

    /// Lets go of a copy whose session the shared store no longer holds (or that cannot follow it).
    private func dropShared(_ core: SessionCore, reason: SessionEnd = .deleted) {
        store.remove(core.id)
        core.close(reason: reason)
    }

    /// Whether `error`, answered from the local copy, could be an old copy's: a refusal of the move, a
    /// precondition, a version it does not have yet. Such an answer is confirmed against the store first.
    static func mayBeStale(_ error: ServiceError) -> Bool {
        error.status == 409 || error.status == 412 || error.code == "version_not_found" || error.code == "unknown_link"
    }

    /// Starts hearing of other instances' changes to a session this one streams.
    func subscribeShared(_ id: String, _ outlets: SessionOutlets) {
        guard let records, records.sharesSessions, !outlets.subscribed else { return }
        outlets.subscribed = true
        records.subscribe(id)
    }

    /// What the shared store tells of a change another instance made: the streams here get its versions.
    func heardShared(_ id: String, version: Int) {
        guard let session = store.session(id) else { return }
        session.withLiveCore { core, outlets in
            guard !core.isClosed, version > core.version else { return }
            try? catchUp(core, outlets)
        }
    }
}
