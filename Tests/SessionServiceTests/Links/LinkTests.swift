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

    /// Each built-in app's links, from several starting states: (app, starting events, url, the stack it shows,
    /// or nil when the link cannot be opened from there).
    static let cases: [(app: String, from: [String], url: String, stack: [String]?)] = [
        ("navigation", [], "app://navigation/B", ["Navigation", "B"]),
        ("navigation", [#"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#], "app://navigation/A", ["Navigation", "A"]),
        ("navigation", [#"{"type":"push","screen":"C"}"#], "app://navigation", ["Navigation"]),
        ("navigation", [#"{"type":"push","screen":"A"}"#], "https://example.com/navigation/C", ["Navigation", "A", "C"]),
        ("login", [], "app://welcome?name=kim", ["Home"]),
        ("login", [], "app://home/A", nil),
        ("login", [], "app://profile", nil),
        ("login", [#"{"type":"login","name":"a"}"#, #"{"type":"push","screen":"B"}"#], "app://home", ["Home"]),
        ("login", [#"{"type":"login","name":"a"}"#, #"{"type":"present","screen":"Profile"}"#], "app://home/C", ["Home", "C"]),
        ("login", [#"{"type":"login","name":"a"}"#], "app://profile", ["Profile"]),
        ("login", [#"{"type":"login","name":"a"}"#, #"{"type":"push","screen":"A"}"#], "app://login", ["Login"]),
        ("login", [#"{"type":"login","name":"a"}"#, #"{"type":"push","screen":"A"}"#], "app://welcome?name=b", ["Home"]),
        ("todo", [], "app://todo", nil),
        ("todo", [], "app://todo?user=kim", ["Todo"]),
        ("todo", [#"{"type":"login","name":"a"}"#], "app://loggedOut", ["LoggedOut"]),
        ("flow", [], "app://main", ["AppInit", "Main"]),
        ("flow", [#"{"type":"step","step":"mainIsRequired"}"#], "app://coding", ["AppInit", "Main", "Coding"]),
        // The tutorial's own link, run by its LaunchGameWorkflow: it waits for a login, which it cannot have here.
        ("tictactoe", [], "ribs-training://launchGame?gameId=tictactoe", nil),
        (
            "tictactoe", [#"{"type":"loginPlayers","player1Name":"a","player2Name":"b"}"#], "ribs-training://launchGame?gameId=randomwin",
            ["RandomWin"]
        ),
    ]

    @Test("every built-in app's links, from several starting states: where they point, or 409 with nothing changed")
    func builtInLinks() throws {
        try withTestServer { client in
            for (app, from, url, stack) in Self.cases {
                let id = try Self.session(client, app: app, from)
                let before = try client.snapshot(id)
                let opened = try Self.open(client, id, url)
                if let stack {
                    #expect(opened.status == 200 && Self.stack(opened) == stack, "\(app) \(url): \(opened.text)")
                    let last = try #require(client.history(id).json?["events"] as? [[String: Any]]).last
                    #expect((last?["event"] as? [String: Any])?["url"] as? String == url)
                } else {
                    expectProblem(opened, status: 409, code: "link_not_routable")
                    let step = app == "tictactoe" ? "step 1 (waitForLogin)" : "step 1 (logged in)"
                    #expect(opened.json?["detail"].map { "\($0)".contains(step) } == true, "\(opened.text)")
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

            let created = try client.request("POST", "/v1/sessions", body: #"{"app":"login","url":"app://welcome?name=kim"}"#)
            #expect(created.status == 201 && Self.stack(created) == ["Home"], "\(created.text)")
            let sessions = client.service.sessionCount
            expectProblem(
                try client.request("POST", "/v1/sessions", body: #"{"app":"login","url":"app://profile"}"#), status: 409,
                code: "link_not_routable")
            expectProblem(
                try client.request("POST", "/v1/sessions", body: #"{"app":"login","url":"app://nope"}"#), status: 422, code: "unknown_link")
            #expect(client.service.sessionCount == sessions, "no session made")
            let deep = try client.request(
                "POST", "/v1/sessions", body: #"{"app":"login","events":[{"type":"login","name":"a"}],"url":"app://home/C"}"#)
            #expect(deep.status == 201 && Self.stack(deep) == ["Home", "C"], "\(deep.text)")
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
