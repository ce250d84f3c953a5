import AppHosting
import RIBs

/// What Root's interactor asks of its router.
protocol TicTacToeRootRouting: ViewableRouting {
    func routeToLoggedIn(withPlayer1Name player1Name: String, player2Name: String) throws(EventError) -> any LoggedInActionableItem
    func routeToLoggedOut() throws(EventError)
}

/// Root: swaps LoggedOut for LoggedIn when the players log in, and back at logout (ribsd's addition: the tutorial
/// has no logout); handles no client event itself.
final class TicTacToeRootInteractor: PresentableInteractor<TicTacToeRootViewController>, TicTacToeLoggedOutListener, LoggedInListener,
    RootActionableItem
{
    weak var router: (any TicTacToeRootRouting)?
    /// The LoggedIn routed to, for workflows waiting for login (the tutorial's replay subject); weak, so that it
    /// goes with its RIB.
    private weak var loggedIn: (any LoggedInActionableItem)?

    func didLogin(withPlayer1Name player1Name: String, player2Name: String) throws(EventError) {
        guard let router else { throw .internalFailure("Root has no router") }
        loggedIn = try router.routeToLoggedIn(withPlayer1Name: player1Name, player2Name: player2Name)
    }

    func didLogout() throws(EventError) {
        guard let router else { throw .internalFailure("Root has no router") }
        try router.routeToLoggedOut()
    }

    func waitForLogin() -> StepOutcome<any LoggedInActionableItem, Void> {
        .waitUntil("the players log in") { [weak self] in
            guard let loggedIn = self?.loggedIn else { return nil }
            return (loggedIn, ())
        }
    }
}
