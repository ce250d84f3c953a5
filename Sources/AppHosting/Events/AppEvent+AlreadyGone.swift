import HeadlessUI

extension AppEvent {
    /// Whether this is a `didPop` or `didDismiss` of a screen `window` no longer shows anywhere.
    ///
    /// The contract makes such an event a no-op (200, same version) whoever is on screen now: a client that
    /// retries its swipe after the app moved on (a sheet presented since, a logout) must not get a 409 because
    /// the RIB or flow that would have handled it is no longer there. A session applies that rule to any
    /// app's runtime once no handler took the event.
    public func namesScreenAlreadyGone(from window: Window) -> Bool {
        switch self {
        case let .didPop(screen), let .didDismiss(screen):
            !window.layers.contains { layer in layer.stack.contains { $0.screenName == screen } }
        default:
            false
        }
    }
}
