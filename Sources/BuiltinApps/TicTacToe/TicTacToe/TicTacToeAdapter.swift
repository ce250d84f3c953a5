import AppHosting
import RIBs

/// TicTacToe as one of LoggedIn's games: builds it, and turns its end into the games' common one.
final class TicTacToeAdapter: Game, GameBuildable, TicTacToeListener {
    static let gameID = "tictactoe"

    let id = TicTacToeAdapter.gameID
    let name = "Tic Tac Toe"
    var builder: any GameBuildable { self }
    private let ticTacToeBuilder: TicTacToeBuilder
    private weak var gameListener: (any GameListener)?

    init(dependency: any TicTacToeDependency) {
        ticTacToeBuilder = TicTacToeBuilder(dependency: dependency)
    }

    func build(withListener listener: any GameListener) -> any ViewableRouting {
        gameListener = listener
        return ticTacToeBuilder.build(withListener: self)
    }

    func ticTacToeDidEnd(with winner: PlayerType?) throws(EventError) {
        try gameListener?.gameDidEnd(with: winner)
    }
}
