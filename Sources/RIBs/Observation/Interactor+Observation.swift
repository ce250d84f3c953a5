extension Interactor {
    /// The active state as an async sequence (RIBs' `isActiveSequence`): the current state first, then every change,
    /// finished when the interactor goes. For async code; code on the session's thread observes synchronously
    /// with `observeActiveState(_:onEnd:)`.
    public final var isActiveSequence: AsyncStream<Bool> {
        .observing { receive, end in observeActiveState(receive, onEnd: end) }
    }
}
