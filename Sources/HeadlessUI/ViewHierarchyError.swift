/// UIKit's navigation rules, as errors thrown before anything changes (UIKit raises or logs them).
public enum ViewHierarchyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Presenting from a controller that already presents another one.
    case alreadyPresenting(presenter: String, presented: String, attempted: String)
    /// Showing (presenting, pushing, stacking) a controller that is already contained, presented, presenting, or
    /// a window's root.
    case alreadyInHierarchy(String)
    /// Pushing a navigation controller onto a navigation controller.
    case pushingNavigationController(String)
    /// Pushing an instance that is already on the stack.
    case alreadyOnStack(String)
    /// Popping the root view controller of a stack.
    case cannotPopRoot(String)
    /// Setting an empty stack.
    case emptyStack
    /// A controller that is not on the stack it was looked up in.
    case notOnStack(String)
    /// Dismissing when nothing is presented.
    case nothingToDismiss(String)
    /// Swiping down a controller presented full screen: UIKit offers that gesture on sheets only.
    case notInteractivelyDismissible(String)
    /// No navigation controller contains the controller that was asked to push or pop.
    case noNavigationController(String)
    /// Presenting from a controller that is in no window: UIKit presents nothing then (and logs why).
    case notInWindowHierarchy(presenter: String, attempted: String)
    /// Swiping down a sheet that presents another one: only the sheet on top is under the user's finger.
    case coveredSheet(String, by: String)
    /// Presenting from a layer whose presentations are being dismissed (app code that hears of the dismissal).
    case presentationInProgress(presenter: String, attempted: String)
    /// Changing a navigation stack from inside a call its own push, pop or new stack is making.
    case transitionInProgress(String)
    /// Selecting a tab by an index the tab bar has no tab at.
    case noSuchTab(index: Int, tabBar: String, count: Int)
    /// Selecting a controller that is not one of the tab bar's tabs.
    case notATab(String, tabBar: String)
    /// Giving a tab bar the same controller twice.
    case duplicateTab(String)
    /// Changing a tab bar's tabs or selection from inside a call its own selection or new tabs is making.
    case tabTransitionInProgress(String)

    /// The message UIKit would print, or the closest equivalent.
    public var description: String {
        switch self {
        case let .alreadyPresenting(presenter, presented, attempted):
            return "Attempt to present \(attempted) on \(presenter) which is already presenting \(presented)"
        case let .alreadyInHierarchy(name):
            // One case for present, push and a new stack: the message names no operation.
            return "\(name) is already in a view hierarchy (contained, presented, presenting, or a window's root)"
        case let .pushingNavigationController(name):
            return "Pushing a navigation controller (\(name)) is not supported"
        case let .alreadyOnStack(name):
            return "Pushing the same view controller instance (\(name)) more than once is not supported"
        case let .cannotPopRoot(name):
            return "Cannot pop \(name): it is the root of its navigation stack"
        case .emptyStack:
            return "A navigation stack cannot be empty"
        case let .notOnStack(name):
            return "\(name) is not on the navigation stack"
        case let .nothingToDismiss(name):
            return "\(name) is not presenting anything and is not presented"
        case let .notInteractivelyDismissible(name):
            return "\(name) is presented full screen: no gesture dismisses it"
        case let .noNavigationController(name):
            return "\(name) is not inside a navigation controller"
        case let .notInWindowHierarchy(presenter, attempted):
            return "Attempt to present \(attempted) on \(presenter) whose view is not in the window hierarchy"
        case let .coveredSheet(name, covering):
            return "\(name) is covered by \(covering): only the sheet on top can be swiped down"
        case let .presentationInProgress(presenter, attempted):
            return "Attempt to present \(attempted) on \(presenter) while a presentation is in progress"
        case let .transitionInProgress(name):
            return "Cannot change the navigation stack of \(name) while one of its transitions is in progress"
        case let .noSuchTab(index, tabBar, count):
            return "Cannot select tab \(index) of \(tabBar): it has \(count) tab\(count == 1 ? "" : "s")"
        case let .notATab(name, tabBar):
            // UIKit's words: "only a view controller in the tab bar controller's list of view controllers can be selected".
            return "\(name) is not one of the tabs of \(tabBar): only a tab can be selected"
        case let .duplicateTab(name):
            return "\(name) is given as a tab more than once"
        case let .tabTransitionInProgress(name):
            return "Cannot change the tabs of \(name) while one of its transitions is in progress"
        }
    }
}
