import AppHosting
import BuiltinApps
import Foundation
import Testing

/// Event types an app declares, over HTTP through a real server: `GET /v1/apps`, sessions' events (alone, in
/// batches, at creation), their refusals, the history, a restart, a flow app, and the OpenAPI document.
@Suite("App-defined events over HTTP")
struct AppDefinedEventTests {
    static let builtInTypes = "login, logout, push, pop, didPop, present, dismiss, didDismiss, step"

    /// The `detail` of a problem answer.
    static func detail(_ response: HTTPResult) -> String? {
        response.json?["detail"] as? String
    }

    /// A node's `state` in a state document, by the node's name.
    static func nodeState(_ response: HTTPResult, _ name: String) -> [String: String]? {
        func find(_ node: [String: Any]?) -> [String: String]? {
            guard let node else { return nil }
            if node["name"] as? String == name { return node["state"] as? [String: String] }
            return (node["children"] as? [[String: Any]] ?? []).lazy.compactMap { find($0) }.first
        }
        return find(response.json?["tree"] as? [String: Any])
    }

    @Test("GET /v1/apps lists each app's declared types with their fields; the built-in apps' entries stay as they were")
    func apps() throws {
        let builtIn = try withTestServer { client in try client.get("/v1/apps").body }
        try withTestServer(registry: testRegistry(LabDeclaredApps.board())) { client in
            let response = try client.get("/v1/apps")
            #expect(response.status == 200)
            // The built-in apps first, byte for byte, then the board.
            #expect(response.body.starts(with: builtIn.dropLast(2)))
            let apps = try #require(response.json?["apps"] as? [[String: Any]])
            #expect(apps.prefix(4).allSatisfy { $0["declaredEvents"] == nil })
            let board = try #require(apps.last)
            #expect(board["events"] as? [String] == ["placeMark", "setPlayers", "highlight"])
            #expect(
                response.text.contains(
                    #"{"type":"placeMark","description":"Mark a square for the player whose turn it is","fields":["#
                        + #"{"name":"row","type":"integer","optional":false,"minimum":0,"maximum":2},"#
                        + #"{"name":"col","type":"integer","optional":false,"minimum":0,"maximum":2}]}"#))
            #expect(
                response.text.contains(
                    #"{"type":"setPlayers","description":"Name the players","fields":[{"name":"x","type":"string","optional":false},"#
                        + #"{"name":"o","type":"string","optional":false},{"name":"first","type":"enum","optional":true,"values":["x","o"]}]}"#
                ))
            #expect(
                response.text.contains(
                    #"{"type":"highlight","description":"","fields":[{"name":"screen","type":"screen","optional":false},"#
                        + #"{"name":"on","type":"boolean","optional":false}]}"#))
        }
    }

    @Test("a declared event reaches the RIB on top, then its ancestors; accepts lists the types; the history its canonical form")
    func session() throws {
        try withTestServer(registry: testRegistry(LabDeclaredApps.board())) { client in
            let id = try client.createSession(app: "board")
            let created = try client.state(id)
            #expect(created.json?["accepts"] as? [String] == ["placeMark", "setPlayers", "highlight"])

            let marked = try client.send(id, #"{"col":2,"row":1,"type":"placeMark","note":"ignored"}"#)
            #expect(marked.status == 200, "\(marked.text)")
            #expect(marked.json?["version"] as? Int == 2)
            #expect(Self.nodeState(marked, "Board") == ["squares": ".....x...", "turn": "o"])
            // Board on top declines it; Root, below, takes it.
            let named = try client.send(id, #"{"type":"setPlayers","x":"Ann","o":"Bob","first":"o"}"#)
            #expect(named.json?["version"] as? Int == 3)
            #expect(Self.nodeState(named, "Root") == ["players": "Ann (x) vs Bob (o), o first", "highlighted": ""])
            try client.apply(id, #"{"type":"highlight","screen":"Board","on":true}"#)
            // The same again changes nothing: the version stays, and the history does not list it.
            let again = try client.send(id, #"{"type":"highlight","screen":"Board","on":true}"#)
            #expect(again.status == 200 && again.json?["version"] as? Int == 4)

            // A square taken: Board declines, nobody above takes it.
            try client.expectRefusal(id, #"{"type":"placeMark","row":1,"col":2}"#, status: 409, code: "event_not_handled")
            let history = try client.history(id).text
            #expect(history.contains(#"{"version":2,"event":{"type":"placeMark","row":1,"col":2},"#))
            #expect(history.contains(#"{"version":3,"event":{"type":"setPlayers","x":"Ann","o":"Bob","first":"o"},"#))
            #expect(history.contains(#"{"version":4,"event":{"type":"highlight","screen":"Board","on":true},"#))
            #expect(!history.contains(#""version":5"#))
        }
    }

    @Test(
        "a body that breaks the app's declaration is refused naming the field, an unknown type listing the app's types",
        arguments: [
            (#"{"type":"placeMark","row":1}"#, "malformed_event", "`placeMark` needs the integer field `col`"),
            (#"{"type":"placeMark","row":"1","col":0}"#, "malformed_event", "`row` must be an integer"),
            (#"{"type":"placeMark","row":3,"col":0}"#, "malformed_event", "`row` must be an integer from 0 to 2"),
            (#"{"type":"setPlayers","x":"","o":"b"}"#, "malformed_event", "`x` must not be empty"),
            (#"{"type":"setPlayers","x":"a","o":"b","first":"z"}"#, "malformed_event", "`first` must be \"x\" or \"o\""),
            (
                #"{"type":"highlight","screen":"Home","on":true}"#, "malformed_event",
                "`screen` must be one of the app's screens: \"Root\" or \"Board\""
            ),
            (#"{"type":"highlight","screen":"Board","on":"yes"}"#, "malformed_event", "`on` must be a boolean"),
            (#"{"type":"highlight","screen":"Board","on":null}"#, "malformed_event", "`on` must be a boolean, not null"),
            (
                #"{"type":"placemark","row":1,"col":1}"#, "unknown_event",
                "unknown event type \"placemark\"; known types: login, logout, push, pop, didPop, present, dismiss, didDismiss, step, "
                    + "placeMark, setPlayers, highlight"
            ),
        ])
    func refusals(body: String, code: String, detail: String) throws {
        try withTestServer(registry: testRegistry(LabDeclaredApps.board())) { client in
            let id = try client.createSession(app: "board")
            let refused = try client.expectRefusal(id, body, status: 400, code: code)
            #expect(Self.detail(refused) == detail)
        }
    }

    @Test("another app's session does not know the types: unknown_event, listing its own as before")
    func otherApps() throws {
        try withTestServer(registry: testRegistry(LabDeclaredApps.board())) { client in
            let id = try client.createSession(app: "login")
            let refused = try client.expectRefusal(id, #"{"type":"placeMark","row":1,"col":1}"#, status: 400, code: "unknown_event")
            #expect(Self.detail(refused) == "unknown event type \"placeMark\"; known types: \(Self.builtInTypes)")
        }
    }

    @Test("batches and creations take declared events, all or none, naming the index refused")
    func batchesAndCreations() throws {
        try withTestServer(registry: testRegistry(LabDeclaredApps.board())) { client in
            let created = try client.request(
                "POST", "/v1/sessions",
                body: #"{"app":"board","events":[{"type":"placeMark","row":0,"col":0},{"type":"setPlayers","x":"a","o":"b"}]}"#)
            #expect(created.status == 201, "\(created.text)")
            #expect(created.json?["version"] as? Int == 3)
            #expect(Self.nodeState(created, "Board")?["squares"] == "x........")
            let id = try #require(created.json?["session"] as? String)

            let batch = try client.send(id, #"{"events":[{"type":"placeMark","row":2,"col":2},{"type":"placeMark","row":0,"col":1}]}"#)
            #expect(batch.status == 200 && batch.json?["version"] as? Int == 5)
            #expect(Self.nodeState(batch, "Board")?["squares"] == "xx......o")

            let malformed = try client.expectRefusal(
                id, #"{"events":[{"type":"placeMark","row":1,"col":1},{"type":"placeMark","row":1}]}"#, status: 400, code: "malformed_event"
            )
            #expect(malformed.json?["index"] as? Int == 1)
            #expect(Self.detail(malformed) == "event 1: `placeMark` needs the integer field `col`")
            let taken = try client.expectRefusal(
                id, #"{"events":[{"type":"placeMark","row":1,"col":1},{"type":"placeMark","row":1,"col":1}]}"#, status: 409,
                code: "event_not_handled")
            #expect(taken.json?["index"] as? Int == 1)

            let refusedCreation = try client.request(
                "POST", "/v1/sessions", body: #"{"app":"board","events":[{"type":"highlight","screen":"Nowhere","on":true}]}"#)
            expectProblem(refusedCreation, status: 400, code: "malformed_event")
            #expect(refusedCreation.json?["index"] as? Int == 0)
            // A creation naming no hosted app reads its events as the built-in types alone, as before (then 422).
            let unknownApp = try client.request("POST", "/v1/sessions", body: #"{"app":"nope","events":[{"type":"placeMark"}]}"#)
            expectProblem(unknownApp, status: 400, code: "unknown_event")
            let unknownAppBuiltIn = try client.request("POST", "/v1/sessions", body: #"{"app":"nope","events":[{"type":"pop"}]}"#)
            expectProblem(unknownAppBuiltIn, status: 422, code: "unknown_app")
        }
    }

    @Test("a stored session with declared events comes back after a restart: the same state and history")
    func restart() throws {
        let registry = testRegistry(LabDeclaredApps.board())
        try withDataDirectory { directory in
            let (id, state, history) = try withStoredServer(directory: directory, registry: registry) { client, _, _ in
                let id = try client.createSession(app: "board")
                try client.apply(
                    id, #"{"type":"placeMark","row":1,"col":1}"#, #"{"type":"setPlayers","x":"a","o":"b","first":"o"}"#,
                    #"{"type":"highlight","screen":"Root","on":false}"#, #"{"type":"highlight","screen":"Board","on":true}"#)
                return (id, try client.state(id).body, try client.history(id).body)
            }
            try withStoredServer(directory: directory, registry: registry) { client, _, restored in
                #expect(restored == 1)
                #expect(try client.state(id).body == state)
                #expect(try client.history(id).body == history)
                try client.apply(id, #"{"type":"placeMark","row":0,"col":0}"#)
            }
        }
    }

    @Test("a flow app takes a declared event as a step: accepts lists it while the flow would take it")
    func flowApp() throws {
        try withTestServer(registry: testRegistry(LabDeclaredApps.items())) { client in
            let id = try client.createSession(app: "items")
            #expect(try client.state(id).json?["accepts"] as? [String] == ["open"])
            let opened = try client.send(id, #"{"type":"open","item":2}"#)
            #expect(opened.status == 200, "\(opened.text)")
            #expect(opened.json?["stack"] as? [String] == ["Items", "Item2"])
            #expect(opened.json?["accepts"] as? [String] == ["pop", "didPop"])
            let refused = try client.expectRefusal(id, #"{"type":"open","item":3}"#, status: 409, code: "event_not_handled")
            #expect(Self.detail(refused) == "no flow handles the step open(item: 3) here")
            try client.expectRefusal(id, #"{"type":"open","item":4}"#, status: 400, code: "malformed_event")
            try client.apply(id, #"{"type":"pop"}"#, #"{"type":"open","item":1}"#)
            #expect(try client.state(id).json?["stack"] as? [String] == ["Items", "Item1"])
        }
    }
}
