/// A subscription to a router's lifecycle or a worker's started state; cancelled explicitly or when released, as
/// `ActiveStateObservation` is.
public final class ObservationToken: Cancellable {
    private var onCancel: (() -> Void)?

    init(onCancel: (() -> Void)?) {
        self.onCancel = onCancel
    }

    deinit { cancel() }

    /// Stops the observation; idempotent. A cancelled observation is not told of its source's end.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }
}
