import AppHosting
import HeadlessUI
import RIBs

/// The routing half of a declared RIB's router: builds its children and shows each as the file says, keeping
/// the tree and the screen together with seed 003's helpers (`pushRouter`, `presentRouter`, `dismissRouter`,
/// `popRouter`), and knows which child it presents and which fills each slot.
///
/// Every operation takes the router that owns it (`owner`): the helpers are the router's own calls, and a
/// router's routing half keeps no reference back to it.
final class DeclaredRoutes {
    let model: RibModel
    /// The RIB's logic: what its launch routes hand on, and its children's listener.
    let logic: RibLogic
    let builder: DeclaredBuilder
    /// The RIB's screen; nil for a view-less RIB.
    let view: DeclaredViewController?
    /// The child attached at each position of `model.children`, if any (the latest, for a page pushed again
    /// after a swipe that did not detach it).
    private(set) var live: [LiveChild?]
    /// The position of the child presented now, if any.
    var presented: Int?
    /// The position of the child in each slot, if any.
    private var slots: [Int?]
    /// The stack a child's view roots, when the RIB names that child as its `stack` (HomeFlow's is Home's): kept
    /// from the route that made it, as HomeFlow keeps it, instead of walking up from the child on every render.
    private(set) var childStack: NavigationController?

    init(model: RibModel, logic: RibLogic, builder: DeclaredBuilder, view: DeclaredViewController?) {
        self.model = model
        self.logic = logic
        self.builder = builder
        self.view = view
        live = Array(repeating: nil, count: model.children.count)
        slots = Array(repeating: nil, count: model.slotCount)
    }

    /// Routes to the children the RIB attaches as it loads. A refusal there is a bug in the app, visible as a
    /// tree without that child (launch cannot fail).
    func didLoad(by owner: any DeclaredRouting) {
        for position in model.onLoad {
            try? route(to: position, fields: logic.fields, animated: false, by: owner)
        }
    }

    /// Builds the child at `position` with the event's fields, attaches it and shows it; first removes the child
    /// in its slot, if any.
    func route(to position: Int, fields: EventFields, animated: Bool = true, by owner: any DeclaredRouting) throws(EventError) {
        let child = model.children[position]
        if let slot = child.slot, let current = slots[slot] {
            try remove(current, by: owner)
        } else if child.show.isAttachedOnce, let current = live[position], owner.isAttached(current.router) {
            throw .invalidNavigation("\(child.rib.name) is already attached")
        }
        let shown: LiveChild
        switch child.show {
        case .attach:
            let router = builder.buildViewless(child.rib, fields: fields, listener: logic)
            try routing { () throws(RoutingError) in try owner.attachChild(router) }
            shown = .viewless(router)
        case .push:
            let stack = try stack()
            let name = child.rib.name
            guard !stack.viewControllers.contains(where: { $0.screenName == name }) else {
                throw .invalidNavigation("\(name) is already on the stack")
            }
            let router = builder.buildViewable(child.rib, fields: fields, listener: logic)
            try routing { () throws(RoutingError) in try owner.pushRouter(router, onto: stack, animated: animated) }
            shown = .viewable(router, shown: router.viewController)
        case let .present(style, inStack):
            shown = try present(
                position, style: fields.presentationStyle ?? style, inStack: inStack, fields: fields, animated: animated, by: owner)
        case let .content(levelsUp):
            guard let container = container(levelsUp: levelsUp) else {
                throw .internalFailure("\(model.name) has no container to show \(child.rib.name) in")
            }
            let router = builder.buildViewable(child.rib, fields: fields, listener: logic)
            try routing { () throws(RoutingError) in try owner.attachChild(router) }
            let stack = try container.setContent(router.viewController)
            if model.stack == .child(position) { childStack = stack }
            shown = .viewable(router, shown: router.viewController)
        case let .tab(inStack):
            shown = try addTab(position, inStack: inStack, fields: fields, by: owner)
        }
        live[position] = shown
        if let slot = child.slot { slots[slot] = position }
    }

    private func present(
        _ position: Int, style: ModalPresentationStyle, inStack: Bool, fields: EventFields, animated: Bool, by owner: any DeclaredRouting
    ) throws(EventError) -> LiveChild {
        let presenter = try self.presenter()
        let router = builder.buildViewable(model.children[position].rib, fields: fields, listener: logic)
        var shown: ViewController = router.viewController
        if inStack {
            // Seed 000: the child's view goes on screen as the root of a fresh stack, presented whole; then the
            // child is attached (`presentRouter`'s order).
            let stack = try viewOperation { () throws(ViewHierarchyError) in
                try NavigationController(rootViewController: router.viewController)
            }
            try viewOperation { () throws(ViewHierarchyError) in try presenter.present(stack, animated: animated, style: style) }
            try routing { () throws(RoutingError) in try owner.attachChild(router) }
            if model.stack == .child(position) { childStack = stack }
            shown = stack
        } else {
            try routing { () throws(RoutingError) in try owner.presentRouter(router, from: presenter, style: style, animated: animated) }
        }
        presented = position
        return .viewable(router, shown: shown)
    }

    private func addTab(_ position: Int, inStack: Bool, fields: EventFields, by owner: any DeclaredRouting) throws(EventError) -> LiveChild
    {
        guard let tabBar = view?.tabBar else { throw .internalFailure("\(model.name) shows no tab bar") }
        let router = builder.buildViewable(model.children[position].rib, fields: fields, listener: logic)
        var shown: ViewController = router.viewController
        if inStack {
            let stack = try viewOperation { () throws(ViewHierarchyError) in
                try NavigationController(rootViewController: router.viewController)
            }
            if model.stack == .child(position) { childStack = stack }
            shown = stack
        }
        let tab = shown
        try viewOperation { () throws(ViewHierarchyError) in try tabBar.setViewControllers(tabBar.viewControllers + [tab], animated: false)
        }
        try routing { () throws(RoutingError) in try owner.attachChild(router) }
        return .viewable(router, shown: shown)
    }

    /// Takes the child at `position` away the way it came: dismissed, popped, or detached.
    private func remove(_ position: Int, by owner: any DeclaredRouting) throws(EventError) {
        guard let current = live[position] else { return }
        forget(position)
        if presented == position, let viewable = current.viewable {
            presented = nil
            try routing { () throws(RoutingError) in try owner.dismissRouter(viewable, animated: true) }
        } else if model.children[position].show == .push, let viewable = current.viewable, let stack = currentStack {
            try routing { () throws(RoutingError) in try owner.popRouter(viewable, from: stack, animated: true) }
        } else {
            try routing { () throws(RoutingError) in try owner.detachChild(current.router) }
        }
    }

    /// Drops the child at `position` from the RIB's books (it was detached).
    func forget(_ position: Int) {
        live[position] = nil
        if let slot = model.children[position].slot, slots[slot] == position { slots[slot] = nil }
    }
}

/// A child a declared RIB attached, as its routing calls need it.
enum LiveChild {
    /// A child with a screen, and what the parent put on screen: its view, or the stack wrapping it.
    case viewable(DeclaredViewableRouter, shown: ViewController)
    case viewless(DeclaredViewlessRouter)

    var router: any Routing {
        switch self {
        case let .viewable(router, _): router
        case let .viewless(router): router
        }
    }

    /// The router as a viewable one, for the helpers that take one.
    var viewable: DeclaredViewableRouter? {
        if case let .viewable(router, _) = self { return router }
        return nil
    }

    var shown: ViewController? {
        if case let .viewable(_, shown) = self { return shown }
        return nil
    }

    /// The child's logic: what its close signal names it by.
    var logic: RibLogic {
        switch self {
        case let .viewable(router, _): router.routes.logic
        case let .viewless(router): router.routes.logic
        }
    }
}

extension ChildModel.Show {
    /// Whether a child shown this way is attached once at a time (a second route to it is refused): a pushed
    /// page is refused by the stack instead, and a second presentation by the view.
    var isAttachedOnce: Bool {
        switch self {
        case .attach, .content, .tab: true
        case .push, .present: false
        }
    }
}
