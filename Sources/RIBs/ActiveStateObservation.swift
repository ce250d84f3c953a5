/// A subscription to an interactor's active state; cancelled explicitly or when released.
public final class ActiveStateObservation {
    /// What the subscriber is told.
    let callback: (Bool) -> Void
    // Unretained, and cleared by the interactor's `deinit`: an observation must not keep its interactor alive.
    // Both sides run under the session's lock.
    unowned(unsafe) var interactor: Interactor?

    init(interactor: Interactor, callback: @escaping (Bool) -> Void) {
        self.interactor = interactor
        self.callback = callback
    }

    deinit { cancel() }

    /// Stops the observation; idempotent.
    public func cancel() {
        guard let interactor else { return }
        self.interactor = nil
        interactor.removeObserver(self)
    }
}
