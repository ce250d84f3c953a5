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
        var mark = terminal.output.count
        terminal.type("1")
        #expect(terminal.waitFor("└─ Home  viewable  name=kim", after: mark), "\(terminal.text)")
        #expect(try await client.session(session).version == 2)

        // Another client's event reaches the screen through the stream.
        mark = terminal.output.count
        _ = try await client.send(.push("A"), to: session)
        #expect(terminal.waitFor("0 root  Home › A", after: mark), "\(terminal.text)")
        mark = terminal.output.count
        terminal.type("b")
        #expect(terminal.waitFor("version 4", after: mark), "\(terminal.text)")
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
        var mark = terminal.output.count
        terminal.type("1")
        #expect(terminal.waitFor("1 fullScreen  Navigation", after: mark), "\(terminal.text)")
        mark = terminal.output.count
        // push, then which screen: A (Root and Navigation are attached).
        terminal.type("1")
        #expect(terminal.waitFor("1 push A", after: mark), "\(terminal.text)")
        terminal.type("1")
        #expect(terminal.waitFor("1 fullScreen  Navigation › A", after: mark), "\(terminal.text)")
        terminal.type("q")
        #expect(terminal.exitStatus() == 0)
    }
}
