import RibsdClient
import Testing

@testable import ribsd_watch

@Suite("ribsd-watch's model: what keys send, what the screen shows")
struct WatchModelTests {
    static let login = AppInfo(
        id: "login", description: "Login, then HomeFlow", events: [.login, .logout, .push, .pop, .present],
        screens: ["Root", "Login", "Home", "A", "B", "Profile"])
    static let flow = AppInfo(id: "flow", description: "RxFlow-style", events: [.step, .pop], screens: nil)
    static let tictactoe = AppInfo(
        id: "tictactoe", description: "two players", events: ["loginPlayers", "startGame", "placeMark", "closeGame"],
        screens: ["Root", "LoggedOut", "OffGame", "TicTacToe"],
        declaredEvents: [
            EventDeclaration(
                type: "loginPlayers", description: "",
                fields: [
                    EventFieldDeclaration(name: "player1Name", kind: .string, isOptional: true),
                    EventFieldDeclaration(name: "player2Name", kind: .string, isOptional: true),
                ]),
            EventDeclaration(
                type: "startGame", description: "",
                fields: [EventFieldDeclaration(name: "gameId", kind: .oneOf(["randomwin", "tictactoe"]))]),
            EventDeclaration(
                type: "placeMark", description: "",
                fields: [
                    EventFieldDeclaration(name: "row", kind: .integer(0...2)), EventFieldDeclaration(name: "col", kind: .integer(0...2)),
                ]),
            EventDeclaration(type: "closeGame", description: ""),
        ])

    /// A tictactoe state at `version` on `top`, taking `accepts`.
    static func game(version: Int, top: String, accepts: [EventType]) -> SessionState {
        SessionState(
            session: "T", app: "tictactoe", version: version,
            tree: Node(name: "Root", kind: .launch, active: true, children: [Node(name: top, kind: .viewable, active: true)]),
            layers: [Layer(style: .root, stack: ["Root"]), Layer(style: .fullScreen, stack: [top])], stack: [top], top: top,
            accepts: accepts)
    }

    /// The login app's state on Home with A pushed (version 3), as the server writes it.
    static func atA(version: Int = 3) -> SessionState {
        SessionState(
            session: "S", app: "login", version: version,
            tree: Node(
                name: "Root", kind: .launch, active: true,
                children: [
                    Node(
                        name: "HomeFlow", kind: .viewless, active: true,
                        children: [
                            Node(name: "Home", kind: .viewable, active: true, state: ["name": "kim"]),
                            Node(name: "A", kind: .viewable, active: true),
                        ])
                ]),
            layers: [Layer(style: .root, stack: ["Home", "A"])], stack: ["Home", "A"], top: "A",
            accepts: [.push, .pop, .didPop, .present, .logout])
    }

    private func watching(_ state: SessionState) -> WatchModel {
        var model = WatchModel(server: "http://h", apps: [Self.login, Self.flow, Self.tictactoe], loginName: "kim", phase: .watching)
        _ = model.handle(.state(state))
        return model
    }

    private func key(_ character: Character) -> WatchInput { .key(character.asciiValue!) }

    /// Types `text` into `model` (Enter as `\r`), answering the commands of the last key.
    @discardableResult
    private func type(_ text: String, into model: inout WatchModel) -> [WatchCommand] {
        var commands: [WatchCommand] = []
        for byte in text.utf8 { commands = model.handle(.key(byte)) }
        return commands
    }

    @Test("a digit sends the accepted event it numbers at the version shown; one needing a screen asks which first")
    func digits() {
        var model = watching(Self.atA())
        #expect(model.menu.map(\.label) == ["push", "pop", "didPop A", "present", "logout"])
        #expect(model.handle(key("2")) == [.send(.pop, ifMatch: 3)])
        #expect(model.handle(key("3")) == [.send(.didPop("A"), ifMatch: 3)])
        // push: the app's screens not attached (Root, Home and A are).
        #expect(model.handle(key("1")).isEmpty)
        #expect(model.menu.map(\.label) == ["push Login", "push B", "push Profile"])
        #expect(model.handle(key("2")) == [.send(.push("B"), ifMatch: 3)])
        #expect(model.choosing == nil)
        #expect(model.handle(key("9")).isEmpty, "no ninth entry")
    }

    @Test("b goes back with a pop, else a dismiss; Esc leaves a choice; q quits")
    func keys() {
        var model = watching(Self.atA())
        #expect(model.handle(key("b")) == [.send(.pop, ifMatch: 3)])
        var sheet = Self.atA(version: 4)
        sheet.accepts = [.dismiss, .didDismiss, .logout]
        _ = model.handle(.state(sheet))
        #expect(model.handle(key("b")) == [.send(.dismiss, ifMatch: 4)])
        _ = model.handle(.state(Self.atA(version: 5)))
        _ = model.handle(key("4"))
        #expect(model.choosing == .present)
        _ = model.handle(.key(27))
        #expect(model.choosing == nil)
        #expect(model.handle(key("q")) == [.quit])
        #expect(model.handle(.key(3)) == [.quit], "Ctrl-C")
    }

    @Test("an older state than the one shown is ignored; the stream's end leaves nothing to send")
    func ordering() {
        var model = watching(Self.atA(version: 5))
        _ = model.handle(.sent(summary: "pop", Self.atA(version: 4)))
        #expect(model.state?.version == 5)
        _ = model.handle(.streamEnded(reason: "deleted"))
        #expect(model.menu.isEmpty)
        #expect(model.handle(key("b")).isEmpty)
    }

    @Test("without a session: digits choose the app, and its first state starts the watch")
    func chooseApp() {
        var model = WatchModel(server: "http://h", apps: [Self.login, Self.flow], loginName: "kim", phase: .choosingApp)
        #expect(model.handle(key("2")) == [.create(app: "flow")])
        #expect(model.phase == .creating(app: "flow"))
        var flow = Self.atA(version: 1)
        flow.app = "flow"
        flow.accepts = [.step]
        flow.extras = ["steps": ["mainIsRequired", "codingIsRequired"]]
        #expect(model.handle(.sent(summary: "create flow", flow)) == [.watch(session: "S")])
        #expect(model.menu.map(\.label) == ["step"])
        _ = model.handle(key("1"))
        #expect(model.handle(key("2")) == [.send(.step("codingIsRequired"), ifMatch: 1)])
    }

    @Test("an app's own event with an enum field: its values by digit, then the event at the version shown")
    func enumForm() {
        var model = watching(Self.game(version: 2, top: "OffGame", accepts: ["startGame"]))
        #expect(model.menu.map(\.label) == ["startGame"])
        #expect(model.handle(key("1")).isEmpty)
        #expect(model.form?.choices?.map(\.label) == ["randomwin", "tictactoe"])
        #expect(model.menu.isEmpty, "the digits are the form's")
        let lines = WatchScreen.lines(model)
        #expect(lines.suffix(2) == ["  1 randomwin   2 tictactoe", "  Esc cancel   Ctrl-C quit"])
        #expect(lines.contains("Keys: startGame · gameId (enum randomwin|tictactoe)"))
        #expect(model.handle(key("3")).isEmpty && model.form != nil, "no third value")
        #expect(model.handle(key("2")) == [.send(Event(type: "startGame", fields: ["gameId": "tictactoe"]), ifMatch: 2)])
        #expect(model.form == nil && model.message == "sending startGame gameId=tictactoe…")
    }

    @Test("typed fields: text with Backspace, Enter leaving an optional one out; an integer out of range asked again")
    func typedForm() {
        var model = watching(Self.game(version: 1, top: "LoggedOut", accepts: ["loginPlayers"]))
        _ = model.handle(key("1"))
        #expect(model.form?.prompt == "loginPlayers · player1Name (string, optional)")
        // q and digits are letters here.
        type("q1x\u{7F}", into: &model)
        #expect(model.form?.text == "q1")
        #expect(
            WatchScreen.lines(model).suffix(2) == [
                "  > q1▏", "  Enter answer (empty: leave it out)   Backspace erase   Esc cancel   Ctrl-C quit",
            ])
        type("\r", into: &model)
        #expect(model.form?.prompt == "loginPlayers player1Name=q1 · player2Name (string, optional)")
        #expect(type("\r", into: &model) == [.send(Event(type: "loginPlayers", fields: ["player1Name": "q1"]), ifMatch: 1)])

        _ = model.handle(.state(Self.game(version: 3, top: "TicTacToe", accepts: ["placeMark"])))
        _ = model.handle(key("1"))
        type("\r", into: &model)
        #expect(model.message == "`row` needs a value")
        type("3\r", into: &model)
        #expect(model.message == "`row` must be an integer from 0 to 2" && model.form?.prompt == "placeMark · row (integer 0…2)")
        type("one\r", into: &model)
        #expect(model.message == "`row` is not of its kind" && model.form?.text == "")
        type("1\r", into: &model)
        #expect(type("2\r", into: &model) == [.send(Event(type: "placeMark", fields: ["row": 1, "col": 2]), ifMatch: 3)])
    }

    @Test("a form: Esc leaves it, Ctrl-C quits, a state that no longer takes its type closes it; no fields, no form")
    func formExits() {
        var model = watching(Self.game(version: 3, top: "TicTacToe", accepts: ["placeMark", "closeGame"]))
        #expect(model.menu.map(\.label) == ["placeMark", "closeGame"])
        #expect(model.handle(key("2")) == [.send(Event(type: "closeGame"), ifMatch: 3)], "closeGame has no field to ask")
        _ = model.handle(key("1"))
        _ = model.handle(.key(27))
        #expect(model.form == nil && model.menu.count == 2)
        _ = model.handle(key("1"))
        #expect(model.handle(.key(3)) == [.quit])
        _ = model.handle(.state(Self.game(version: 4, top: "OffGame", accepts: ["startGame"])))
        #expect(model.form == nil && model.message == "placeMark is no longer accepted")
        _ = model.handle(key("1"))
        _ = model.handle(.streamEnded(reason: "deleted"))
        #expect(model.form == nil && model.handle(key("1")).isEmpty)
    }

    @Test("the screen: the tree with its branches and state, the layers, the key map")
    func screen() {
        let lines = WatchScreen.lines(watching(Self.atA()))
        #expect(
            lines == [
                "ribsd-watch · http://h",
                "session S · app login · version 3 · live",
                "",
                "Tree",
                "  Root  launch",
                "  └─ HomeFlow  viewless",
                "     ├─ Home  viewable  name=kim",
                "     └─ A  viewable",
                "",
                "Screen",
                "  0 root  Home › A",
                "  top: A",
                "",
                "Keys",
                "  1 push   2 pop   3 didPop A   4 present   5 logout",
                "  b back   q quit",
            ])
    }

    @Test("arguments: url and session, --app, --name; anything else is a usage error")
    func arguments() {
        let parsed = try? WatchArguments.parse(["http://127.0.0.1:8080", "S", "--name", "ann"]).get()
        #expect(parsed?.session == "S" && parsed?.loginName == "ann" && parsed?.app == nil)
        #expect((try? WatchArguments.parse(["http://h:1", "--app", "flow"]).get())?.app == "flow")
        #expect(WatchArguments.parse([]) == .failure(UsageError("expected <url> [session]")))
        #expect(WatchArguments.parse(["ftp://h"]) == .failure(UsageError("not an http:// or https:// URL: ftp://h")))
        #expect(WatchArguments.parse(["http://h", "--bogus"]) == .failure(UsageError("unknown option --bogus")))
        // Session ids are base64url: one may start with `-`, and is still the session.
        #expect((try? WatchArguments.parse(["http://h:1", "-H2szrvWN3UldKl_IL95zQ"]).get())?.session == "-H2szrvWN3UldKl_IL95zQ")
        #expect((try? WatchArguments.parse(["http://h:1", "--", "--odd"]).get())?.session == "--odd")
    }
}
