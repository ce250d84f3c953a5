import HeadlessUI

extension AppEvent {
    /// Why no user could have made this swipe, if it is one of a screen `window` shows: a swipe back of a screen
    /// on no stack, at a stack's root or on a stack under a presentation, a swipe down of a screen not presented,
    /// presented full screen, or under another sheet. Nil for other events, for screens not shown, and for a
    /// gesture a device offers.
    ///
    /// A session asks once no handler took the swipe: the move is refused as invalid (409 `invalid_navigation`)
    /// in every app, where it would otherwise say only that no RIB on screen handles it, as if another app could.
    public func impossibleGesture(in window: Window) -> String? {
        switch self {
        case let .didPop(screen):
            guard let controller = Self.shown(screen, in: window) else { return nil }
            guard let stack = controller.parent as? NavigationController else {
                return "\(screen) is on no navigation stack: no swipe back pops it"
            }
            if stack.viewControllers.first === controller { return NavigationController.rootPopRefusal(screen) }
            // A stack under a presentation is out of the user's reach: only the front layer takes gestures.
            if let covering = stack.presentedViewController {
                return "cannot pop \(screen): \(covering.screenName) is presented over its stack"
            }
            return nil
        case let .didDismiss(screen):
            guard let controller = Self.shown(screen, in: window) else { return nil }
            // The swipe takes the presented layer whole: the container at the top of the screen's containment.
            var base = controller
            while let parent = base.parent { base = parent }
            guard base.isPresented else { return "\(screen) is not presented: only a sheet can be swiped down" }
            if base.modalPresentationStyle == .fullScreen {
                return ViewHierarchyError.notInteractivelyDismissible(screen).description
            }
            if let covering = base.presentedViewController {
                return ViewHierarchyError.coveredSheet(screen, by: covering.screenName).description
            }
            return nil
        default:
            return nil
        }
    }

    /// A controller named `screen` in the window's layers, the front layer first (the one under the user's finger),
    /// through each layer's containment: the innermost of those a layer nests (a navigation controller takes its
    /// root's name, and a swipe names the page).
    static func shown(_ screen: String, in window: Window) -> ViewController? {
        for layer in window.layers.reversed() {
            if let found = find(screen, from: layer.controller) { return found }
        }
        return nil
    }

    private static func find(_ screen: String, from controller: ViewController) -> ViewController? {
        // A tab bar shows its selected tab alone: no swipe reaches the others' screens. (A stack's covered pages
        // are searched: a swipe back may name one the client has already popped to.)
        let searched =
            (controller as? TabBarController).map { tabs in tabs.selectedViewController.map { [$0] } ?? [] } ?? controller.children
        for child in searched {
            if let found = find(screen, from: child) { return found }
        }
        return controller.screenName.isSameName(as: screen) ? controller : nil
    }
}
