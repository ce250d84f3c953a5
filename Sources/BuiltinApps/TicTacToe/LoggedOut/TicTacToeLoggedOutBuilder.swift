import HeadlessUI
import RIBs

/// What LoggedOut needs from Root.
protocol TicTacToeLoggedOutDependency: Dependency {}

/// Builds LoggedOut: the two players' name fields and the login button.
final class TicTacToeLoggedOutBuilder: Builder<any TicTacToeLoggedOutDependency> {
    func build(withListener listener: any TicTacToeLoggedOutListener) -> TicTacToeLoggedOutRouter {
        let viewController = TicTacToeLoggedOutViewController(screenName: "LoggedOut")
        let interactor = TicTacToeLoggedOutInteractor(presenter: viewController)
        interactor.listener = listener
        return TicTacToeLoggedOutRouter(interactor: interactor, viewController: viewController, name: "LoggedOut")
    }
}

/// LoggedOut's router: a leaf.
final class TicTacToeLoggedOutRouter: ViewableRouter<TicTacToeLoggedOutInteractor, TicTacToeLoggedOutViewController> {}

/// LoggedOut's screen.
final class TicTacToeLoggedOutViewController: ViewController, ViewControllable, Presentable {}
