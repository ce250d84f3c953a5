/// A subscription to an interactor's active state; cancelled explicitly or when released.
public final class ActiveStateObservation {
    private var cancellation: (() -> Void)?

    init(cancellation: @escaping () -> Void) {
        self.cancellation = cancellation
    }

    deinit { cancel() }

    /// Stops the observation; idempotent.
    public func cancel() {
        cancellation?()
        cancellation = nil
    }
}
