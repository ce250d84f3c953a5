import AppHosting
import BuiltinApps
import Foundation
import SessionService
import TestSupport
import Testing

@Suite("session lifecycle, apps, health, ids")
struct LifecycleTests {
    @Test("DELETE: 204, then 404 everywhere; the whole tree was deactivated")
    func delete() throws {
        let log = ResignLog()
        try withTestServer(registry: testRegistry(LabApps.leaky(log: log))) { client in
            let id = try client.createSession(app: "leaky")
            try client.apply(id, #"{"type":"present","screen":"Sheet"}"#)
            let keep = try client.createSession()
            let kept = try client.snapshot(keep)
            #expect(log.all.isEmpty)

            let deleted = try client.delete(id)
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            #expect(log.all == ["Root", "Sheet"])
            expectProblem(try client.state(id), status: 404, code: "session_not_found")
            expectProblem(try client.history(id), status: 404, code: "session_not_found")
            expectProblem(try client.delete(id), status: 404, code: "session_not_found")
            #expect(client.service.sessionCount == 1)
            try client.expectUnchanged(keep, since: kept)
        }
    }

    @Test("GET /v1/apps lists navigation, login, todo, flow and tictactoe with their events and screens")
    func apps() throws {
        try withTestServer { client in
            let response = try client.get("/v1/apps")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let apps = try #require(response.json?["apps"] as? [NSDictionary])
            let expected: [NSDictionary] = [
                [
                    "id": "navigation", "description": BuiltinApps.navigation.description, "events": ["push", "pop", "didPop"],
                    "screens": ["Root", "Navigation", "A", "B", "C"], "links": Self.links(BuiltinApps.navigation),
                ],
                [
                    "id": "login", "description": BuiltinApps.login.description,
                    "events": ["login", "logout", "push", "pop", "didPop", "present", "dismiss", "didDismiss"],
                    "screens": ["Root", "Login", "Home", "A", "B", "C", "Profile"], "links": Self.links(BuiltinApps.login),
                ],
                [
                    "id": "todo", "description": BuiltinApps.todo.description, "events": ["login", "logout"],
                    "screens": ["Root", "LoggedOut", "Todo"], "links": Self.links(BuiltinApps.todo),
                ],
                [
                    "id": "flow", "description": BuiltinApps.flow.description, "events": ["step", "pop", "didPop"],
                    "screens": ["AppInit", "Main", "Coding"], "links": Self.links(BuiltinApps.flow),
                ],
                [
                    "id": "tictactoe", "description": BuiltinApps.tictactoe.description,
                    "events": ["loginPlayers", "startGame", "placeMark", "determineWinner", "closeGame", "logout"],
                    "screens": ["Root", "LoggedOut", "OffGame", "BasicScoreBoard", "TicTacToe", "RandomWin"],
                    "links": Self.links(BuiltinApps.tictactoe),
                    "declaredEvents": Self.declared(
                        (
                            "loginPlayers",
                            [
                                ["name": "player1Name", "type": "string", "optional": true],
                                ["name": "player2Name", "type": "string", "optional": true],
                            ]
                        ),
                        ("startGame", [["name": "gameId", "type": "enum", "optional": false, "values": ["randomwin", "tictactoe"]]]),
                        (
                            "placeMark",
                            [
                                ["name": "row", "type": "integer", "optional": false, "minimum": 0, "maximum": 2],
                                ["name": "col", "type": "integer", "optional": false, "minimum": 0, "maximum": 2],
                            ]
                        ),
                        ("determineWinner", []), ("closeGame", [])),
                ],
            ]
            #expect(apps == expected)
        }
    }

    /// An app's `links` as listed: each pattern with its description.
    static func links(_ app: AppDefinition) -> [NSDictionary] {
        app.links.map { ["pattern": $0.pattern.description, "description": $0.description] }
    }

    /// tictactoe's `declaredEvents`: each type with its fields, described as it declares them.
    static func declared(_ types: (type: String, fields: [NSDictionary])...) -> [NSDictionary] {
        types.map { type, fields in
            let description = BuiltinApps.tictactoe.declarations.first { $0.type == type }?.description ?? "?"
            return ["type": type, "description": description, "fields": fields]
        }
    }

    @Test("GET /v1/apps includes a registered test app (which lists no screens: any name may be one)")
    func appsWithExtra() throws {
        try withTestServer(registry: testRegistry(LabApps.halfway())) { client in
            let apps = try #require(try client.get("/v1/apps").json?["apps"] as? [NSDictionary])
            #expect(apps.last == ["id": "halfway", "description": LabApps.halfway().description, "events": ["present", "dismiss"]])
        }
    }

    @Test("GET /healthz is 200")
    func health() throws {
        try withTestServer { client in
            let response = try client.get("/healthz")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
        }
    }

    @Test("default session ids: at least 22 URL-safe characters, all different; Location names them")
    func sessionIDs() throws {
        try withTestServer { client in
            var ids = Set<String>()
            for app in ["login", "navigation", "todo", "login", "login", "navigation", "todo", "login"] {
                let created = try client.create(app: app)
                let id = try #require(created.json?["session"] as? String)
                #expect(created.header("Location") == "/v1/sessions/\(id)")
                #expect(id.count >= 22, "\(id)")
                #expect(
                    id.unicodeScalars.allSatisfy {
                        CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_").contains($0)
                    }, "\(id)")
                ids.insert(id)
                #expect(try client.state(id).json?["session"] as? String == id)
            }
            #expect(ids.count == 8)
        }
        let source = RandomSessionIDs()
        let many = (0..<2000).map { _ in source.nextID() }
        #expect(Set(many).count == many.count)
        #expect(many.allSatisfy { $0.count >= 22 })
    }

    @Test("injected ids are used as given")
    func injectedIDs() throws {
        try withTestServer(ids: CounterIDs()) { client in
            let first = try client.createSession()
            let second = try client.createSession(app: "todo")
            let third = try client.create()
            #expect(first == CounterIDs.id(1))
            #expect(second == CounterIDs.id(2))
            #expect(third.header("Location") == "/v1/sessions/\(CounterIDs.id(3))")
        }
    }

    @Test("an injected source that repeats an id: 500 internal_error, and the session that has it is kept")
    func repeatedInjectedID() throws {
        final class OneID: SessionIDSource {
            func nextID() -> String { CounterIDs.id(7) }
        }
        try withTestServer(ids: OneID()) { client in
            let id = try client.loggedInSession()

            expectProblem(try client.create(), status: 500, code: "internal_error")

            expectState(try client.state(id), Expected.login(id, version: 2, user: "kim"))
            #expect(client.service.sessionCount == 1)
        }
    }
}
