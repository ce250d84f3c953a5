import Foundation
import RibsdClient
import Testing

@Suite("ribsd-watch in a pseudo-terminal against a real ribsd")
struct WatchTerminalTests {
    @Test("it shows the session's tree; a key sends an event and the screen follows; b goes back; q quits")
    func watchSession() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let session = try await client.createSession(app: "login").session
        let terminal = try PseudoTerminal(try BuiltProduct.locate("ribsd-watch"), [server.baseURL.absoluteString, session])

        #expect(terminal.waitFor("└─ Login  viewable"), "\(terminal.text)")
        #expect(terminal.waitFor("1 login kim"))
        #expect(terminal.type("1", thenWaitFor: "└─ Home  viewable  name=kim"), "\(terminal.text)")
        #expect(try await client.session(session).version == 2)

        // Another client's event reaches the screen through the stream.
        let mark = terminal.output.count
        _ = try await client.send(.push("A"), to: session)
        #expect(terminal.waitFor("0 root  Home › A", after: mark), "\(terminal.text)")
        #expect(terminal.type("b", thenWaitFor: "version 4"), "\(terminal.text)")
        #expect(try await client.session(session).stack == ["Home"])

        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
        // The main screen and the cursor back, and the session named to come back to.
        #expect(terminal.text.contains("\u{1B}[?25h\u{1B}[?1049l"))
        #expect(terminal.text.contains("ribsd-watch: session \(session)"))
    }

    @Test("without a session: an app chosen from the menu starts one, which it then watches")
    func createFromMenu() async throws {
        let server = try RibsdServer()
        let terminal = try PseudoTerminal(try BuiltProduct.locate("ribsd-watch"), [server.baseURL.absoluteString])
        #expect(terminal.waitFor("1  navigation"), "\(terminal.text)")
        #expect(terminal.type("1", thenWaitFor: "1 fullScreen  Navigation"), "\(terminal.text)")
        // push, then which screen: A (Root and Navigation are attached).
        let mark = terminal.output.count
        terminal.type("1")
        #expect(terminal.waitFor("1 push A", after: mark), "\(terminal.text)")
        terminal.type("1")
        #expect(terminal.waitFor("1 fullScreen  Navigation › A", after: mark), "\(terminal.text)")
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }

    @Test("an app's own events: their fields asked for, typed or picked by digit; two players log in and start a game")
    func declaredEvents() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let session = try await client.createSession(app: "tictactoe").session
        let terminal = try PseudoTerminal(try BuiltProduct.locate("ribsd-watch"), [server.baseURL.absoluteString, session])
        #expect(terminal.waitFor("1 loginPlayers"), "\(terminal.text)")

        #expect(terminal.type("1", thenWaitFor: "Keys: loginPlayers · player1Name (string, optional)"), "\(terminal.text)")
        #expect(
            terminal.type("kim\r", thenWaitFor: "Keys: loginPlayers player1Name=kim · player2Name (string, optional)"), "\(terminal.text)")
        let mark = terminal.output.count
        terminal.type("ann\r")
        #expect(terminal.waitFor("player1Name=kim player1Score=0 player2Name=ann player2Score=0", after: mark), "\(terminal.text)")
        #expect(terminal.waitFor("1 startGame", after: mark), "\(terminal.text)")

        #expect(terminal.type("1", thenWaitFor: "1 randomwin   2 tictactoe"), "\(terminal.text)")
        #expect(terminal.type("2", thenWaitFor: "top: TicTacToe"), "\(terminal.text)")
        let game = try await client.session(session)
        #expect(game.version == 3 && game.top == "TicTacToe")

        // An integer typed: one out of range is asked again, then the mark is placed.
        #expect(terminal.type("1", thenWaitFor: "Keys: placeMark · row (integer 0…2)"), "\(terminal.text)")
        #expect(terminal.type("7\r", thenWaitFor: "`row` must be an integer from 0 to 2"), "\(terminal.text)")
        #expect(terminal.type("1\r2\r", thenWaitFor: "board=.../..X/..."), "\(terminal.text)")
        #expect(try await client.history(of: session).map(\.event.type) == ["loginPlayers", "startGame", "placeMark"])

        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }
}
