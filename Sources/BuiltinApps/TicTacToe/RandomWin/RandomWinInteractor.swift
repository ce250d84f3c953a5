import AppHosting
import RIBs

/// What RandomWin tells the game adapter.
protocol RandomWinListener: AnyObject {
    func didRandomlyWin(with player: PlayerType) throws(EventError)
}

/// The game of chance: `determineWinner` picks a winner and announces it; `closeGame`, the announcement's button,
/// counts the win in the score and ends the game (in the tutorial's order: the win counts as the alert closes).
final class RandomWinInteractor: PresentableInteractor<RandomWinViewController>, EventHandling, StateExposing {
    weak var listener: (any RandomWinListener)?
    private let mutableScoreStream: any MutableScoreStream
    private let random: SeededRandom
    private let player1Name: String
    private let player2Name: String
    /// Set once the winner is picked: the announcement is up.
    private var winner: PlayerType?

    init(
        presenter: RandomWinViewController, mutableScoreStream: any MutableScoreStream, random: SeededRandom, player1Name: String,
        player2Name: String
    ) {
        self.mutableScoreStream = mutableScoreStream
        self.random = random
        self.player1Name = player1Name
        self.player2Name = player2Name
        super.init(presenter: presenter)
    }

    var acceptedEvents: [EventType] {
        [.declared(winner == nil ? TicTacToeEvents.determineWinner.type : TicTacToeEvents.closeGame.type)]
    }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        if let winner {
            guard event.declared(TicTacToeEvents.closeGame.type) != nil, let listener else { return false }
            mutableScoreStream.updateScore(with: winner)
            try listener.didRandomlyWin(with: winner)
            return true
        }
        guard event.declared(TicTacToeEvents.determineWinner.type) != nil else { return false }
        determineWinner()
        return true
    }

    /// The tutorial's draw, from 0 to 99: player 1 above 50, else player 2.
    func determineWinner() {
        winner = random.roll(below: 100) > 50 ? .player1 : .player2
    }

    var exposedState: [(key: String, value: String)] {
        guard let winner else { return [] }
        return [("winner", winner.rawValue), ("announcement", "\(winner == .player1 ? player1Name : player2Name) Won!")]
    }
}
