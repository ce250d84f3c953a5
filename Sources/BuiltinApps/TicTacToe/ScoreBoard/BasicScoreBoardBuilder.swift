import HeadlessUI
import RIBs

/// What the score board needs from OffGame.
protocol BasicScoreBoardDependency: Dependency {
    var player1Name: String { get }
    var player2Name: String { get }
    var scoreStream: any ScoreStream { get }
}

/// Builds the score board: both players' names and wins.
final class BasicScoreBoardBuilder: Builder<any BasicScoreBoardDependency> {
    func build() -> BasicScoreBoardRouter {
        let viewController = BasicScoreBoardViewController(screenName: "BasicScoreBoard")
        let interactor = BasicScoreBoardInteractor(
            presenter: viewController, scoreStream: dependency.scoreStream, player1Name: dependency.player1Name,
            player2Name: dependency.player2Name)
        return BasicScoreBoardRouter(interactor: interactor, viewController: viewController)
    }
}

/// The score board's router: a leaf.
final class BasicScoreBoardRouter: ViewableRouter<BasicScoreBoardInteractor, BasicScoreBoardViewController> {}

/// The score board's view, contained in OffGame's.
final class BasicScoreBoardViewController: ViewController, ViewControllable, Presentable {}
