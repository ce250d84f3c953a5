/// A headless `UINavigationController`: a stack of contained controllers.
public final class NavigationController: ViewController {
    /// Whether the navigation bar is hidden.
    public var isNavigationBarHidden = false
    /// Set while a push, pop or new stack is telling its controllers: the stack takes no other change then.
    private var isTransitioning = false

    /// The stack, bottom to top.
    public var viewControllers: [ViewController] { children }
    /// The top of the stack.
    public var topViewController: ViewController? { children.last }

    /// Its top only: the controllers under it are covered.
    override func shows(_ child: ViewController) -> Bool { child === children.last }

    /// Creates an empty stack, as `UINavigationController()` does; the first push becomes its root.
    public init() {
        super.init(screenName: "NavigationController")
    }

    /// Creates a stack with one root controller, named after it.
    ///
    /// - Throws: the same rules as `push` (a navigation controller, or a controller that lives elsewhere).
    public init(rootViewController: ViewController) throws(ViewHierarchyError) {
        super.init(screenName: rootViewController.screenName)
        try validateNew(rootViewController)
        contain(rootViewController)
    }

    /// Pushes a controller onto the stack. The one it covers (and what it shows) is told it disappeared, not moving
    /// from its parent, between the new one's willMove and didMove, as UIKit tells it when the push's transition
    /// ends, and the new one that it appeared; neither when the stack is out of sight (under a full-screen modal,
    /// say, where the covered one had left the screen already).
    ///
    /// - Throws: `pushingNavigationController`, `alreadyOnStack`, or `alreadyInHierarchy` when it lives elsewhere.
    public func push(_ controller: ViewController, animated: Bool) throws(ViewHierarchyError) {
        try validateNew(controller)
        try beginTransition()
        defer { isTransitioning = false }
        let covered = topViewController
        attach(controller)
        // Told only if it is on screen now (each controller knows whether it last appeared); the new one then
        // appears if it is still in sight after what the covered one's code did.
        covered?.disappear(animated: animated)
        if controller.isVisible { controller.appear(animated: animated, movingToParent: true) }
        controller.didMove(toParent: self)
        lastTransition = Transition(kind: .push, animated: animated)
    }

    /// Pops the top controller.
    ///
    /// - Throws: `cannotPopRoot` when only the root is left.
    @discardableResult
    public func pop(animated: Bool) throws(ViewHierarchyError) -> ViewController {
        guard children.count > 1 else {
            throw .cannotPopRoot(children.first?.screenName ?? screenName)
        }
        return try pop(to: children[children.count - 2], animated: animated)[0]
    }

    /// Pops everything above `controller`; returns the popped controllers, top first.
    @discardableResult
    public func pop(to controller: ViewController, animated: Bool) throws(ViewHierarchyError) -> [ViewController] {
        try removeAbove(controller, kind: .pop, animated: animated)
    }

    /// Pops to the root controller; returns the popped controllers, top first.
    @discardableResult
    public func popToRoot(animated: Bool) -> [ViewController] {
        guard let root = children.first else { return [] }
        return (try? removeAbove(root, kind: .pop, animated: animated)) ?? []
    }

    /// Replaces the whole stack.
    ///
    /// - Throws: `emptyStack`, `pushingNavigationController`, `alreadyOnStack` for duplicates, `alreadyInHierarchy`.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) throws(ViewHierarchyError) {
        guard !controllers.isEmpty else { throw .emptyStack }
        try beginTransition()
        defer { isTransitioning = false }
        for (index, controller) in controllers.enumerated() {
            if controller is NavigationController { throw .pushingNavigationController(controller.screenName) }
            if controllers[..<index].contains(where: { $0 === controller }) { throw .alreadyOnStack(controller.screenName) }
            if controller.parent !== self, livesElsewhere(controller) { throw .alreadyInHierarchy(controller.screenName) }
        }
        let removed = children.filter { old in !controllers.contains { $0 === old } }
        let top = children.last
        for old in removed.reversed() {
            old.willMove(toParent: nil)
            old.detachFromParent()
        }
        // Kept controllers stay contained: only their order changes. New ones hear didMove last, as after a push.
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
        // The removed ones hear that they left once the new stack is in place, as a push tells the one it covers
        // after the new top is on: app code that hears never finds a controller between the two tops shown.
        for old in removed.reversed() { old.finishRemoval(animated: animated) }
        lastTransition = Transition(kind: .setViewControllers, animated: animated)
        if let newTop = children.last, newTop !== top {
            // The old top, kept but covered now, left the screen as from a push over it; the new top came on it.
            if let top, kept.contains(ObjectIdentifier(top)) { top.disappear(animated: animated) }
            if newTop.isVisible { newTop.appear(animated: animated, movingToParent: !kept.contains(ObjectIdentifier(newTop))) }
        }
        for controller in added { controller.didMove(toParent: self) }
    }

    /// The user swiped back (or tapped the system back button) to `controller`: UIKit pops without asking anyone.
    @discardableResult
    public func userDidPop(to controller: ViewController) throws(ViewHierarchyError) -> [ViewController] {
        try removeAbove(controller, kind: .interactivePop, animated: true)
    }

    // MARK: - Internals

    /// Marks a transition begun; refused while another is telling its controllers. App code that changes the
    /// stack from inside one of those calls would change it under the transition (UIKit warns of nested
    /// transitions and may leave the stack corrupted).
    private func beginTransition() throws(ViewHierarchyError) {
        if isTransitioning { throw .transitionInProgress(screenName) }
        isTransitioning = true
    }

    private func validateNew(_ controller: ViewController) throws(ViewHierarchyError) {
        if controller is NavigationController { throw .pushingNavigationController(controller.screenName) }
        if controller.parent === self { throw .alreadyOnStack(controller.screenName) }
        if livesElsewhere(controller) { throw .alreadyInHierarchy(controller.screenName) }
    }

    private func contain(_ controller: ViewController) {
        attach(controller)
        controller.didMove(toParent: self)
    }

    private func removeAbove(_ controller: ViewController, kind: Transition.Kind, animated: Bool) throws(ViewHierarchyError)
        -> [ViewController]
    {
        guard let index = children.firstIndex(where: { $0 === controller }) else {
            throw .notOnStack(controller.screenName)
        }
        let popped = Array(children[(index + 1)...].reversed())
        guard !popped.isEmpty else { return popped }
        try beginTransition()
        defer { isTransitioning = false }
        // Only the top was on screen: the ones it covered heard that they left when they were covered (and a
        // stack out of sight, under a full-screen modal say, has none on screen).
        for child in popped { child.removeFromContainer(animated: animated) }
        if controller.isVisible { controller.appear(animated: animated) }
        lastTransition = Transition(kind: kind, animated: animated)
        return popped
    }
}
