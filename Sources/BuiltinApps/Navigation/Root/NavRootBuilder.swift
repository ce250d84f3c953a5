import RIBs

/// The navigation app's root scope: provides what Navigation needs (nothing but itself).
final class NavRootComponent: Component<any EmptyDependency>, NavigationDependency {}

/// Builds the navigation app's root RIB (seed 000).
final class NavRootBuilder: Builder<any EmptyDependency> {
    func build() -> NavRootRouter {
        let component = NavRootComponent(dependency: dependency)
        let viewController = NavRootViewController(screenName: "Root")
        let interactor = NavRootInteractor(presenter: viewController)
        return NavRootRouter(
            interactor: interactor, viewController: viewController,
            navigationBuilder: NavigationBuilder(dependency: component)
        )
    }
}
