import AppHosting
import RIBs

/// What TicTacToe tells the game adapter.
protocol TicTacToeListener: AnyObject {
    /// The players closed the announcement; `winner` is nil for a tie.
    func ticTacToeDidEnd(with winner: PlayerType?) throws(EventError)
}

/// The game: `placeMark` marks a free cell for the player whose turn it is. A full line wins and counts in the
/// score at once; a full board is a tie. Then the announcement is up (the tutorial's alert) and only `closeGame`,
/// its button, is taken.
final class TicTacToeInteractor: PresentableInteractor<TicTacToeViewController>, EventHandling, StateExposing {
    weak var listener: (any TicTacToeListener)?
    private let mutableScoreStream: any MutableScoreStream
    private let player1Name: String
    private let player2Name: String
    private var board = Board()
    private var currentPlayer = PlayerType.player1
    /// Set when the game is over.
    private var outcome: Outcome?

    init(presenter: TicTacToeViewController, mutableScoreStream: any MutableScoreStream, player1Name: String, player2Name: String) {
        self.mutableScoreStream = mutableScoreStream
        self.player1Name = player1Name
        self.player2Name = player2Name
        super.init(presenter: presenter)
    }

    var acceptedEvents: [EventType] {
        [.declared(outcome == nil ? TicTacToeEvents.placeMark.type : TicTacToeEvents.closeGame.type)]
    }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        if let outcome {
            // The announcement covers the board: only its button is there to tap.
            guard event.declared(TicTacToeEvents.closeGame.type) != nil, let listener else { return false }
            try listener.ticTacToeDidEnd(with: outcome.winner)
            return true
        }
        guard let mark = event.declared(TicTacToeEvents.placeMark.type) else { return false }
        try placeCurrentPlayerMark(atRow: try mark.int("row"), col: try mark.int("col"))
        return true
    }

    /// Refuses a taken cell before changing anything (the tutorial ignores the tap).
    func placeCurrentPlayerMark(atRow row: Int, col: Int) throws(EventError) {
        if let owner = board[row, col] {
            throw .invalidNavigation("row \(row), col \(col) is taken by \(name(of: owner))")
        }
        board[row, col] = currentPlayer
        currentPlayer = currentPlayer.other
        if let winner = board.winner {
            mutableScoreStream.updateScore(with: winner)
            outcome = .won(winner)
        } else if board.isFull {
            outcome = .tie
        }
    }

    var exposedState: [(key: String, value: String)] {
        switch outcome {
        case nil: [("board", board.description), ("currentPlayer", currentPlayer.rawValue)]
        case .tie: [("board", board.description), ("announcement", "It's a Tie")]
        case let .won(winner): [("board", board.description), ("winner", winner.rawValue), ("announcement", "\(name(of: winner)) Won!")]
        }
    }

    private func name(of player: PlayerType) -> String {
        player == .player1 ? player1Name : player2Name
    }

    /// How a game ended.
    private enum Outcome {
        case won(PlayerType)
        case tie

        /// The winner; nil for a tie.
        var winner: PlayerType? {
            guard case let .won(player) = self else { return nil }
            return player
        }
    }
}
