import AppHosting
import BuiltinApps
import Foundation
import HeadlessUI
import RIBs
import Testing

@Suite("tictactoe app (Uber's RIBs tutorial)")
struct TicTacToeAppTests {
    let app = TicTacToeDriver()
    typealias Body = TicTacToeBodies
    typealias States = TicTacToeStates

    @Test("launch: Root presents LoggedOut; loginPlayers attaches the view-less LoggedIn, which shows OffGame and its score board")
    func loginShowsOffGame() throws {
        #expect(app.state == States.loggedOut)
        try app.send(Body.login("ann", "bob"))
        #expect(app.state == States.offGame("ann", 0, "bob", 0))
    }

    @Test("loginPlayers without names: the tutorial's defaults")
    func defaultNames() throws {
        try app.send(Body.login())
        #expect(app.state == States.offGame("Player 1", 0, "Player 2", 0))
    }

    @Test("a game of tic-tac-toe: marks alternate, a row wins, the win counts, closeGame returns to OffGame")
    func ticTacToeWin() throws {
        try app.send(Body.login("ann", "bob"))
        try app.send(Body.start("tictactoe"))
        #expect(app.state == States.ticTacToe(["board": ".../.../...", "currentPlayer": "player1"]))
        let moves = [(0, 0), (1, 0), (0, 1), (1, 1)]
        let boards = ["X../.../...", "X../O../...", "XX./O../...", "XX./OO./..."]
        for (index, (row, col)) in moves.enumerated() {
            try app.send(Body.mark(row, col))
            let next = index % 2 == 0 ? "player2" : "player1"
            #expect(app.state == States.ticTacToe(["board": boards[index], "currentPlayer": next]))
        }
        try app.send(Body.mark(0, 2))
        #expect(app.state == States.ticTacToe(["board": "XXX/OO./...", "winner": "player1", "announcement": "ann Won!"]))
        try app.send(Body.closeGame)
        #expect(app.state == States.offGame("ann", 1, "bob", 0))

        // A second game: bob wins a column this time, and the score keeps the first win.
        try app.send(Body.start("tictactoe"))
        for (row, col) in [(0, 0), (0, 1), (2, 2), (1, 1), (2, 0)] { try app.send(Body.mark(row, col)) }
        try app.send(Body.mark(2, 1))
        #expect(app.state == States.ticTacToe(["board": "XO./.O./XOX", "winner": "player2", "announcement": "bob Won!"]))
        try app.send(Body.closeGame)
        #expect(app.state == States.offGame("ann", 1, "bob", 1))
    }

    @Test("a mark on a taken cell is refused (409 invalid_navigation) and changes nothing; so does closeGame before the end")
    func takenCell() throws {
        try app.send(Body.login("ann", "bob"))
        try app.send(Body.start("tictactoe"))
        try app.send(Body.mark(1, 1))
        let before = app.stateJSON
        #expect(try app.refuse(Body.mark(1, 1)) == .invalidNavigation("row 1, col 1 is taken by ann"))
        #expect(app.stateJSON == before)
        #expect(try app.refuse(Body.closeGame) == .notHandled("no RIB on screen handles `closeGame` now"))
        #expect(try app.refuse(Body.start("randomwin")) == .notHandled("no RIB on screen handles `startGame` now"))
        #expect(app.stateJSON == before)
        // Still bob's turn.
        try app.send(Body.mark(0, 0))
        #expect(app.state == States.ticTacToe(["board": "O../.X./...", "currentPlayer": "player1"]))
    }

    @Test("after the win the board takes no more marks (409 event_not_handled): only closeGame")
    func noMoveAfterTheWin() throws {
        try app.send(Body.login("ann", "bob"))
        try app.send(Body.start("tictactoe"))
        // ann wins the diagonal.
        for (row, col) in [(0, 0), (0, 1), (1, 1), (0, 2), (2, 2)] { try app.send(Body.mark(row, col)) }
        let won = app.stateJSON
        #expect(app.state == States.ticTacToe(["board": "XOO/.X./..X", "winner": "player1", "announcement": "ann Won!"]))
        #expect(try app.refuse(Body.mark(2, 0)) == .notHandled("no RIB on screen handles `placeMark` now"))
        #expect(try app.refuse(Body.mark(0, 0)) == .notHandled("no RIB on screen handles `placeMark` now"))
        #expect(app.stateJSON == won)
        try app.send(Body.closeGame)
        #expect(app.state == States.offGame("ann", 1, "bob", 0))
    }

    @Test("a full board without a line is a tie: announced, and closeGame returns with the score unchanged")
    func tie() throws {
        try app.send(Body.login("ann", "bob"))
        try app.send(Body.start("tictactoe"))
        for (row, col) in [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0)] { try app.send(Body.mark(row, col)) }
        #expect(app.state == States.ticTacToe(["board": "XOX/XOO/OX.", "currentPlayer": "player1"]))
        try app.send(Body.mark(2, 2))
        #expect(app.state == States.ticTacToe(["board": "XOX/XOO/OXX", "announcement": "It's a Tie"]))
        try app.send(Body.closeGame)
        #expect(app.state == States.offGame("ann", 0, "bob", 0))
    }

    @Test("RandomWin: determineWinner announces a winner; closeGame counts it; the draws follow the players' names")
    func randomWin() throws {
        try app.send(Body.login("ann", "bob"))
        var score = (ann: 0, bob: 0)
        var winners: [String] = []
        for _ in 0..<12 {
            try app.send(Body.start("randomwin"))
            #expect(app.state == States.randomWin())
            try app.send(Body.determineWinner)
            let state = app.state
            let winner = try #require((state["tree"] as? NSDictionary).flatMap(Self.randomWinState)?["winner"])
            let name = winner == "player1" ? "ann" : "bob"
            #expect(state == States.randomWin(winner: winner, announcement: "\(name) Won!"))
            // The announcement is up: no second draw.
            #expect(try app.refuse(Body.determineWinner) == .notHandled("no RIB on screen handles `determineWinner` now"))
            try app.send(Body.closeGame)
            if winner == "player1" { score.ann += 1 } else { score.bob += 1 }
            #expect(app.state == States.offGame("ann", score.ann, "bob", score.bob))
            winners.append(winner)
        }
        // Pinned: the same names always draw the same winners, and both players win some.
        #expect(winners.joined(separator: " ") == Self.annBobDraws)
        #expect(score.ann > 0 && score.bob > 0)

        // Other names, other draws.
        let other = TicTacToeDriver()
        try other.send(Body.login("cy", "dee"))
        var otherWinners: [String] = []
        for _ in 0..<12 {
            try other.send(Body.start("randomwin"))
            try other.send(Body.determineWinner)
            otherWinners += [try #require((other.state["tree"] as? NSDictionary).flatMap(Self.randomWinState)?["winner"])]
            try other.send(Body.closeGame)
        }
        #expect(otherWinners != winners)
    }

    /// The first twelve RandomWin winners for ann and bob.
    static let annBobDraws = "player2 player1 player1 player2 player1 player1 player2 player1 player1 player2 player1 player1"

    /// The RandomWin node's state in a tree.
    static func randomWinState(_ tree: NSDictionary) -> [String: String]? {
        if tree["name"] as? String == "RandomWin" { return tree["state"] as? [String: String] }
        for child in (tree["children"] as? [NSDictionary]) ?? [] {
            if let state = randomWinState(child) { return state }
        }
        return nil
    }

    @Test("startGame names the tutorial's games only: another id is malformed, refused before the app sees it")
    func unknownGame() throws {
        try app.send(Body.login("ann", "bob"))
        #expect(throws: EventDecodingError.malformed(#"`gameId` must be "randomwin" or "tictactoe""#)) {
            try app.event(Body.start("chess"))
        }
        #expect(throws: EventDecodingError.malformed("`row` must be an integer from 0 to 2")) {
            try app.event(Body.mark(3, 0))
        }
    }

    @Test("loginPlayers once logged in is handled by no one (logging in again takes a logout first)")
    func noSecondLogin() throws {
        try app.send(Body.login("ann", "bob"))
        let before = app.stateJSON
        #expect(try app.refuse(Body.login("cy", "dee")) == .notHandled("no RIB on screen handles `loginPlayers` now"))
        #expect(app.stateJSON == before)
    }

    @Test("logout from OffGame: Root detaches LoggedIn, everything under it is released, and a new LoggedOut takes a new login")
    func logout() throws {
        try app.send(Body.login("ann", "bob"))
        try app.send(Body.start("randomwin"))
        // A game going on has no logout button.
        #expect(try app.refuse(Body.logout) == .notHandled("no RIB on screen handles `logout` now"))
        try app.send(Body.determineWinner)
        try app.send(Body.closeGame)
        let root = try #require((app.runtime as? RIBAppRuntime)?.root)
        weak let loggedIn: AnyObject? = root.children.first
        weak let offGame: AnyObject? = root.children.first?.children.first
        weak let offGameScreen: ViewController? = app.runtime.window.topViewController
        #expect(loggedIn != nil && offGame != nil && offGameScreen?.screenName == "OffGame")

        try app.send(Body.logout)
        #expect(app.state == States.loggedOut)
        #expect(loggedIn == nil && offGame == nil && offGameScreen == nil, "LoggedIn's subtree outlived the logout")
        #expect(try app.refuse(Body.logout) == .notHandled("no RIB on screen handles `logout` now"))
        // Another pair logs in: a new LoggedIn, the score from 0-0.
        try app.send(Body.login("cy", "dee"))
        #expect(app.state == States.offGame("cy", 0, "dee", 0))
    }

    @Test("teardown takes every screen down and leaves nothing attached")
    func tearDown() throws {
        try app.send(Body.login("ann", "bob"))
        try app.send(Body.start("tictactoe"))
        app.runtime.tearDown()
        let state = app.state
        #expect((state["layers"] as? [NSDictionary])?.isEmpty == true && state["top"] is NSNull)
        #expect(state["leaks"] as? [NSDictionary] == [])
    }
}
