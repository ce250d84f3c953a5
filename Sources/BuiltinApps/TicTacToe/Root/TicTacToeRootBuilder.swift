import RIBs

/// The app's root scope: LoggedOut and LoggedIn are built from it; LoggedIn shows its screens through Root's.
final class TicTacToeRootComponent: Component<any EmptyDependency>, TicTacToeLoggedOutDependency, LoggedInDependency {
    let rootViewController: TicTacToeRootViewController

    init(dependency: any EmptyDependency, rootViewController: TicTacToeRootViewController) {
        self.rootViewController = rootViewController
        super.init(dependency: dependency)
    }

    var loggedInViewController: any LoggedInViewControllable { rootViewController }
}

/// Builds the root RIB of Uber's tutorial app, TicTacToe.
final class TicTacToeRootBuilder: Builder<any EmptyDependency> {
    func build() -> TicTacToeRootRouter {
        let viewController = TicTacToeRootViewController(screenName: "Root")
        let component = TicTacToeRootComponent(dependency: dependency, rootViewController: viewController)
        let interactor = TicTacToeRootInteractor(presenter: viewController)
        return TicTacToeRootRouter(
            interactor: interactor, viewController: viewController,
            loggedOutBuilder: TicTacToeLoggedOutBuilder(dependency: component), loggedInBuilder: LoggedInBuilder(dependency: component)
        )
    }
}
