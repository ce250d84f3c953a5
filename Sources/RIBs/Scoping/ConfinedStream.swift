/// Values confined to an interactor's active periods (RIBs' `confineTo(_:)`): a value sent while the scope is
/// active is delivered at once; one sent while it is inactive is held, and the latest value is delivered again
/// each time the scope becomes active (RIBs combines the stream with the scope's state, so reactivation repeats
/// the latest value even if it was delivered before).
///
/// The producer calls `send`; the confinement lasts until `cancel` or release, across any number of active periods.
public final class ConfinedStream<Value>: Cancellable {
    private let receive: (Value) -> Void
    private var latest: Value?
    private var isScopeActive = false
    private var observation: ActiveStateObservation?

    /// Confines what is sent to `scope`'s active periods, delivering it to `receive`. The scope is not retained.
    public init(to scope: any InteractorScope, _ receive: @escaping (Value) -> Void) {
        self.receive = receive
        observation = scope.observeActiveState { [weak self] active in self?.scopeChanged(active: active) }
    }

    /// Delivers `value` now if the scope is active; keeps it as the latest either way.
    public func send(_ value: Value) {
        guard observation != nil else { return }
        latest = value
        if isScopeActive { receive(value) }
    }

    /// Ends the confinement: nothing is delivered after. Idempotent.
    public func cancel() {
        observation?.cancel()
        observation = nil
        latest = nil
    }

    private func scopeChanged(active: Bool) {
        guard active != isScopeActive else { return }
        isScopeActive = active
        if active, let latest { receive(latest) }
    }
}
