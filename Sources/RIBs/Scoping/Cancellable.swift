/// Work that can be stopped early: what an interactor cancels when it resigns and a worker when it stops (RIBs'
/// `Disposable`; Combine is not on Linux, and this module has no Rx).
public protocol Cancellable {
    /// Stops the work; calling it again does nothing more.
    func cancel()
}

// A task is the usual work an interactor starts while active.
extension Task: Cancellable {}
