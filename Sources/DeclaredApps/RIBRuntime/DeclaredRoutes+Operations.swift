import AppHosting
import HeadlessUI
import RIBs

// The moves a declared RIB makes on what it already shows: pops, dismissals, the user's swipes, tab selection,
// and what it answers about them before a move (its `accepts`). Each mirrors the built-in apps' `PageStack` and
// HomeFlow router, so a declared app refuses what they refuse, with the same words.
extension DeclaredRoutes {
    /// The stack the RIB pushes onto, as it is now.
    var currentStack: NavigationController? {
        switch model.stack {
        case .own?: view?.navigationController
        case .child?: childStack
        case nil: nil
        }
    }

    /// How many screens the RIB's stack holds (1 without one, as the built-in apps count).
    var stackDepth: Int { currentStack?.viewControllers.count ?? 1 }

    /// Whether the user could swipe what the RIB presents away: a sheet, not a full-screen page.
    var presentsSheet: Bool {
        guard let position = presented else { return false }
        return live[position]?.shown?.modalPresentationStyle == .pageSheet
    }

    func stack() throws(EventError) -> NavigationController {
        guard let stack = currentStack else { throw .internalFailure("\(model.name) has no navigation stack") }
        return stack
    }

    /// Where the RIB presents from: the top of its stack when it has one (HomeFlow), else its own screen.
    func presenter() throws(EventError) -> ViewController {
        if model.stack != nil {
            guard let top = try stack().topViewController else { throw .internalFailure("\(model.name)'s stack is empty") }
            return top
        }
        guard let view else { throw .internalFailure("\(model.name) has nothing to present from") }
        return view
    }

    /// The container view of the RIB `levelsUp` above this one (0: this one).
    func container(levelsUp: Int) -> DeclaredViewController? {
        var logic = self.logic
        for _ in 0..<levelsUp {
            guard let parent = logic.listener else { return nil }
            logic = parent
        }
        return logic.router?.routes.view
    }

    /// Whether routing to the child at `position` would succeed: a page not on the stack yet, a presentation
    /// while nothing is presented, a slot's child always (it replaces), any other child while not attached.
    func canRoute(to position: Int) -> Bool {
        let child = model.children[position]
        if child.slot != nil { return true }
        switch child.show {
        case .push:
            guard let stack = currentStack else { return false }
            let name = child.rib.name
            return !stack.viewControllers.contains { $0.screenName == name }
        case .present:
            return presented == nil
        case .attach, .content, .tab:
            return live[position] == nil
        }
    }

    /// Whether the child at `position` is a tab now and not the selected one.
    func canSelectTab(_ position: Int) -> Bool {
        guard let shown = live[position]?.shown, let tabBar = view?.tabBar else { return false }
        return tabBar.selectedViewController !== shown && tabBar.viewControllers.contains { $0 === shown }
    }

    /// The user asks to go back: pops the top page, a child this RIB pushed, and detaches it.
    func popTop(by owner: any DeclaredRouting) throws(EventError) {
        let stack = try stack()
        guard stack.viewControllers.count > 1, let top = stack.topViewController, let position = pushedChild(showing: top, of: owner),
            let page = live[position]?.viewable
        else {
            throw .invalidNavigation("cannot pop \(stack.topViewController?.screenName ?? "nothing"): it is the root of its stack")
        }
        try routing { () throws(RoutingError) in try owner.popRouter(page, from: stack, animated: true) }
        if live[position]?.router === page { forget(position) }
    }

    /// The client already popped `screen`; false when it is not on the RIB's stack. The popped pages' close
    /// signals detach their RIBs.
    func userDidPop(_ screen: String) throws(EventError) -> Bool {
        try stack().clientDidPop(screen)
    }

    /// Dismisses the presented child and detaches it.
    func dismissPresented(by owner: any DeclaredRouting) throws(EventError) {
        guard let position = presented, let page = live[position]?.viewable else { throw .invalidNavigation("nothing is presented") }
        try routing { () throws(RoutingError) in try owner.dismissRouter(page, animated: true) }
        presented = nil
        if live[position]?.router === page { forget(position) }
    }

    /// The user swiped down `screen`; false when it is not what this RIB presents (a retried swipe of a sheet
    /// gone already is then the session's no-op). What it presents is its to judge: a full-screen page has no
    /// swipe, and the view layer refuses one as an invalid move, as it refuses a sheet another covers.
    func userDidDismiss(_ screen: String) throws(EventError) -> Bool {
        guard let position = presented, let page = live[position]?.viewable, page.name == screen else { return false }
        try viewOperation { () throws(ViewHierarchyError) in try page.viewController.userDidDismissInteractively() }
        return true
    }

    /// Selects the tab showing the child at `position`.
    func selectTab(_ position: Int) throws(EventError) {
        guard let tabBar = view?.tabBar, let shown = live[position]?.shown else {
            throw .invalidNavigation("\(model.children[position].rib.name) is not a tab of \(model.name)")
        }
        try viewOperation { () throws(ViewHierarchyError) in try tabBar.select(shown) }
    }

    /// A child's screen left (popped or dismissed, by anyone): detach its RIB, never moving the screen a second
    /// time (the helpers only detach when the view is gone already).
    func childDidClose(_ logic: RibLogic, by owner: any DeclaredRouting) {
        guard let position = live.firstIndex(where: { $0?.logic === logic }), let page = live[position]?.viewable else { return }
        if presented == position {
            try? owner.dismissRouter(page, animated: true)
            presented = nil
        } else if model.children[position].show == .push {
            guard let stack = currentStack else { return }
            try? owner.popRouter(page, from: stack, animated: true)
        } else {
            try? owner.detachChild(page)
        }
        if live[position]?.router === page { forget(position) }
    }

    /// Takes down what the RIB presents (a view-less RIB resigning).
    func cleanupViews(by owner: any DeclaredRouting) {
        guard let position = presented, let page = live[position]?.viewable else { return }
        try? owner.dismissRouter(page, animated: false)
        presented = nil
        if live[position]?.router === page { forget(position) }
    }

    /// The child this RIB pushed whose view is `top`, still attached.
    private func pushedChild(showing top: ViewController, of owner: any DeclaredRouting) -> Int? {
        guard let position = live.firstIndex(where: { $0?.shown === top }), model.children[position].show == .push,
            let child = live[position], owner.isAttached(child.router)
        else { return nil }
        return position
    }
}
