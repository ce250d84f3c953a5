import AppHosting
import Locking
import SessionStorage

/// One session: an app's live tree behind its own lock, so different sessions run in parallel.
///
/// A session a restarted server found in its store starts dormant (its summary only) and comes alive, its log
/// replayed, when a request first touches it: start-up does not grow with the number of events stored.
package final class Session: Sendable {
    package let id: String
    private let slot: Lock<Slot>

    /// What the lock guards: a live tree, a stored session not yet replayed, or one that expired dormant.
    enum Slot {
        case live(LiveSession)
        case dormant(DormantSession)
        case gone
    }

    package init(
        id: String, app: AppDefinition, uptime: Int64, idempotencyKeys: Int, eventLimit: Int = .max,
        heldMemory: HeldMemory? = nil
    ) {
        self.id = id
        let core = SessionCore(
            id: id, app: app, uptime: uptime, idempotencyKeys: idempotencyKeys, eventLimit: eventLimit, heldMemory: heldMemory)
        slot = Lock(.live(LiveSession(core)))
    }

    /// A stored session, brought to life by `awaken`.
    init(dormant: DormantSession) {
        id = dormant.stored.id
        slot = Lock(.dormant(dormant))
    }

    /// Runs `body` with the session's state under its lock. Only for a live session (`awaken` makes one).
    package func withCore<Result: Sendable, Failure: Error>(_ body: (SessionCore) throws(Failure) -> Result) throws(Failure) -> Result {
        try slot.withLock { (slot: inout Slot) throws(Failure) -> Result in
            guard case let .live(live) = slot else { preconditionFailure("session \(id) used before its log was replayed") }
            return try body(live.core)
        }
    }

    /// `withCore`, with what the transport keeps beside the core.
    func withLive<Result: Sendable, Failure: Error>(
        _ body: (SessionCore, SessionOutlets) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try slot.withLock { (slot: inout Slot) throws(Failure) -> Result in
            guard case let .live(live) = slot else { preconditionFailure("session \(id) used before its log was replayed") }
            return try body(live.core, live.outlets)
        }
    }

    /// Runs `body` under the lock if nobody holds it now; nil, without waiting, if somebody does.
    func withSlotIfAvailable<Result: Sendable>(_ body: (inout Slot) -> Result) -> Result? {
        slot.withLockIfAvailable { slot in body(&slot) }
    }

    /// Runs `body` on the live tree and its outlets, if the session has them, under the lock.
    func withLiveCore(_ body: (SessionCore, SessionOutlets) -> Void) {
        slot.withLock { slot in
            if case let .live(live) = slot { body(live.core, live.outlets) }
        }
    }

    /// Makes a dormant session live with what `restore` builds from its summary (under the lock, so a request
    /// that comes meanwhile waits for the tree rather than replaying it twice); a live one is left as it is.
    func awaken(_ restore: (DormantSession) throws(ServiceError) -> SessionCore) throws(ServiceError) {
        try slot.withLock { (slot: inout Slot) throws(ServiceError) in
            switch slot {
            case .live: return
            case .gone: throw .sessionNotFound()
            case let .dormant(dormant):
                do throws(ServiceError) {
                    slot = .live(LiveSession(try restore(dormant)))
                } catch {
                    // A store that did not answer may answer the next request; a log that does not replay never will.
                    if error.code != ServiceError.storeUnavailableCode { slot = .gone }
                    throw error
                }
            }
        }
    }
}

/// A stored session not yet replayed: its summary, and when it was last used on this process's uptime scale.
struct DormantSession: Sendable {
    let stored: StoredSession
    let lastAccessUptime: Int64
}

/// A live session: its domain core and what the transport keeps beside it, made together.
struct LiveSession {
    let core: SessionCore
    let outlets: SessionOutlets

    init(_ core: SessionCore) {
        self.core = core
        outlets = SessionOutlets(heldMemory: core.heldMemory)
        core.attach(outlets)
    }
}
