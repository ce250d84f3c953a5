import AppHosting
import HeadlessUI
import RIBs

/// HomeFlow's router: attaches Home as the root of a stack shown in Root's container, then pushes and presents pages.
final class HomeFlowRouter: Router<HomeFlowInteractor>, HomeFlowRouting {
    let viewController: any HomeFlowViewControllable
    let modalScreens: [String]
    private let home: HomeRouter
    private let pages: PageStack
    private var presented: PageRouter?
    /// The stack Home is the root of, kept from `didLoad`: asking Home for it walks up its containment and
    /// casts at each step, and every event and every render asked.
    private var navigation: NavigationController?

    init(
        interactor: HomeFlowInteractor, viewController: any HomeFlowViewControllable, home: HomeRouter, pages: PageStack,
        modalScreens: [String]
    ) {
        self.viewController = viewController
        self.home = home
        self.pages = pages
        self.modalScreens = modalScreens
        super.init(interactor: interactor)
        interactor.router = self
    }

    override func didLoad() {
        super.didLoad()
        // Home is HomeFlow's immutable child: attached once, shown as the root of a fresh stack.
        try? attachChild(home)
        navigation = try? viewController.setRoot(home.viewController)
    }

    var pushableScreens: [String] { pages.pushable }
    var stackDepth: Int { navigation?.viewControllers.count ?? 1 }
    var canPushPage: Bool { pages.canPush(ontoStackOfDepth: stackDepth) }
    var presentedScreen: String? { presented?.name }
    /// Whether the user can swipe the presented page away: a sheet, not a full-screen page.
    var canSwipePresentedAway: Bool { presented?.viewController.modalPresentationStyle == .pageSheet }

    func routeToPage(_ screen: String) throws(EventError) {
        try pages.push(screen, by: self, onto: try stack(), listener: interactor)
    }

    func popTopPage() throws(EventError) {
        try pages.popTop(by: self, from: try stack())
    }

    func userDidPop(_ screen: String) throws(EventError) -> Bool {
        // The popped pages' close signals (pageDidClose) detach their RIBs.
        try stack().clientDidPop(screen)
    }

    func present(_ screen: String, style: ModalPresentationStyle) throws(EventError) {
        let stack = try stack()
        guard let presenter = stack.topViewController else { throw .internalFailure("HomeFlow's stack is empty") }
        let page = pages.build(screen, listener: interactor)
        try routing { () throws(RoutingError) in try presentRouter(page, from: presenter, style: style, animated: true) }
        presented = page
    }

    func dismissPresented() throws(EventError) {
        guard let page = presented else { throw .invalidNavigation("nothing is presented") }
        try routing { () throws(RoutingError) in try dismissRouter(page, animated: true) }
        presented = nil
    }

    func userDidDismiss(_ screen: String) throws(EventError) -> Bool {
        // Not what HomeFlow presents (any more): not its to handle; a retried swipe of a sheet already gone is
        // then the session's no-op. What it presents is its to judge: a full-screen page has no swipe, and the
        // view layer refuses one as an invalid move, as it refuses a sheet another covers.
        guard let page = presented, page.name == screen else { return false }
        do {
            try page.viewController.userDidDismissInteractively()
        } catch {
            throw EventError(.view(error))
        }
        return true
    }

    func detachClosedPage(_ screen: String) {
        if let page = presented, page.name == screen {
            // dismissRouter works by identity: the sheet is already gone, so this only detaches.
            try? dismissRouter(page, animated: true)
            presented = nil
        } else {
            pages.pageDidClose(screen, by: self, from: navigation)
        }
    }

    func cleanupViews() {
        guard let page = presented else { return }
        try? dismissRouter(page, animated: false)
        presented = nil
    }

    private func stack() throws(EventError) -> NavigationController {
        guard let stack = navigation else { throw .internalFailure("Home is not inside a navigation controller") }
        return stack
    }
}
