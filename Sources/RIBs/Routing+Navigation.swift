import HeadlessUI

// Seed 003's helpers: the view operation and the attach/detach together, so tree and screen never drift.
// Each checks before it changes anything, so a refused move leaves both the tree and the screen as they were.
extension Routing {
    /// Pushes `router`'s view onto `navigationController`, then attaches it.
    public func pushRouter(_ router: any ViewableRouting, onto navigationController: NavigationController, animated: Bool)
        throws(RoutingError)
    {
        guard !isAttached(router) else { throw .alreadyAttached(router.name) }
        do {
            try navigationController.push(router.viewControllable.uiviewController, animated: animated)
        } catch {
            throw .view(error)
        }
        try attachChild(router)
    }

    /// Makes `routers`' views the whole stack, then attaches each one not yet attached.
    public func setRouters(_ routers: [any ViewableRouting], on navigationController: NavigationController, animated: Bool)
        throws(RoutingError)
    {
        let before = navigationController.viewControllers
        do {
            try navigationController.setViewControllers(routers.map(\.viewControllable.uiviewController), animated: animated)
        } catch {
            throw .view(error)
        }
        try detachChildren(showingAnyOf: before.filter { old in !navigationController.viewControllers.contains { $0 === old } })
        for router in routers where !isAttached(router) {
            try attachChild(router)
        }
    }

    /// Pops `router`'s view by identity (with whatever is above it) unless the user already did, then detaches it.
    ///
    /// When the view is already gone (swiped back), it only detaches: never a second pop.
    public func popRouter(_ router: any ViewableRouting, from navigationController: NavigationController, animated: Bool)
        throws(RoutingError)
    {
        let controller = router.viewControllable.uiviewController
        let stack = navigationController.viewControllers
        let index = stack.firstIndex { $0 === controller }
        guard index != nil || isAttached(router) else { throw .notAChild(router.name) }
        if let index {
            guard index > 0 else { throw .view(.cannotPopRoot(controller.screenName)) }
            let popped: [ViewController]
            do {
                popped = try navigationController.pop(to: stack[index - 1], animated: animated)
            } catch {
                throw .view(error)
            }
            // Screens above it went too: their RIBs go with them (unless their close signal already detached them).
            try detachChildren(showingAnyOf: popped.filter { $0 !== controller })
        }
        // The pop may already have detached it, through the view's "moved from parent" signal.
        if isAttached(router) { try detachChild(router) }
    }

    /// Presents `router`'s view from `presenter`, then attaches it.
    public func presentRouter(
        _ router: any ViewableRouting, from presenter: ViewController, style: ModalPresentationStyle? = nil, animated: Bool
    ) throws(RoutingError) {
        guard !isAttached(router) else { throw .alreadyAttached(router.name) }
        let controller = router.viewControllable.uiviewController
        do {
            try presenter.present(controller, animated: animated, style: style)
        } catch {
            throw .view(error)
        }
        try attachChild(router)
    }

    /// Dismisses `router`'s view by identity unless the user already did, then detaches it. A view that is
    /// the root of a presented container (seed 000's navigation controller) dismisses that container, as
    /// UIKit forwards a contained controller's `dismiss` to the presentation that holds it. A view still on
    /// screen otherwise (a page pushed later into one, a screen never presented) is no presentation to
    /// dismiss: refused, with the tree and the screen as they were.
    public func dismissRouter(_ router: any ViewableRouting, animated: Bool) throws(RoutingError) {
        let controller = router.viewControllable.uiviewController
        let presenter = Self.presenter(dismissing: controller)
        guard presenter != nil || isAttached(router) else { throw .notAChild(router.name) }
        if presenter == nil, controller.isOnScreen { throw .view(.nothingToDismiss(controller.screenName)) }
        if let presenter {
            // By identity: the presenter dismisses this view and anything it presents in turn.
            do {
                try presenter.dismiss(animated: animated)
            } catch {
                throw .view(error)
            }
        }
        if isAttached(router) { try detachChild(router) }
    }

    /// Who presents what `controller` is the content of: itself presented, or the root (each node its parent's
    /// first child) of a presented container. Nil when it is neither.
    private static func presenter(dismissing controller: ViewController) -> ViewController? {
        var node = controller
        while !node.isPresented {
            guard let parent = node.parent, parent.children.first === node else { return nil }
            node = parent
        }
        return node.presentingViewController
    }

    /// Detaches the children whose views are among `controllers` (views a stack operation removed).
    private func detachChildren(showingAnyOf controllers: [ViewController]) throws(RoutingError) {
        guard !controllers.isEmpty else { return }
        // Over the children as they were; one's `willResignActive` may have detached a later one meanwhile.
        for child in children where isAttached(child) {
            guard let controller = child.ownedViewController, controllers.contains(where: { $0 === controller }) else { continue }
            try detachChild(child)
        }
    }
}

extension ViewableRouting {
    /// The navigation controller this router's view is, or lives in.
    public var navigationController: NavigationController? {
        let controller = viewControllable.uiviewController
        return (controller as? NavigationController) ?? controller.navigationController
    }
}
