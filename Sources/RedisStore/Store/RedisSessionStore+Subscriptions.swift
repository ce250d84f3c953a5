import SessionStorage

/// Appends heard across instances: each append script publishes the version it reached on the session's
/// channel, and the subscriber passes it on (see `AppendSubscriber` for what is and is not heard).
extension RedisSessionStore {
    public func observeAppends(_ handler: @escaping @Sendable (_ session: String, _ version: Int) -> Void) {
        subscriber.observe(handler)
    }

    /// Subscribes to the session's appends; the observer is first told the version the session is at once the
    /// subscription is in force, then each version an append reaches, strictly increasing.
    public func subscribe(_ id: String) {
        subscriber.subscribe(id)
    }

    public func unsubscribe(_ id: String) {
        subscriber.unsubscribe(id)
    }
}
