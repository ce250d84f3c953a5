import AppHosting
import HeadlessUI
import RIBs

/// The stack half of a RIB that owns a navigation stack of pages (Navigation, HomeFlow):
/// push, pop and swipe back, each keeping the tree and the screen together.
final class PageStack {
    /// The screens a push can route to.
    let pushable: [String]
    private let builder: PageBuilder

    init(pushable: [String], builder: PageBuilder) {
        self.pushable = pushable
        self.builder = builder
    }

    /// Whether a push can still succeed: some pushable screen is not on the stack of `depth` screens yet.
    /// Above its root the stack holds only pages pushed here, each a different pushable screen (a push of one
    /// already there is refused), so that is fewer pages than screens to push; counting avoids comparing
    /// names on every render.
    func canPush(ontoStackOfDepth depth: Int) -> Bool {
        depth - 1 < pushable.count
    }

    /// Builds the page, pushes it and attaches it; a screen already on the stack is an invalid move.
    func push(_ screen: String, by owner: any Routing, onto stack: NavigationController, listener: any PageListener) throws(EventError) {
        guard !stack.viewControllers.contains(where: { $0.screenName == screen }) else {
            throw .invalidNavigation("\(screen) is already on the stack")
        }
        let page = build(screen, listener: listener)
        try routing { () throws(RoutingError) in try owner.pushRouter(page, onto: stack, animated: true) }
    }

    /// Builds a page (pushed here, or presented by the owner).
    func build(_ screen: String, listener: any PageListener) -> PageRouter {
        builder.build(withListener: listener, screen: screen)
    }

    /// The user asks to go back: pops the top page and detaches it.
    func popTop(by owner: any Routing, from stack: NavigationController) throws(EventError) {
        guard stack.viewControllers.count > 1, let top = stack.topViewController, let page = Self.page(top.screenName, of: owner) else {
            throw .invalidNavigation("cannot pop \(stack.topViewController?.screenName ?? "nothing"): it is the root of its stack")
        }
        try routing { () throws(RoutingError) in try owner.popRouter(page, from: stack, animated: true) }
    }

    /// A page's view left (popped by anyone): detach its RIB, never popping a second time.
    func pageDidClose(_ screen: String, by owner: any Routing, from stack: NavigationController?) {
        guard let page = Self.page(screen, of: owner), let stack else { return }
        // popRouter pops by identity: the view is already gone, so this only detaches, which cannot fail for a child.
        try? owner.popRouter(page, from: stack, animated: true)
    }

    static func page(_ screen: String, of owner: any Routing) -> PageRouter? {
        owner.children.lazy.compactMap { $0 as? PageRouter }.first { $0.name == screen }
    }
}

/// Runs a tree operation, mapping its refusal to the event error a client sees.
func routing<T>(_ body: () throws(RoutingError) -> T) throws(EventError) -> T {
    do {
        return try body()
    } catch {
        throw EventError(error)
    }
}
