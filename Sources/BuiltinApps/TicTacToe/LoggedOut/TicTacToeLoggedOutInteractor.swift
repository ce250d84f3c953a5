import AppHosting
import RIBs

/// What LoggedOut tells Root.
protocol TicTacToeLoggedOutListener: AnyObject {
    func didLogin(withPlayer1Name player1Name: String, player2Name: String) throws(EventError)
}

/// LoggedOut takes `loginPlayers` (its login button) and hands both names to Root.
final class TicTacToeLoggedOutInteractor: PresentableInteractor<TicTacToeLoggedOutViewController>, EventHandling {
    weak var listener: (any TicTacToeLoggedOutListener)?

    var acceptedEvents: [EventType] { [.declared(TicTacToeEvents.loginPlayers.type)] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard let request = event.declared(TicTacToeEvents.loginPlayers.type), listener != nil else { return false }
        try login(withPlayer1Name: request["player1Name"]?.string, player2Name: request["player2Name"]?.string)
        return true
    }

    func login(withPlayer1Name player1Name: String?, player2Name: String?) throws(EventError) {
        try listener?.didLogin(withPlayer1Name: player1Name ?? "Player 1", player2Name: player2Name ?? "Player 2")
    }
}
