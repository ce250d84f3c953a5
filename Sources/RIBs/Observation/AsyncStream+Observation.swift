extension AsyncStream where Element: Sendable {
    /// A stream fed by a synchronous observation: every value in order (none dropped, so a test or a log sees each
    /// change), finished when the source ends. `observe` subscribes with a receiver and an end callback and returns
    /// the subscription, which the stream keeps until the source ends or the consumer stops listening (noticed at
    /// the next value: the source is never reached from another thread).
    static func observing(_ observe: (_ receive: @escaping (Element) -> Void, _ end: @escaping () -> Void) -> any Cancellable) -> Self {
        let (stream, continuation) = makeStream(of: Element.self)
        let feed = Feed()
        let subscription = observe(
            { value in
                if case .terminated = continuation.yield(value) { feed.stop() }
            },
            {
                continuation.finish()
                feed.stop()
            })
        // The subscription and its receiver hold each other (through `feed`) until `stop` breaks the cycle; a source
        // that ended during the call above is not waited for.
        if !feed.isStopped { feed.subscription = subscription }
        return stream
    }
}

/// Keeps a stream's subscription alive.
private final class Feed {
    var subscription: (any Cancellable)?
    private(set) var isStopped = false

    func stop() {
        isStopped = true
        let subscription = self.subscription
        self.subscription = nil
        subscription?.cancel()
    }
}
