import RibsdClient
import Testing

@testable import ribsd_watch

@Suite("ribsd-watch's model: what keys send, what the screen shows")
struct WatchModelTests {
    static let login = AppInfo(
        id: "login", description: "Login, then HomeFlow", events: [.login, .logout, .push, .pop, .present],
        screens: ["Root", "Login", "Home", "A", "B", "Profile"])
    static let flow = AppInfo(id: "flow", description: "RxFlow-style", events: [.step, .pop], screens: nil)

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
        var model = WatchModel(server: "http://h", apps: [Self.login, Self.flow], loginName: "kim", phase: .watching)
        _ = model.handle(.state(state))
        return model
    }

    private func key(_ character: Character) -> WatchInput { .key(character.asciiValue!) }

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
