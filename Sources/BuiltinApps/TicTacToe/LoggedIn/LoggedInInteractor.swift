import AppHosting
import RIBs

/// What LoggedIn's interactor asks of its router.
protocol LoggedInRouting: Routing {
    func cleanupViews()
    func routeToOffGame(with games: [any Game]) throws(EventError)
    func routeToGame(with gameBuilder: any GameBuildable) throws(EventError)
}

/// What LoggedIn tells Root: that the players logged out (ribsd's addition: the tutorial has no logout).
protocol LoggedInListener: AnyObject {
    func didLogout() throws(EventError)
}

/// LoggedIn shows OffGame, swaps it for the game OffGame starts, and back when the game ends; it passes OffGame's
/// logout on to Root. It handles no client event itself: the screens under it do.
final class LoggedInInteractor: Interactor, OffGameListener, GameListener, LoggedInActionableItem {
    weak var router: (any LoggedInRouting)?
    weak var listener: (any LoggedInListener)?
    private let games: [any Game]

    init(games: [any Game]) {
        self.games = games
        super.init()
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        // Attached, LoggedIn shows OffGame in a modal slot Root has just emptied: nothing to refuse.
        try? router?.routeToOffGame(with: games)
    }

    override func willResignActive() {
        super.willResignActive()
        // A view-less RIB must take down the views it put up, or they outlive it ("appearance has leaked").
        router?.cleanupViews()
    }

    func startGame(with gameBuilder: any GameBuildable) throws(EventError) {
        try router?.routeToGame(with: gameBuilder)
    }

    func gameDidEnd(with winner: PlayerType?) throws(EventError) {
        try router?.routeToOffGame(with: games)
    }

    /// OffGame's logout: Root takes LoggedIn down, with everything under it.
    func logout() throws(EventError) {
        guard let listener else { throw .internalFailure("LoggedIn has no listener") }
        try listener.didLogout()
    }

    func launchGame(with id: String?) -> StepOutcome<any LoggedInActionableItem, Void> {
        if let game = games.first(where: { $0.id.lowercased() == id?.lowercased() }) {
            do {
                try router?.routeToGame(with: game.builder)
            } catch {
                return .cannotProceed("\(game.id) did not start: \(error)")
            }
        }
        return .proceed(self)
    }
}
