import RIBs

/// What Navigation needs from Root.
protocol NavigationDependency: Dependency {}

/// Navigation's scope: pages are built from it.
final class NavigationComponent: Component<any NavigationDependency>, PageDependency {}

/// Builds Navigation: the RIB that acts as the navigation controller and pushes A, B, C.
final class NavigationBuilder: Builder<any NavigationDependency> {
    func build(withListener listener: any NavigationListener) -> NavigationRouter {
        let component = NavigationComponent(dependency: dependency)
        let viewController = NavigationViewController(screenName: "Navigation")
        let interactor = NavigationInteractor(presenter: viewController)
        interactor.listener = listener
        let pages = PageStack(pushable: ["A", "B", "C"], builder: PageBuilder(dependency: component))
        return NavigationRouter(interactor: interactor, viewController: viewController, pages: pages)
    }
}
