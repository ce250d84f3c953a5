extension Router {
    /// Calls `observer` with each lifecycle event from now on (RIBs' `lifecycle`: late subscribers miss `.didLoad`,
    /// as with RIBs' publish subject); `onEnd` runs when the router goes, and must not reach it. Stops when the
    /// token is cancelled or dropped.
    public final func observeLifecycle(_ observer: @escaping (RouterLifecycle) -> Void, onEnd: @escaping () -> Void = {})
        -> ObservationToken
    {
        let observers = lifecycleObservers ?? Broadcast()
        lifecycleObservers = observers
        return observers.subscribe(observer, end: onEnd)
    }

    /// The lifecycle as an async sequence (RIBs' `lifecycleSequence`), finished when the router goes.
    public final var lifecycleSequence: AsyncStream<RouterLifecycle> {
        .observing { receive, end in observeLifecycle(receive, onEnd: end) }
    }
}
