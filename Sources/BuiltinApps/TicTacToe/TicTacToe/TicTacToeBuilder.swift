import HeadlessUI
import RIBs

/// What the TicTacToe game needs from LoggedIn.
protocol TicTacToeDependency: Dependency {
    var player1Name: String { get }
    var player2Name: String { get }
    var mutableScoreStream: any MutableScoreStream { get }
}

/// Builds a game of tic-tac-toe between the logged-in players.
final class TicTacToeBuilder: Builder<any TicTacToeDependency> {
    func build(withListener listener: any TicTacToeListener) -> TicTacToeRouter {
        let viewController = TicTacToeViewController(screenName: "TicTacToe")
        let interactor = TicTacToeInteractor(
            presenter: viewController, mutableScoreStream: dependency.mutableScoreStream, player1Name: dependency.player1Name,
            player2Name: dependency.player2Name)
        interactor.listener = listener
        return TicTacToeRouter(interactor: interactor, viewController: viewController)
    }
}

/// TicTacToe's router: a leaf.
final class TicTacToeRouter: ViewableRouter<TicTacToeInteractor, TicTacToeViewController> {}

/// The board's screen.
final class TicTacToeViewController: ViewController, ViewControllable, Presentable {}
