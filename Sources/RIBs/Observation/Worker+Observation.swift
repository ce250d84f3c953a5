extension Worker {
    /// The started state as an async sequence (RIBs' `isStartedSequence`): the current state first, then every
    /// change, finished when the worker goes.
    public final var isStartedSequence: AsyncStream<Bool> {
        .observing { receive, end in observeStarted(receive, onEnd: end) }
    }
}
