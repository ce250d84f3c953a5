import AppHosting
import HeadlessUI
import RIBs

/// Navigation's router: pages go on the navigation controller that wraps Navigation's own view.
final class NavigationRouter: ViewableRouter<NavigationInteractor, NavigationViewController>, NavigationRouting {
    private let pages: PageStack

    init(interactor: NavigationInteractor, viewController: NavigationViewController, pages: PageStack) {
        self.pages = pages
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    var pushableScreens: [String] { pages.pushable }
    var stackDepth: Int { viewController.navigationController?.viewControllers.count ?? 1 }
    var canPushPage: Bool { pages.canPush(ontoStackOfDepth: stackDepth) }

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

    func detachClosedPage(_ screen: String) {
        pages.pageDidClose(screen, by: self, from: viewController.navigationController)
    }

    private func stack() throws(EventError) -> NavigationController {
        guard let stack = viewController.navigationController else {
            throw .internalFailure("Navigation is not inside a navigation controller")
        }
        return stack
    }
}
