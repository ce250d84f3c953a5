import HeadlessUI
import RIBs

/// Told when a screen left because of a pop or a dismissal, whoever caused it.
public protocol ScreenCloseListener: AnyObject {
    /// The screen was popped or dismissed (by the app or by the user's gesture).
    func screenDidClose()
}

/// Seed 003's base view controller: turns "moved from parent" and "being dismissed" (its own or its
/// container's) into a close event, so a swipe back or a swiped-down sheet reaches the interactor and the RIB
/// is detached.
///
/// Seed 003 reads "moved from parent" in `viewDidDisappear` (`isMovingFromParent`). UIKit sends that to the
/// top of the stack alone: a pop of several screens at once (the back button's long-press menu, a pop to the
/// root) takes the covered ones out with `didMove(toParent: nil)` only, and their RIBs would stay attached.
/// So the move itself is the signal here, as RxFlow reads it too.
open class BaseViewController: ViewController, ViewControllable {
    /// The interactor (RIBs' presentable listener) that hears the close event.
    public weak var closeListener: (any ScreenCloseListener)?

    open override func didMove(toParent parent: ViewController?) {
        super.didMove(toParent: parent)
        if parent == nil {
            closeListener?.screenDidClose()
        }
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // A page wrapped in a navigation controller for its presentation (seed 000) is dismissed with it. UIKit
        // tells the stack's top only: pages covered in it hear nothing, and their RIBs go with the container's.
        if isBeingDismissed || isParentBeingDismissed {
            closeListener?.screenDidClose()
        }
    }
}
