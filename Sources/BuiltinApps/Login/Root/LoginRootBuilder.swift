import RIBs

/// The login app's root scope: Login and HomeFlow are built from it; HomeFlow shows its stack in Root's container.
final class LoginRootComponent: Component<any EmptyDependency>, LoginDependency, HomeFlowDependency {
    let rootViewController: LoginRootViewController

    init(dependency: any EmptyDependency, rootViewController: LoginRootViewController) {
        self.rootViewController = rootViewController
        super.init(dependency: dependency)
    }

    var homeFlowViewController: any HomeFlowViewControllable { rootViewController }
}

/// Builds the login app's root RIB (seeds 001 and 003).
final class LoginRootBuilder: Builder<any EmptyDependency> {
    func build() -> LoginRootRouter {
        let viewController = LoginRootViewController(screenName: "Root")
        let component = LoginRootComponent(dependency: dependency, rootViewController: viewController)
        let interactor = LoginRootInteractor(presenter: viewController)
        return LoginRootRouter(
            interactor: interactor, viewController: viewController,
            loginBuilder: LoginBuilder(dependency: component), homeFlowBuilder: HomeFlowBuilder(dependency: component)
        )
    }
}
