import AppHosting
import RIBs

/// The view LoggedIn borrows from Root: it has none of its own.
protocol LoggedInViewControllable: ViewControllable {
    /// Shows `viewController` in place of what LoggedIn showed before (nothing, for nil).
    func replaceModal(viewController: (any ViewControllable)?) throws(EventError)
}

/// What LoggedIn needs from Root.
protocol LoggedInDependency: Dependency {
    var loggedInViewController: any LoggedInViewControllable { get }
}

/// LoggedIn's scope: the players, their score and the games, shared by every RIB under it.
final class LoggedInComponent: Component<any LoggedInDependency>, OffGameDependency, TicTacToeDependency, RandomWinDependency {
    let player1Name: String
    let player2Name: String

    init(dependency: any LoggedInDependency, player1Name: String, player2Name: String) {
        self.player1Name = player1Name
        self.player2Name = player2Name
        super.init(dependency: dependency)
    }

    var loggedInViewController: any LoggedInViewControllable { dependency.loggedInViewController }

    var mutableScoreStream: any MutableScoreStream { shared { ScoreStreamImpl() } }

    var scoreStream: any ScoreStream { mutableScoreStream }

    var randomWinSource: SeededRandom { shared { SeededRandom(player1Name: player1Name, player2Name: player2Name) } }

    /// The games, in the tutorial's order, made once per LoggedIn. Not `shared` as the tutorial has them: each
    /// game's builder holds this component, which would then hold it back, and the cycle would keep Root's view
    /// controller alive past the session.
    func makeGames() -> [any Game] {
        [RandomWinAdapter(dependency: self), TicTacToeAdapter(dependency: self)]
    }
}

/// Builds LoggedIn: the view-less RIB that owns the logged-in players' screens.
final class LoggedInBuilder: Builder<any LoggedInDependency> {
    func build(withListener listener: any LoggedInListener, player1Name: String, player2Name: String)
        -> (router: LoggedInRouter, actionableItem: any LoggedInActionableItem)
    {
        let component = LoggedInComponent(dependency: dependency, player1Name: player1Name, player2Name: player2Name)
        let interactor = LoggedInInteractor(games: component.makeGames())
        interactor.listener = listener
        let router = LoggedInRouter(
            interactor: interactor, viewController: component.loggedInViewController, offGameBuilder: OffGameBuilder(dependency: component))
        return (router, interactor)
    }
}
