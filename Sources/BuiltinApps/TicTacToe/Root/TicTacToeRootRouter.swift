import AppHosting
import RIBs

/// Root presents LoggedOut at launch; at login it detaches it and attaches the view-less LoggedIn, which presents
/// its own screens through Root's view; at logout it detaches LoggedIn, whose whole subtree then goes, and presents
/// a new LoggedOut.
final class TicTacToeRootRouter: LaunchRouter<TicTacToeRootInteractor, TicTacToeRootViewController>, TicTacToeRootRouting {
    private let loggedOutBuilder: TicTacToeLoggedOutBuilder
    private let loggedInBuilder: LoggedInBuilder
    private var loggedOut: TicTacToeLoggedOutRouter?
    private var loggedIn: LoggedInRouter?

    init(
        interactor: TicTacToeRootInteractor, viewController: TicTacToeRootViewController, loggedOutBuilder: TicTacToeLoggedOutBuilder,
        loggedInBuilder: LoggedInBuilder
    ) {
        self.loggedOutBuilder = loggedOutBuilder
        self.loggedInBuilder = loggedInBuilder
        super.init(interactor: interactor, viewController: viewController, name: "Root")
        interactor.router = self
    }

    override func didLoad() {
        super.didLoad()
        // At launch Root presents nothing yet: nothing to refuse.
        try? routeToLoggedOut()
    }

    func routeToLoggedIn(withPlayer1Name player1Name: String, player2Name: String) throws(EventError) -> any LoggedInActionableItem {
        if let loggedOut {
            try routing { () throws(RoutingError) in try detachChild(loggedOut) }
            self.loggedOut = nil
            try viewController.replaceModal(viewController: nil)
        }
        let loggedIn = loggedInBuilder.build(withListener: interactor, player1Name: player1Name, player2Name: player2Name)
        try routing { () throws(RoutingError) in try attachChild(loggedIn.router) }
        self.loggedIn = loggedIn.router
        return loggedIn.actionableItem
    }

    func routeToLoggedOut() throws(EventError) {
        if let loggedIn {
            // LoggedIn's interactor resigns first and takes down the screen it presented (`cleanupViews`).
            try routing { () throws(RoutingError) in try detachChild(loggedIn) }
            self.loggedIn = nil
        }
        let loggedOut = loggedOutBuilder.build(withListener: interactor)
        try routing { () throws(RoutingError) in try attachChild(loggedOut) }
        self.loggedOut = loggedOut
        try viewController.replaceModal(viewController: loggedOut.viewControllable)
    }
}
