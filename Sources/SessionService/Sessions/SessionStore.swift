import Locking

/// All live sessions by id, bounded.
package final class SessionStore: Sendable {
    private let sessions = Lock<[String: Session]>([:])
    /// The most sessions held at once.
    let limit: Int

    package init(limit: Int) {
        self.limit = limit
    }

    /// Adds a session unless the store is full.
    package func insert(_ session: Session) -> Bool {
        sessions.withLock { sessions in
            guard sessions.count < limit else { return false }
            sessions[session.id] = session
            return true
        }
    }

    /// The session with this id.
    package func session(_ id: String) -> Session? {
        sessions.withLock { $0[id] }
    }

    /// Forgets the session with this id and returns it.
    @discardableResult
    func remove(_ id: String) -> Session? {
        sessions.withLock { $0.removeValue(forKey: id) }
    }

    /// How many sessions are alive.
    package var count: Int {
        sessions.withLock { $0.count }
    }

    /// Whether the store is full.
    var isFull: Bool {
        sessions.withLock { $0.count >= limit }
    }

    /// Every session, for a sweep outside the store's lock.
    func all() -> [Session] {
        sessions.withLock { Array($0.values) }
    }
}
