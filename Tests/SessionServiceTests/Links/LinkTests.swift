import AppHosting
import BuiltinApps
import Foundation
import SQLiteStore
import Testing

@testable import SessionService

@Suite("deep links")
struct LinkTests {
    /// Opens `url` in session `id`.
    static func open(_ client: ServiceClient, _ id: String, _ url: String, headers: [(String, String)] = []) throws -> HTTPResult {
        try client.request("POST", "/v1/sessions/\(id)/links", body: #"{"url":"\#(url)"}"#, headers: headers)
    }

    /// A session of `app` brought to a starting state by `events`.
    static func session(_ client: ServiceClient, app: String, _ events: [String]) throws -> String {
        let id = try client.createSession(app: app)
        for event in events { try client.apply(id, event) }
        return id
    }

    static func stack(_ response: HTTPResult) -> [String]? { response.json?["stack"] as? [String] }

    /// Where a link leads from a starting state: the front stack it shows, or the step named by its refusal.
    enum Outcome {
        case shows([String])
        case refused(step: String)
    }

    static let login = #"{"type":"login","name":"a"}"#
    static let players = #"{"type":"loginPlayers","player1Name":"a","player2Name":"b"}"#
    static let startTicTacToe = #"{"type":"startGame","gameId":"tictactoe"}"#
    static let startRandomWin = #"{"type":"startGame","gameId":"randomwin"}"#
    /// Player 1 takes the top row: the game is decided, its announcement up.
    static let topRow = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].map { #"{"type":"placeMark","row":\#($0.0),"col":\#($0.1)}"# }

    /// Each built-in app's links, from several starting states. `navigation` and `flow` reach every screen from
    /// every state (`LinkReachabilityTests` walks them all), so only the other apps have refusals here.
    static let cases: [(app: String, from: [String], url: String, outcome: Outcome)] = [
        ("navigation", [], "app://navigation/B", .shows(["Navigation", "B"])),
        (
            "navigation", [#"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#], "app://navigation/A",
            .shows(["Navigation", "A"])
        ),
        ("navigation", [#"{"type":"push","screen":"C"}"#], "app://navigation", .shows(["Navigation"])),
        ("navigation", [#"{"type":"push","screen":"A"}"#], "https://example.com/navigation/C", .shows(["Navigation", "A", "C"])),
        ("navigation", [#"{"type":"push","screen":"A"}"#], "app://navigation/A", .shows(["Navigation", "A"])),
        ("login", [], "app://welcome?name=kim", .shows(["Home"])),
        ("login", [], "app://home/A", .refused(step: "step 1 (logged in)")),
        ("login", [], "app://home/B", .refused(step: "step 1 (logged in)")),
        ("login", [], "app://home", .refused(step: "step 1 (logged in)")),
        ("login", [], "app://profile", .refused(step: "step 1 (logged in)")),
        ("login", [], "app://login", .shows(["Login"])),
        ("login", [login, #"{"type":"push","screen":"B"}"#], "app://home", .shows(["Home"])),
        ("login", [login], "app://home/B", .shows(["Home", "B"])),
        (
            "login", [login, #"{"type":"push","screen":"C"}"#, #"{"type":"push","screen":"B"}"#], "app://home/B",
            .shows(["Home", "C", "B"])
        ),
        ("login", [login, #"{"type":"present","screen":"Profile"}"#], "app://home/C", .shows(["Home", "C"])),
        (
            "login", [login, #"{"type":"push","screen":"A"}"#, #"{"type":"present","screen":"Profile"}"#], "app://home/B",
            .shows(["Home", "A", "B"])
        ),
        ("login", [login], "app://profile", .shows(["Profile"])),
        ("login", [login, #"{"type":"push","screen":"A"}"#], "app://login", .shows(["Login"])),
        ("login", [login, #"{"type":"push","screen":"A"}"#], "app://welcome?name=b", .shows(["Home"])),
        ("todo", [], "app://todo", .refused(step: "step 1 (logged in)")),
        ("todo", [], "app://todo?user=kim", .shows(["Todo"])),
        ("todo", [login], "app://todo", .shows(["Todo"])),
        ("todo", [login], "app://todo?user=kim", .shows(["Todo"])),
        ("todo", [login], "app://loggedOut", .shows(["LoggedOut"])),
        ("todo", [], "app://loggedOut", .shows(["LoggedOut"])),
        ("flow", [], "app://intro", .shows(["AppInit"])),
        ("flow", [], "app://main", .shows(["AppInit", "Main"])),
        ("flow", [], "app://coding", .shows(["AppInit", "Main", "Coding"])),
        ("flow", [#"{"type":"step","step":"mainIsRequired"}"#], "app://intro", .shows(["AppInit"])),
        ("flow", [#"{"type":"step","step":"mainIsRequired"}"#], "app://coding", .shows(["AppInit", "Main", "Coding"])),
        (
            "flow", [#"{"type":"step","step":"mainIsRequired"}"#, #"{"type":"step","step":"codingIsRequired"}"#], "app://main",
            .shows(["AppInit", "Main"])
        ),
        (
            "flow", [#"{"type":"step","step":"mainIsRequired"}"#, #"{"type":"step","step":"codingIsRequired"}"#], "app://intro",
            .shows(["AppInit"])
        ),
        // The tutorial's own link, run by its LaunchGameWorkflow: it waits for a login, which it cannot have here.
        ("tictactoe", [], "ribs-training://launchGame?gameId=tictactoe", .refused(step: "step 1 (waitForLogin)")),
        ("tictactoe", [players], "ribs-training://launchGame?gameId=randomwin", .shows(["RandomWin"])),
        ("tictactoe", [players], "https://example.com/launchGame?gameId=TicTacToe", .shows(["TicTacToe"])),
        // As the tutorial's: the game named replaces the one on screen, and an id no game has stays where it is.
        ("tictactoe", [players, startTicTacToe], "ribs-training://launchGame?gameId=randomwin", .shows(["RandomWin"])),
        ("tictactoe", [players, startRandomWin], "ribs-training://launchGame?gameId=chess", .shows(["RandomWin"])),
        ("tictactoe", [], "ribs-training://offGame", .refused(step: "step 1 (logged in)")),
        ("tictactoe", [players], "ribs-training://offGame", .shows(["OffGame"])),
        ("tictactoe", [players, startTicTacToe] + topRow, "ribs-training://offGame", .shows(["OffGame"])),
        ("tictactoe", [players, startRandomWin, #"{"type":"determineWinner"}"#], "ribs-training://offGame", .shows(["OffGame"])),
        ("tictactoe", [players, startTicTacToe], "ribs-training://offGame", .refused(step: "step 2 (game closed)")),
        ("tictactoe", [players, startRandomWin], "ribs-training://offGame", .refused(step: "step 2 (game closed)")),
        ("tictactoe", [], "ribs-training://loggedOut", .shows(["LoggedOut"])),
        ("tictactoe", [players], "ribs-training://loggedOut", .shows(["LoggedOut"])),
        ("tictactoe", [players, startTicTacToe] + topRow, "ribs-training://loggedOut", .shows(["LoggedOut"])),
        ("tictactoe", [players, startTicTacToe, topRow[0]], "ribs-training://loggedOut", .refused(step: "step 1 (game closed)")),
    ]

    @Test("every built-in app's links, from several starting states: where they point, or 409 with nothing changed")
    func builtInLinks() throws {
        try withTestServer { client in
            for (app, from, url, outcome) in Self.cases {
                let id = try Self.session(client, app: app, from)
                let before = try client.snapshot(id)
                let opened = try Self.open(client, id, url)
                switch outcome {
                case let .shows(stack):
                    #expect(opened.status == 200 && Self.stack(opened) == stack, "\(app) \(from) \(url): \(opened.text)")
                    #expect(opened.json?["leaks"] as? [NSDictionary] == [], "\(app) \(from) \(url): \(opened.text)")
                    if opened.body == before.state {
                        // Already there: the same version, nothing recorded.
                        try client.expectUnchanged(id, since: before)
                    } else {
                        let last = try #require(client.history(id).json?["events"] as? [[String: Any]]).last
                        #expect((last?["event"] as? [String: Any])?["url"] as? String == url, "\(app) \(from) \(url)")
                    }
                case let .refused(step):
                    expectProblem(opened, status: 409, code: "link_not_routable")
                    #expect(opened.json?["detail"].map { "\($0)".contains(step) } == true, "\(app) \(from) \(url): \(opened.text)")
                    // "step 2 (game closed)": the problem's `step` member is that number.
                    #expect(opened.json?["step"] as? Int == Int(step.split(separator: " ")[1]), "\(app) \(from) \(url): \(opened.text)")
                    try client.expectUnchanged(id, since: before)
                }
            }
            // Every built-in app lists its links.
            let apps = try #require(client.get("/v1/apps").json?["apps"] as? [[String: Any]])
            #expect(apps.allSatisfy { ($0["links"] as? [[String: Any]])?.isEmpty == false })
        }
    }

    /// The navigation app with one link that pushes A, then cannot go on.
    static let midway = AppDefinition(
        id: "midway", description: "navigation, with a link refused after its first step moved", events: [.push, .pop, .didPop],
        screens: ["Root", "Navigation", "A", "B", "C"],
        links: [
            LinkDeclaration("midway", description: "pushes A, then stops") { _, runtime throws(LinkRefusal) in
                try LinkWalk().step("push A") { _ in .event(.push(screen: "A")) }.step("stop") { _ in .cannotProceed("it never can") }
                    .run(on: runtime)
            }
        ]
    ) { BuiltinApps.navigation.launch() }

    @Test("a walk refused after its first step moved changes nothing: state, version, history, streams")
    func refusedMidway() throws {
        try withTestServer(registry: testRegistry(Self.midway)) { client in
            let id = try client.createSession(app: "midway")
            try client.apply(id, #"{"type":"push","screen":"B"}"#)
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "2")
            let before = try client.snapshot(id)
            let refused = try Self.open(client, id, "app://midway")
            expectProblem(refused, status: 409, code: "link_not_routable")
            #expect(
                refused.json?["detail"].map { "\($0)".contains("step 2 (stop) cannot proceed: it never can") } == true, "\(refused.text)")
            try client.expectUnchanged(id, since: before)
            // Nothing was published for it: the next frame is the next change's.
            try client.apply(id, #"{"type":"push","screen":"C"}"#)
            let next = try watcher.next()
            #expect(next.id == "3" && (next.data.contains(#""stack":["Navigation","B","C"]"#)), "\(next.data)")
        }
    }

    @Test("bad bodies, unknown links, preconditions, an idempotent retry, and a creation that opens a link")
    func requests() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "navigation")
            let before = try client.snapshot(id)
            for body in ["{}", #"{"url":""}"#, #"{"url":1}"#, #"{"url":"app://navigation","x":1}"#, "[]"] {
                expectProblem(
                    try client.request("POST", "/v1/sessions/\(id)/links", body: body), status: 400, code: "malformed_request")
            }
            for url in ["app://nowhere", "app://navigation/Z", "app://navigation/A/B", "app://home/A", "%zz"] {
                expectProblem(try Self.open(client, id, url), status: 422, code: "unknown_link")
            }
            expectProblem(try Self.open(client, "nope", "app://navigation"), status: 404, code: "session_not_found")
            expectProblem(
                try Self.open(client, id, "app://navigation/A", headers: [("If-Match", "\"7\"")]), status: 412, code: "version_mismatch")
            try client.expectUnchanged(id, since: before)

            let key = [("Idempotency-Key", "link-1")]
            let first = try Self.open(client, id, "app://navigation/A", headers: key)
            try client.apply(id, #"{"type":"push","screen":"B"}"#)
            let retry = try Self.open(client, id, "app://navigation/A", headers: key)
            #expect(first.status == 200 && retry.body == first.body, "the first answer, applied once")
            let reused = try Self.open(client, id, "app://navigation/C", headers: key)
            expectProblem(reused, status: 422, code: "idempotency_key_reused")

            let created = try client.request("POST", "/v1/sessions", body: #"{"app":"login","url":"app://welcome?name=kim"}"#)
            #expect(created.status == 201 && Self.stack(created) == ["Home"], "\(created.text)")
            let sessions = client.service.sessionCount
            expectProblem(
                try client.request("POST", "/v1/sessions", body: #"{"app":"login","url":"app://profile"}"#), status: 409,
                code: "link_not_routable")
            expectProblem(
                try client.request("POST", "/v1/sessions", body: #"{"app":"login","url":"app://nope"}"#), status: 422, code: "unknown_link")
            for body in [#"{"app":"login","url":""}"#, #"{"app":"login","url":1}"#, #"{"app":"login","url":["app://login"]}"#] {
                expectProblem(try client.request("POST", "/v1/sessions", body: body), status: 400, code: "malformed_request")
            }
            #expect(client.service.sessionCount == sessions, "no session made")
            let deep = try client.request(
                "POST", "/v1/sessions", body: #"{"app":"login","events":[{"type":"login","name":"a"}],"url":"app://home/C"}"#)
            #expect(deep.status == 201 && Self.stack(deep) == ["Home", "C"], "\(deep.text)")
        }
    }

    @Test("--max-events and the memory limit hold for links: 409 event_limit, 503 memory_limit, nothing changed")
    func limits() throws {
        try withTestServer(configuration: ServiceConfiguration(maxEventsPerSession: 2)) { client in
            let id = try client.createSession(app: "navigation")
            #expect(try Self.open(client, id, "app://navigation/A").status == 200, "a link counts as one event")
            try client.apply(id, #"{"type":"push","screen":"B"}"#)
            let before = try client.snapshot(id)
            let refused = try Self.open(client, id, "app://navigation/C")
            expectProblem(refused, status: 409, code: "event_limit")
            try client.expectUnchanged(id, since: before)
        }
        try withTestServer(configuration: ServiceConfiguration(maxHeldBytes: 1000)) { client in
            let id = try client.createSession(app: "navigation")
            // Histories fill the memory: push and pop until an event is refused.
            var full = false
            for _ in 0..<200 where !full {
                full =
                    try client.send(id, #"{"type":"push","screen":"A"}"#).status == 503 || client.send(id, #"{"type":"pop"}"#).status == 503
            }
            try #require(full, "the memory limit was never reached")
            let before = try client.snapshot(id)
            let refused = try Self.open(client, id, "app://navigation/C")
            expectProblem(refused, status: 503, code: "memory_limit")
            #expect(refused.header("Retry-After") != nil)
            try client.expectUnchanged(id, since: before)
        }
    }

    @Test("links replay: after a restart, in a rewind, and in past versions")
    func replays() throws {
        try withDataDirectory { directory in
            let (id, state) = try withStoredServer(directory: directory) { client, _, _ in
                let id = try client.createSession(app: "login")
                #expect(try Self.open(client, id, "app://welcome?name=kim").status == 200)
                #expect(try Self.open(client, id, "app://home/B").status == 200)
                #expect(try Self.open(client, id, "app://profile").status == 200)
                return (id, try client.snapshot(id))
            }
            try withStoredServer(directory: directory) { client, _, _ in
                try client.expectUnchanged(id, since: state)
                #expect(Self.stack(try client.get("/v1/sessions/\(id)?version=3")) == ["Home", "B"])
                let rewound = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":3}"#)
                #expect(Self.stack(rewound) == ["Home", "B"])
            }
        }
    }
}
