/// A subscription to an interactor's active state; cancelled explicitly or when released.
public final class ActiveStateObservation: Cancellable {
    /// What the subscriber is told.
    let callback: (Bool) -> Void
    /// What the subscriber is told when the interactor goes (RIBs' `isActiveStream` completing), if it asked.
    let onEnd: (() -> Void)?
    // Unretained, and cleared by the interactor's `deinit`: an observation must not keep its interactor alive.
    // Both sides run under the session's lock.
    unowned(unsafe) var interactor: Interactor?

    init(interactor: Interactor, callback: @escaping (Bool) -> Void, onEnd: (() -> Void)? = nil) {
        self.interactor = interactor
        self.callback = callback
        self.onEnd = onEnd
    }

    deinit { cancel() }

    /// Stops the observation; idempotent. A cancelled observation is not told of the interactor's end.
    public func cancel() {
        guard let interactor else { return }
        self.interactor = nil
        interactor.removeObserver(self)
    }
}
