import AppHosting

/// The tutorial's taps as the app's own event types: each is the presentable listener method its view calls.
enum TicTacToeEvents {
    /// LoggedOut's `login(withPlayer1Name:player2Name:)`. A name left out is "Player 1" or "Player 2", as the
    /// tutorial gives an empty text field. Not the built-in `login`, which carries one `name`.
    static let loginPlayers = EventDeclaration(
        "loginPlayers", description: "LoggedOut: log both players in (a name left out is \"Player 1\" or \"Player 2\")",
        fields: [.string("player1Name", optional: true), .string("player2Name", optional: true)])

    /// OffGame's `start(_ game:)`: one button per game, named by the game's id (in the order LoggedIn lists them).
    static let startGame = EventDeclaration(
        "startGame", description: "OffGame: start a game", fields: [.oneOf("gameId", [RandomWinAdapter.gameID, TicTacToeAdapter.gameID])])

    /// TicTacToe's `placeCurrentPlayerMark(atRow:col:)`: a tap on a cell.
    static let placeMark = EventDeclaration(
        "placeMark", description: "TicTacToe: mark a free cell for the player whose turn it is",
        fields: [.integer("row", in: 0...2), .integer("col", in: 0...2)])

    /// RandomWin's `determineWinner()`: its "Magic" button.
    static let determineWinner = EventDeclaration("determineWinner", description: "RandomWin: pick a winner")

    /// The button of the alert that announces the end of a game ("Close Game", "That was random..."): the game
    /// ends and LoggedIn shows OffGame again.
    static let closeGame = EventDeclaration("closeGame", description: "TicTacToe or RandomWin, once decided: back to OffGame")

    /// Every type, in the order `GET /v1/apps` lists them.
    static let all = [loginPlayers, startGame, placeMark, determineWinner, closeGame]
}
