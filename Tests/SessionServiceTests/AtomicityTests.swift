import Foundation
import Testing

@Suite("atomicity: a handler that fails halfway changes nothing")
struct AtomicityTests {
    static func state(_ id: String, version: Int, presented: (screen: String, style: String)? = nil) -> NSDictionary {
        sessionState(
            id, app: "halfway", version: version,
            tree: node("Root", "launch", presented.map { [node($0.screen, "viewable")] } ?? []),
            layers: [layer("root", ["Root"])] + (presented.map { [layer($0.style, [$0.screen])] } ?? []),
            accepts: ["present", "dismiss"])
    }

    @Test("attach a child, then present while presenting: 409 invalid_navigation, tree and layers as before")
    func attachThenRefusedPresent() throws {
        try withTestServer(registry: testRegistry(LabApps.halfway())) { client in
            let created = try client.create(app: "halfway")
            let id = try #require(created.json?["session"] as? String)
            expectState(created, Self.state(id, version: 1), status: 201)
            expectState(try client.send(id, #"{"type":"present","screen":"Sheet"}"#), Self.state(id, version: 2, presented: ("Sheet", "pageSheet")))

            let refused = try client.expectRefusal(id, #"{"type":"present","screen":"Other"}"#, status: 409, code: "invalid_navigation")
            #expect((refused.json?["detail"] as? String)?.contains("already presenting") == true)
            try client.expectRefusal(id, #"{"type":"present","screen":"Other","style":"fullScreen"}"#, status: 409, code: "invalid_navigation")
            expectState(try client.state(id), Self.state(id, version: 2, presented: ("Sheet", "pageSheet")))

            // The session goes on from the state before the failures.
            expectState(try client.send(id, #"{"type":"dismiss"}"#), Self.state(id, version: 3))
            expectState(try client.send(id, #"{"type":"present","screen":"Other","style":"fullScreen"}"#),
                        Self.state(id, version: 4, presented: ("Other", "fullScreen")))
            try client.expectRefusal(id, #"{"type":"present","screen":"Sheet"}"#, status: 409, code: "invalid_navigation")
            expectState(try client.send(id, #"{"type":"dismiss"}"#), Self.state(id, version: 5))
            try client.expectRefusal(id, #"{"type":"dismiss"}"#, status: 409, code: "invalid_navigation")

            let history = try #require(try client.history(id).json?["events"] as? [NSDictionary])
            #expect(history.map { $0["version"] as? Int } == [2, 3, 4, 5])
        }
    }

    @Test("a handler that breaks after dismissing and detaching: 500 internal_error without internals, the session as before")
    func internalFailureAfterChanges() throws {
        try withTestServer(registry: testRegistry(LabApps.breaking())) { client in
            let id = try #require(try client.create(app: "breaking").json?["session"] as? String)
            let presented = sessionState(
                id, app: "breaking", version: 2, tree: node("Root", "launch", [node("Sheet", "viewable")]),
                layers: [layer("root", ["Root"]), layer("pageSheet", ["Sheet"])], accepts: ["present", "dismiss"])
            expectState(try client.send(id, #"{"type":"present","screen":"Sheet"}"#), presented)

            // The handler dismissed the sheet and detached its RIB before failing: the history puts both back.
            let failed = try client.expectRefusal(id, #"{"type":"dismiss"}"#, status: 500, code: "internal_error")
            #expect(failed.json?["detail"] as? String == "the server could not complete the request")
            expectState(try client.state(id), presented)
            try client.expectRefusal(id, #"{"type":"dismiss"}"#, status: 500, code: "internal_error")

            // The session goes on from there: the sheet is still up, so presenting another is refused as a move.
            try client.expectRefusal(id, #"{"type":"present","screen":"Other"}"#, status: 409, code: "invalid_navigation")
            let history = try #require(try client.history(id).json?["events"] as? [NSDictionary])
            #expect(history.map { $0["version"] as? Int } == [2])
            #expect(String(decoding: try client.get("/metrics").body, as: UTF8.self).contains("\nribsd_replay_divergences_total 0\n"))
        }
    }

    @Test("a replay that does not render the state it replays (an app that is not deterministic) is counted in /metrics")
    func replayDivergenceIsReported() throws {
        try withTestServer(registry: testRegistry(LabApps.restless())) { client in
            let id = try client.createSession(app: "restless")
            let presented = sessionState(
                id, app: "restless", version: 2, tree: node("Root", "launch", [node("Sheet", "viewable")]),
                layers: [layer("root", ["Root1"]), layer("pageSheet", ["Sheet"])], accepts: ["present", "dismiss"])
            expectState(try client.send(id, #"{"type":"present","screen":"Sheet"}"#), presented)

            expectProblem(try client.send(id, #"{"type":"dismiss"}"#), status: 500, code: "internal_error")
            // The rebuilt tree is what runs now, launched as Root2: another state under the same version.
            let rebuilt = sessionState(
                id, app: "restless", version: 2, tree: node("Root", "launch", [node("Sheet", "viewable")]),
                layers: [layer("root", ["Root2"]), layer("pageSheet", ["Sheet"])], accepts: ["present", "dismiss"])
            expectState(try client.state(id), rebuilt)
            #expect(String(decoding: try client.get("/metrics").body, as: UTF8.self).contains("\nribsd_replay_divergences_total 1\n"))
        }
    }

    @Test("a replay that diverges after a swipe taken as a no-op (200) is counted too")
    func replayDivergenceAfterANoOp() throws {
        try withTestServer(registry: testRegistry(LabApps.restless(.hasty))) { client in
            let id = try client.createSession(app: "restless")
            try client.apply(id, #"{"type":"present","screen":"Sheet"}"#)
            // `hasty` dismisses the sheet before it looks at the name, then declines: the replay puts the sheet
            // back, under a root launched as Root2.
            let swiped = try client.send(id, #"{"type":"didDismiss","screen":"Gone"}"#)
            #expect(swiped.status == 200 && swiped.header("ETag") == "\"2\"")
            #expect((swiped.json?["layers"] as? [[String: Any]])?.first?["stack"] as? [String] == ["Root2"])
            #expect(String(decoding: try client.get("/metrics").body, as: UTF8.self).contains("\nribsd_replay_divergences_total 1\n"))
        }
    }
}
