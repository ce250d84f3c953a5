import Foundation

/// The tictactoe app's expected states, as the state document writes them.
enum TicTacToeStates {
    /// Root presents LoggedOut full screen.
    static var loggedOut: NSDictionary {
        screen(
            tree: node("Root", "launch", [node("LoggedOut", "viewable")]),
            layers: [layer("root", ["Root"]), layer("fullScreen", ["LoggedOut"])], accepts: ["loginPlayers"])
    }

    /// The score board's state.
    static func scoreBoard(_ player1: String, _ score1: Int, _ player2: String, _ score2: Int) -> [String: String] {
        ["player1Name": player1, "player1Score": "\(score1)", "player2Name": player2, "player2Score": "\(score2)"]
    }

    /// LoggedIn shows OffGame, its score board inside it.
    static func offGame(_ player1: String, _ score1: Int, _ player2: String, _ score2: Int) -> NSDictionary {
        let board = node("BasicScoreBoard", "viewable", state: scoreBoard(player1, score1, player2, score2))
        return loggedIn(node("OffGame", "viewable", [board]), accepts: ["startGame", "logout"])
    }

    /// LoggedIn shows the TicTacToe game with `state`.
    static func ticTacToe(_ state: [String: String]) -> NSDictionary {
        loggedIn(node("TicTacToe", "viewable", state: state), accepts: [state["announcement"] == nil ? "placeMark" : "closeGame"])
    }

    /// LoggedIn shows the RandomWin game; `winner` once picked.
    static func randomWin(winner: String? = nil, announcement: String? = nil) -> NSDictionary {
        let state = winner.map { ["winner": $0, "announcement": announcement ?? ""] } ?? [:]
        return loggedIn(node("RandomWin", "viewable", state: state), accepts: [winner == nil ? "determineWinner" : "closeGame"])
    }

    /// The view-less LoggedIn under Root, `child` presented full screen over Root.
    static func loggedIn(_ child: NSDictionary, accepts: [String]) -> NSDictionary {
        screen(
            tree: node("Root", "launch", [node("LoggedIn", "viewless", [child])]),
            layers: [layer("root", ["Root"]), layer("fullScreen", [child["name"] as? String ?? "?"])], accepts: accepts)
    }
}
