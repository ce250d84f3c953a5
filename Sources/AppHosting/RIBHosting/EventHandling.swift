/// An interactor that takes client events, the way it would take taps from its view.
///
/// Dispatch offers an event to the interactor of the RIB on top of the screen first; one that returns
/// `false` passes it on to its parent (its listener), up to the root.
public protocol EventHandling: AnyObject {
    /// The event types this interactor would handle successfully now, in the order it lists them.
    var acceptedEvents: [EventType] { get }
    /// Handles `event` and returns `true`, or returns `false` to pass it to the parent.
    ///
    /// Before throwing, leave what the state does not show (the interactor's and router's own properties) as
    /// it was: the host undoes a changed tree or screen by replaying the history, and only when they changed.
    /// Likewise, a call that returns `true` but changes nothing the state shows is not recorded (the version
    /// stays): it must change nothing else either, or a replay of the history would not reproduce it.
    func handle(_ event: AppEvent) throws(EventError) -> Bool
}

/// An interactor with data worth showing in the tree (Home's user name).
public protocol StateExposing: AnyObject {
    /// Key/value pairs shown as the node's `state`.
    var exposedState: [(key: String, value: String)] { get }
}
