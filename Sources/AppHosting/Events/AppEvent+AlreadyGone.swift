import HeadlessUI

extension AppEvent {
    /// The screen a swipe (`didPop`, `didDismiss`) reports gone; nil for other events.
    public var swipedScreen: String? {
        switch self {
        case let .didPop(screen), let .didDismiss(screen): screen
        default: nil
        }
    }

    /// Whether this is a `didPop` or `didDismiss` of a screen of `app` that `window` no longer shows anywhere.
    ///
    /// The contract makes such an event a no-op (200, same version) whoever is on screen now: a client that
    /// retries its swipe after the app moved on (a sheet presented since, a logout) must not get a 409 because
    /// the RIB or flow that would have handled it is no longer there. A session applies that rule to any
    /// app's runtime once no handler took the event.
    ///
    /// Shown means anywhere in a layer's containment, not only on its stack: a container the window shows
    /// (the login app's Root, a navigation controller) is on screen, and a swipe of it is refused like one of
    /// the navigation app's Root, not taken as a retry. A name the app never shows is no retry either: a
    /// client's typo gets a refusal, not a silent success.
    public func namesScreenAlreadyGone(from window: Window, of app: AppDefinition) -> Bool {
        guard let screen = swipedScreen, app.canShow(screen: screen) else { return false }
        return Self.shown(screen, in: window) == nil
    }
}
