import HeadlessUI
import RIBs
import Testing

/// Seed 000: Root presents the Navigation RIB wrapped in a navigation controller, full screen;
/// Navigation pushes A, then each page asks Navigation (its listener) for the next one.
enum Seed000 {
    // MARK: Root

    final class RootComponent: Component<any EmptyDependency>, NavigationDependency {}

    final class RootBuilder: Builder<any EmptyDependency> {
        func build() -> RootRouter {
            let component = RootComponent(dependency: dependency)
            let viewController = RootViewController(screenName: "Root")
            let interactor = RootInteractor(presenter: viewController)
            return RootRouter(
                interactor: interactor, viewController: viewController,
                navigationBuilder: NavigationBuilder(dependency: component)
            )
        }
    }

    final class RootViewController: ViewController, ViewControllable {}

    final class RootInteractor: PresentableInteractor<RootViewController>, NavigationListener {
        weak var router: RootRouter?
    }

    final class RootRouter: LaunchRouter<RootInteractor, RootViewController> {
        private let navigationBuilder: NavigationBuilder
        private(set) var navigation: NavigationRouter?

        init(interactor: RootInteractor, viewController: RootViewController, navigationBuilder: NavigationBuilder) {
            self.navigationBuilder = navigationBuilder
            super.init(interactor: interactor, viewController: viewController)
            interactor.router = self
        }

        override func didLoad() {
            do { try routeToNavigation() } catch { Issue.record(error) }
        }

        private func routeToNavigation() throws {
            let navigation = navigationBuilder.build(withListener: interactor)
            try attachChild(navigation)
            let navigationController = try NavigationController(rootViewController: navigation.viewController)
            try viewController.present(navigationController, animated: true, style: .fullScreen)
            self.navigation = navigation
        }
    }

    // MARK: Navigation

    protocol NavigationDependency: Dependency {}
    protocol NavigationListener: AnyObject {}
    protocol NavigationPresentableListener: AnyObject { func didTapNavigationToA() }

    final class NavigationComponent: Component<any NavigationDependency>, PageDependency {}

    final class NavigationBuilder: Builder<any NavigationDependency> {
        func build(withListener listener: any NavigationListener) -> NavigationRouter {
            let viewController = NavigationViewController(screenName: "Navigation")
            let interactor = NavigationInteractor(presenter: viewController)
            interactor.listener = listener
            let pageBuilder = PageBuilder(dependency: NavigationComponent(dependency: dependency))
            return NavigationRouter(interactor: interactor, viewController: viewController, pageBuilder: pageBuilder)
        }
    }

    final class NavigationViewController: ViewController, ViewControllable {
        weak var listener: (any NavigationPresentableListener)?
        /// The "navigation TO A" button.
        func tapNavigationToA() { listener?.didTapNavigationToA() }
    }

    final class NavigationInteractor: PresentableInteractor<NavigationViewController>, NavigationPresentableListener, PageListener {
        weak var router: NavigationRouter?
        weak var listener: (any NavigationListener)?

        override init(presenter: NavigationViewController) {
            super.init(presenter: presenter)
            presenter.listener = self
        }

        func didTapNavigationToA() { router?.routeToPage("A") }
        func pageDidRequestNext(after title: String) {
            guard let next = ["A": "B", "B": "C"][title] else { return }
            router?.routeToPage(next)
        }
    }

    final class NavigationRouter: ViewableRouter<NavigationInteractor, NavigationViewController> {
        private let pageBuilder: PageBuilder

        init(interactor: NavigationInteractor, viewController: NavigationViewController, pageBuilder: PageBuilder) {
            self.pageBuilder = pageBuilder
            super.init(interactor: interactor, viewController: viewController)
            interactor.router = self
        }

        func routeToPage(_ title: String) {
            let page = pageBuilder.build(withListener: interactor, title: title)
            do {
                try attachChild(page)
                guard let navigationController else { throw ViewHierarchyError.noNavigationController(name) }
                try navigationController.push(page.viewController, animated: true)
            } catch {
                Issue.record(error)
            }
        }
    }

    // MARK: Page (A, B, C)

    protocol PageDependency: Dependency {}
    protocol PageListener: AnyObject { func pageDidRequestNext(after title: String) }
    protocol PagePresentableListener: AnyObject { func didTapNext() }

    final class PageBuilder: Builder<any PageDependency> {
        func build(withListener listener: any PageListener, title: String) -> PageRouter {
            let viewController = PageViewController(screenName: title)
            let interactor = PageInteractor(presenter: viewController, title: title)
            interactor.listener = listener
            return PageRouter(interactor: interactor, viewController: viewController, name: title)
        }
    }

    final class PageViewController: ViewController, ViewControllable {
        weak var listener: (any PagePresentableListener)?
        /// The "next" button.
        func tapNext() { listener?.didTapNext() }
    }

    final class PageInteractor: PresentableInteractor<PageViewController>, PagePresentableListener {
        weak var listener: (any PageListener)?
        let title: String

        init(presenter: PageViewController, title: String) {
            self.title = title
            super.init(presenter: presenter)
            presenter.listener = self
        }

        func didTapNext() { listener?.pageDidRequestNext(after: title) }
    }

    final class PageRouter: ViewableRouter<PageInteractor, PageViewController> {}
}
