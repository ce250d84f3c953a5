import RIBs

/// What OffGame needs from LoggedIn.
protocol OffGameDependency: Dependency {
    var player1Name: String { get }
    var player2Name: String { get }
    var scoreStream: any ScoreStream { get }
}

/// OffGame's scope: its score board is built from it.
final class OffGameComponent: Component<any OffGameDependency>, BasicScoreBoardDependency {
    var player1Name: String { dependency.player1Name }
    var player2Name: String { dependency.player2Name }
    var scoreStream: any ScoreStream { dependency.scoreStream }
}

/// Builds OffGame: the score board and a start button per game.
final class OffGameBuilder: Builder<any OffGameDependency> {
    func build(withListener listener: any OffGameListener, games: [any Game]) -> OffGameRouter {
        let component = OffGameComponent(dependency: dependency)
        let viewController = OffGameViewController(screenName: "OffGame")
        let interactor = OffGameInteractor(presenter: viewController, games: games)
        interactor.listener = listener
        return OffGameRouter(
            interactor: interactor, viewController: viewController, scoreBoardBuilder: BasicScoreBoardBuilder(dependency: component))
    }
}
