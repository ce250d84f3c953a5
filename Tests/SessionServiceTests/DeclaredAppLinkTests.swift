import AppHosting
import BuiltinApps
import Foundation
import Testing

@testable import SessionService

/// Links an app file declares, over HTTP: listed by `GET /v1/apps`, opened by `POST /v1/sessions/<id>/links` and
/// by a creation's `url`, all or nothing, as a Swift app's are.
@Suite("links of an app declared in JSON, over HTTP")
struct DeclaredAppLinkTests {
    /// The README's greeter with two links: `greet/{name}` (back to Hello first), and `details/{name}`, which greets,
    /// then pushes Details (refused when Details is on the stack already, after the greeting moved).
    static let app = """
        {
          "id": "linked-greeter",
          "declares": [{ "type": "greet", "fields": [{ "name": "name", "type": "string" }] }],
          "root": "Root",
          "ribs": [
            { "name": "Root", "view": "container", "children": [{ "rib": "Hello", "show": "content" }], "onLoad": ["Hello"] },
            {
              "name": "Hello", "stack": "Hello", "state": { "greeted": { "initial": "nobody yet" } },
              "children": [{ "rib": "Details", "show": "push" }],
              "handles": [
                { "event": "greet", "do": "set", "state": { "greeted": "name" } },
                { "event": "push", "do": "route", "childFrom": "screen" },
                { "event": "pop", "do": "pop" },
                { "event": "didPop", "do": "didPop" }
              ]
            },
            { "name": "Details" }
          ],
          "links": [
            { "pattern": "greet/{name}", "description": "Hello, having greeted `name`", "steps": [
              { "name": "back to Hello", "ifShows": "Details", "send": [{ "type": "pop" }] },
              { "name": "greet", "send": [{ "type": "greet", "name": "{name}" }] } ] },
            { "pattern": "details/{name}", "description": "Details, `name` greeted on the way", "steps": [
              { "name": "greet", "send": [{ "type": "greet", "name": "{name}" }] },
              { "name": "show Details", "send": [{ "type": "push", "screen": "Details" }] } ] }
          ]
        }
        """

    /// The built-in apps and the app above, loaded from a folder as `--apps` loads it.
    static func registry() throws -> AppRegistry {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.app.utf8).write(to: folder.appendingPathComponent("linked-greeter.json"))
        let apps = try AppsFolder(path: folder.path).load(takenIDs: Set(BuiltinApps.registry.apps.map(\.id)))
        return AppsFolder.hosting(apps, beside: BuiltinApps.registry).registry
    }

    static func open(_ client: ServiceClient, _ id: String, _ url: String) throws -> HTTPResult {
        try client.request("POST", "/v1/sessions/\(id)/links", body: #"{"url":"\#(url)"}"#)
    }

    static func stack(_ response: HTTPResult) -> [String]? { response.json?["stack"] as? [String] }

    @Test("listed by GET /v1/apps; opened by a session and by a creation; a refused step changes nothing")
    func links() throws {
        try withTestServer(registry: Self.registry()) { client in
            let apps = try #require(client.get("/v1/apps").json?["apps"] as? [[String: Any]])
            let listed = apps.first { $0["id"] as? String == "linked-greeter" }?["links"] as? [[String: String]]
            #expect(
                listed == [
                    ["pattern": "greet/{name}", "description": "Hello, having greeted `name`"],
                    ["pattern": "details/{name}", "description": "Details, `name` greeted on the way"],
                ])

            let id = try client.createSession(app: "linked-greeter")
            let opened = try Self.open(client, id, "app://details/kim")
            #expect(opened.status == 200 && Self.stack(opened) == ["Hello", "Details"], "\(opened.text)")
            #expect(opened.text.contains(#""state":{"greeted":"kim"}"#), "\(opened.text)")
            let last = try #require(client.history(id).json?["events"] as? [[String: Any]]).last
            #expect((last?["event"] as? [String: Any])?["url"] as? String == "app://details/kim")

            // The greeting applies, then the push is refused: the session is as it was, greeting included.
            let before = try client.snapshot(id)
            let refused = try Self.open(client, id, "app://details/lee")
            expectProblem(refused, status: 409, code: "link_not_routable")
            #expect(
                refused.json?["detail"].map { "\($0)".contains("step 2 (show Details) cannot proceed: `push` refused") } == true,
                "\(refused.text)")
            try client.expectUnchanged(id, since: before)

            let back = try Self.open(client, id, "app://greet/lee%20park")
            #expect(back.status == 200 && Self.stack(back) == ["Hello"], "\(back.text)")
            #expect(back.text.contains(#""state":{"greeted":"lee park"}"#), "\(back.text)")
            expectProblem(try Self.open(client, id, "app://launchGame?gameId=x"), status: 422, code: "unknown_link")

            let created = try client.request("POST", "/v1/sessions", body: #"{"app":"linked-greeter","url":"app://details/ann"}"#)
            #expect(created.status == 201 && Self.stack(created) == ["Hello", "Details"], "\(created.text)")
            let sessions = client.service.sessionCount
            let deep = try client.request(
                "POST", "/v1/sessions",
                body: #"{"app":"linked-greeter","events":[{"type":"push","screen":"Details"}],"url":"app://details/x"}"#)
            expectProblem(deep, status: 409, code: "link_not_routable")
            #expect(client.service.sessionCount == sessions, "no session made")
        }
    }
}
