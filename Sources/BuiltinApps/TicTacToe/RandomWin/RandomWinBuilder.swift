import HeadlessUI
import RIBs

/// What the RandomWin game needs from LoggedIn.
protocol RandomWinDependency: Dependency {
    var player1Name: String { get }
    var player2Name: String { get }
    var mutableScoreStream: any MutableScoreStream { get }
    var randomWinSource: SeededRandom { get }
}

/// Builds a game of chance between the logged-in players.
final class RandomWinBuilder: Builder<any RandomWinDependency> {
    func build(withListener listener: any RandomWinListener) -> RandomWinRouter {
        let viewController = RandomWinViewController(screenName: "RandomWin")
        let interactor = RandomWinInteractor(
            presenter: viewController, mutableScoreStream: dependency.mutableScoreStream, random: dependency.randomWinSource,
            player1Name: dependency.player1Name, player2Name: dependency.player2Name)
        interactor.listener = listener
        return RandomWinRouter(interactor: interactor, viewController: viewController)
    }
}

/// RandomWin's router: a leaf.
final class RandomWinRouter: ViewableRouter<RandomWinInteractor, RandomWinViewController> {}

/// RandomWin's screen: one "Magic" button.
final class RandomWinViewController: ViewController, ViewControllable, Presentable {}
