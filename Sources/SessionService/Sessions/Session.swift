import AppHosting
import Locking

/// One session: an app's live tree behind its own lock, so different sessions run in parallel.
package final class Session: Sendable {
    package let id: String
    private let core: Lock<SessionCore>

    package init(
        id: String, app: AppDefinition, uptime: Int64, idempotencyKeys: Int, eventLimit: Int = .max,
        heldMemory: HeldMemory? = nil
    ) {
        self.id = id
        core = Lock(SessionCore(
            id: id, app: app, uptime: uptime, idempotencyKeys: idempotencyKeys, eventLimit: eventLimit,
            heldMemory: heldMemory))
    }

    /// Runs `body` with the session's state under its lock.
    package func withCore<Result: Sendable, Failure: Error>(_ body: (SessionCore) throws(Failure) -> Result) throws(Failure) -> Result {
        try core.withLock { (core: inout SessionCore) throws(Failure) -> Result in try body(core) }
    }

    /// Runs `body` under the lock if nobody holds it now; nil, without waiting, if somebody does.
    package func withCoreIfAvailable<Result: Sendable>(_ body: (SessionCore) -> Result) -> Result? {
        core.withLockIfAvailable { core in body(core) }
    }
}
