/// Work bound to an interactor's scope: runs while the scope is active, restarts when it is again.
open class Worker {
    /// Whether `start` was called (deactivation keeps it, as in RIBs).
    public private(set) final var isStarted = false
    private var observation: ActiveStateObservation?
    /// Work cancelled when the worker stops running (RIBs' per-run bag); nil while it is not running.
    private var runningWork: [any Cancellable]?
    /// Who observes `isStarted`; made at the first subscription.
    private var startedObservers: Broadcast<Bool>?

    /// Creates a stopped worker.
    public init() {}

    deinit {
        // As RIBs does: a worker released while it runs is stopped, so `didStop` balances `didStart`.
        stop()
        startedObservers?.finish()
    }

    /// Binds to `scope` (weakly); `didStart` runs each time it becomes active. Idempotent.
    public final func start(_ scope: any InteractorScope) {
        guard !isStarted else { return }
        isStarted = true
        startedObservers?.send(true)
        // An observer of the started state may have stopped it already.
        guard isStarted else { return }
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
        stopRunning()
        // Told last (RIBs tells first): an observer that starts the worker again finds it wholly stopped. Unless
        // `didStop` started it again already: the observers heard that.
        guard !isStarted else { return }
        startedObservers?.send(false)
    }

    /// Called each time the bound scope becomes active.
    open func didStart(_ interactorScope: any InteractorScope) {}
    /// Called each time the bound scope resigns, and on `stop` while running.
    open func didStop() {}

    /// Calls `observer` with `isStarted` now and on every change (RIBs' `isStartedStream`); `onEnd` runs when the
    /// worker goes, after a running worker was stopped. Stops when the token is cancelled or dropped.
    public final func observeStarted(_ observer: @escaping (Bool) -> Void, onEnd: @escaping () -> Void = {}) -> ObservationToken {
        let observers = startedObservers ?? Broadcast()
        startedObservers = observers
        // Subscribed first: an observer that starts or stops the worker as it hears the current state hears that too.
        let token = observers.subscribe(observer, end: onEnd)
        observer(isStarted)
        return token
    }

    /// Holds `work` until the worker stops running, which cancels it; cancels it now if it is not running.
    final func holdWhileRunning(_ work: any Cancellable) {
        if runningWork != nil {
            runningWork?.append(work)
        } else {
            work.cancel()
        }
    }

    private func scopeChanged(active: Bool, scope: (any InteractorScope)?) {
        if active, runningWork == nil, let scope {
            runningWork = []
            didStart(scope)
        } else if !active {
            stopRunning()
        }
    }

    /// RIBs' order: the run's work is cancelled, then `didStop`.
    private func stopRunning() {
        guard let work = runningWork else { return }
        runningWork = nil
        for item in work { item.cancel() }
        didStop()
    }
}
