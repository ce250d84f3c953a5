import AppHosting
import RIBs

/// What OffGame tells LoggedIn.
protocol OffGameListener: AnyObject {
    func startGame(with gameBuilder: any GameBuildable) throws(EventError)
    /// The players asked to log out (not in the tutorial: ribsd's addition, so that a session can end a login).
    func logout() throws(EventError)
}

/// OffGame takes `startGame` (a game's button) and asks LoggedIn to start that game, and `logout` (a button the
/// tutorial does not have), which it hands up the same way.
final class OffGameInteractor: PresentableInteractor<OffGameViewController>, EventHandling {
    weak var listener: (any OffGameListener)?
    private let games: [any Game]

    init(presenter: OffGameViewController, games: [any Game]) {
        self.games = games
        super.init(presenter: presenter)
    }

    var acceptedEvents: [EventType] { [.declared(TicTacToeEvents.startGame.type), .logout] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        if event == .logout, let listener {
            try listener.logout()
            return true
        }
        guard let request = event.declared(TicTacToeEvents.startGame.type), listener != nil else { return false }
        let id = try request.string("gameId")
        // The declaration lets through only the ids of these games.
        guard let game = games.first(where: { $0.id == id }) else { throw .internalFailure("OffGame has no game `\(id)`") }
        try start(game)
        return true
    }

    func start(_ game: any Game) throws(EventError) {
        try listener?.startGame(with: game.builder)
    }
}
