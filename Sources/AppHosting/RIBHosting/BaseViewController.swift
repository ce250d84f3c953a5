import HeadlessUI
import RIBs

/// Told when a screen left because of a pop or a dismissal, whoever caused it.
public protocol ScreenCloseListener: AnyObject {
    /// The screen was popped or dismissed (by the app or by the user's gesture).
    func screenDidClose()
}

/// Seed 003's base view controller: turns "moved from parent" and "being dismissed" into a close event,
/// so a swipe back or a swiped-down sheet reaches the interactor and the RIB is detached.
open class BaseViewController: ViewController, ViewControllable {
    /// The interactor (RIBs' presentable listener) that hears the close event.
    public weak var closeListener: (any ScreenCloseListener)?

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if isMovingFromParent || isBeingDismissed {
            closeListener?.screenDidClose()
        }
    }
}
