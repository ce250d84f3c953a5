extension Cancellable {
    /// Cancels this work when `interactor` resigns (RIBs' `disposeOnDeactivate(interactor:)`); cancels it at once
    /// when the interactor is inactive already. The interactor holds the work until then, so the work may hold the
    /// interactor: the cycle ends at the deactivation.
    @discardableResult
    public func cancelOnDeactivate(interactor: Interactor) -> Self {
        interactor.holdWhileActive(self)
        return self
    }

    /// Cancels this work when `worker` stops, or when the scope it is bound to resigns (RIBs' `disposeOnStop`);
    /// cancels it at once when the worker is not running.
    @discardableResult
    public func cancelOnStop(_ worker: Worker) -> Self {
        worker.holdWhileRunning(self)
        return self
    }
}
