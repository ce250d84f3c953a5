import RIBs

/// Work that records "<name>.cancel" each time it is cancelled.
final class CancelProbe: Cancellable {
    let name: String
    let log: EventLog
    /// Runs inside `cancel`, as a cancellation handler would.
    var onCancel: (() -> Void)?

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }

    func cancel() {
        log.record("\(name).cancel")
        onCancel?()
    }
}
