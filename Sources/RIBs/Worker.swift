/// Work bound to an interactor's scope: runs while the scope is active, restarts when it is again.
open class Worker {
    /// Whether `start` was called (deactivation keeps it, as in RIBs).
    public private(set) final var isStarted = false
    private var observation: ActiveStateObservation?
    private var isRunning = false

    /// Creates a stopped worker.
    public init() {}

    deinit {
        // As RIBs does: a worker released while it runs is stopped, so `didStop` balances `didStart`.
        stop()
    }

    /// Binds to `scope` (weakly); `didStart` runs each time it becomes active. Idempotent.
    public final func start(_ scope: any InteractorScope) {
        guard !isStarted else { return }
        isStarted = true
        observation = scope.observeActiveState { [weak self, weak scope] active in
            // While the scope deinitialises it is already nil here, but its deactivation must still stop the worker.
            self?.scopeChanged(active: active, scope: scope)
        }
    }

    /// Unbinds; `didStop` runs if it was running. Idempotent.
    public final func stop() {
        guard isStarted else { return }
        isStarted = false
        observation?.cancel()
        observation = nil
        if isRunning {
            isRunning = false
            didStop()
        }
    }

    /// Called each time the bound scope becomes active.
    open func didStart(_ interactorScope: any InteractorScope) {}
    /// Called each time the bound scope resigns, and on `stop` while running.
    open func didStop() {}

    private func scopeChanged(active: Bool, scope: (any InteractorScope)?) {
        if active, !isRunning, let scope {
            isRunning = true
            didStart(scope)
        } else if !active, isRunning {
            isRunning = false
            didStop()
        }
    }
}
