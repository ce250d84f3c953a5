import HeadlessUI

/// What a router is, for a tree dump: RIBs' three shapes.
public enum RouterKind: String, Sendable {
    /// The root router, launched from a window.
    case launch
    /// A router that owns a view controller.
    case viewable
    /// A router without a view (it drives its children's views).
    case viewless
}

/// The routing half of a RIB: the tree of attached children.
public protocol Routing: AnyObject {
    /// The RIB's name (the router's type name without `Router`, unless given).
    var name: String { get }
    /// The router's shape.
    var kind: RouterKind { get }
    /// The router's interactor.
    var interactable: any Interactable { get }
    /// Attached children, in attach order.
    var children: [any Routing] { get }
    /// The view controller this router owns, or nil for a viewless router (a stored answer, no cast). Fixed for
    /// the router's life, as RIBs' `viewController` is: hosts may remember it.
    var ownedViewController: ViewController? { get }
    /// The detector told of every detach; handed down from parent to child on attach.
    var leakDetector: LeakDetector? { get set }
    /// Asks to be told from `deinit` when this router goes (the leak detector, after a detach); false if the
    /// router cannot (then it is watched weakly) or another observer already is. `Router` does it.
    func reportDeinit(to observer: any DeinitObserver) -> Bool
    /// Whatever the host running the tree keeps per router (released with it), told when the router's children
    /// change; RIBs itself reads nothing of it.
    var hostContext: (any RoutingHostContext)? { get set }
    /// Loads the router once; later calls do nothing.
    func load()
    /// Attaches a child: append, activate its interactor, load it (RIBs' order).
    func attachChild(_ child: any Routing) throws(RoutingError)
    /// Detaches a child: deactivate its interactor, remove it. A router that is not a child is refused (`notAChild`)
    /// and left as it was, where RIBs deactivates it and removes nothing. It is an app bug either way: refused, the
    /// host answers it as one and restores the state before the event; accepted, the stranger would stay attached
    /// where it is, inactive, and the event would pass as a success.
    func detachChild(_ child: any Routing) throws(RoutingError)
}

/// What a host keeps per router (`Routing.hostContext`): told of every change to the router's children, so that
/// it can keep its own view of them (a render's) in step instead of reading the routers again.
public protocol RoutingHostContext: AnyObject {
    /// `child` was attached: it is now the router's last child.
    func routerDidAttach(_ child: any Routing)
    /// The child at `index` of the router's children was detached.
    func routerDidDetachChild(at index: Int)
}

/// A router with a view.
public protocol ViewableRouting: Routing {
    /// The view this router shows.
    var viewControllable: any ViewControllable { get }
}

extension Routing {
    /// A router that does not tell of its `deinit`.
    public func reportDeinit(to observer: any DeinitObserver) -> Bool { false }

    /// Whether `child` is one of this router's children (by identity).
    public func isAttached(_ child: any Routing) -> Bool {
        children.contains { $0 === child }
    }

    /// This router and every descendant, depth-first, parents first.
    public var subtree: [any Routing] {
        var nodes: [any Routing] = []
        appendSubtree(to: &nodes)
        return nodes
    }

    private func appendSubtree(to nodes: inout [any Routing]) {
        nodes.append(self)
        for child in children { child.appendSubtree(to: &nodes) }
    }

    /// Calls `body` on this router and every descendant, parents first, without collecting them.
    public func forEachInSubtree(_ body: (any Routing) -> Void) {
        body(self)
        for child in children { child.forEachInSubtree(body) }
    }
}

/// The root router of an app: started from a window.
public protocol LaunchRouting: ViewableRouting {
    /// Sets the window's root, makes it visible, activates the interactor, then loads (RIBs' order).
    func launch(from window: Window, leakDetector: LeakDetector?)
}
