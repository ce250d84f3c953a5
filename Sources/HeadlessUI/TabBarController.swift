/// A headless `UITabBarController`: its tabs are contained controllers, and it shows the selected one alone.
///
/// Each tab keeps its own screens: a tab's controller may be a navigation controller, whose stack lives on while
/// another tab is selected. Selecting (`TabBarController+Selection.swift`) tells the tab that goes it disappeared
/// and the one that comes it appeared, neither moving; the tabs that are not selected hear nothing.
public final class TabBarController: ViewController {
    /// The selected tab's index as last set, read through `selectedIndex`. An index, not the controller: a tab that
    /// app code takes away with a containment call (`removeFromParent`, which UIKit does not support on tabs) is
    /// then let go at once, and the tab at the same index, or else the first, is selected, as new tabs do.
    private var storedSelection = 0
    /// Set while a selection or new tabs are telling their controllers: the tabs take no other change then.
    private var isTransitioning = false

    /// The tabs, in tab bar order (UIKit's `viewControllers`).
    public var viewControllers: [ViewController] { children }

    /// The selected tab's index; nil when there are no tabs.
    public var selectedIndex: Int? {
        if children.isEmpty { return nil }
        return storedSelection < children.count ? storedSelection : 0
    }

    /// The selected tab; nil when there are no tabs.
    public var selectedViewController: ViewController? {
        selectedIndex.map { children[$0] }
    }

    /// Its selected tab only: the others are off the screen until selected.
    override func shows(_ child: ViewController) -> Bool { child === selectedViewController }

    /// Creates a tab bar with no tabs, as `UITabBarController()` does.
    public init() {
        super.init(screenName: "TabBarController")
    }

    /// Creates a tab bar with these tabs, the first one selected; records no transition.
    ///
    /// - Throws: the same rules as `setViewControllers`.
    public convenience init(viewControllers: [ViewController]) throws(ViewHierarchyError) {
        self.init()
        try setViewControllers(viewControllers, animated: false)
        lastTransition = nil
    }

    /// Replaces the tabs. As UIKit documents, the selected controller stays selected if it is still a tab; if not,
    /// the tab at the same index is selected, else the first. A tab that leaves hears willMove, viewDidDisappear
    /// moving from its parent if it was on screen, and didMove; the tab selected now comes on screen (moving to
    /// its parent if it is new), and the new tabs hear didMove last, as after a push.
    ///
    /// - Throws: `duplicateTab`, `alreadyInHierarchy` for a controller that lives elsewhere (or this tab bar, or one
    ///   it hangs from), `tabTransitionInProgress` from inside a call another change of its tabs is making.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) throws(ViewHierarchyError) {
        for (index, controller) in controllers.enumerated() {
            if controllers[..<index].contains(where: { $0 === controller }) { throw .duplicateTab(controller.screenName) }
            if controller.parent !== self, livesElsewhere(controller) { throw .alreadyInHierarchy(controller.screenName) }
        }
        try beginTransition()
        defer { isTransitioning = false }
        let previous = selectedViewController
        let previousIndex = selectedIndex
        let removed = children.filter { old in !controllers.contains { $0 === old } }
        for old in removed.reversed() {
            old.willMove(toParent: nil)
            old.detachFromParent()
        }
        // Kept tabs stay contained: only their order changes.
        let kept = Set(children.map(ObjectIdentifier.init))
        children = []
        var added: [ViewController] = []
        for controller in controllers {
            if kept.contains(ObjectIdentifier(controller)) {
                children.append(controller)
            } else {
                attach(controller)
                added.append(controller)
            }
        }
        if let previous, let index = children.firstIndex(where: { $0 === previous }) {
            storedSelection = index
        } else {
            storedSelection = previousIndex.map { $0 < children.count ? $0 : 0 } ?? 0
        }
        // The removed ones hear that they left once the new tabs are in place: app code that hears finds the
        // tab bar as it will stay.
        for old in removed.reversed() { old.finishRemoval(animated: animated) }
        lastTransition = Transition(kind: .setViewControllers, animated: animated)
        if let selected = selectedViewController, selected !== previous {
            if let previous, kept.contains(ObjectIdentifier(previous)) { previous.disappear(animated: animated) }
            if selected.isVisible { selected.appear(animated: animated, movingToParent: !kept.contains(ObjectIdentifier(selected))) }
        }
        for controller in added { controller.didMove(toParent: self) }
    }

    // MARK: - Internals

    /// Shows the tab at `index` in place of the selected one (a valid index, not the selected one's).
    func switchTab(to index: Int) throws(ViewHierarchyError) {
        try beginTransition()
        defer { isTransitioning = false }
        let previous = selectedViewController
        storedSelection = index
        let selected = children[index]
        // UIKit gives a tab switch no animation to pass on.
        previous?.disappear(animated: false)
        // App code that heard may have hidden the tab bar (a full-screen presentation) or taken this tab away.
        if selected.isVisible { selected.appear(animated: false) }
        lastTransition = Transition(kind: .selectTab, animated: false)
    }

    /// Marks a transition begun; refused while another is telling its controllers. App code that changes the
    /// tabs from inside one of those calls would change them under the transition, as on a navigation stack.
    private func beginTransition() throws(ViewHierarchyError) {
        if isTransitioning { throw .tabTransitionInProgress(screenName) }
        isTransitioning = true
    }
}
