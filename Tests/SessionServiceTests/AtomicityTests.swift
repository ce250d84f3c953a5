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
            expectState(
                try client.send(id, #"{"type":"present","screen":"Sheet"}"#), Self.state(id, version: 2, presented: ("Sheet", "pageSheet")))

            let refused = try client.expectRefusal(id, #"{"type":"present","screen":"Other"}"#, status: 409, code: "invalid_navigation")
            #expect((refused.json?["detail"] as? String)?.contains("already presenting") == true)
            try client.expectRefusal(
                id, #"{"type":"present","screen":"Other","style":"fullScreen"}"#, status: 409, code: "invalid_navigation")
            expectState(try client.state(id), Self.state(id, version: 2, presented: ("Sheet", "pageSheet")))

            // The session goes on from the state before the failures.
            expectState(try client.send(id, #"{"type":"dismiss"}"#), Self.state(id, version: 3))
            expectState(
                try client.send(id, #"{"type":"present","screen":"Other","style":"fullScreen"}"#),
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

    /// The rebuilt tree would show another state under the same version (the app launched its root as Root2):
    /// one version with two bodies, against the strong ETag, streams and remembered answers. The session ends.
    @Test("a replay that does not render the state it replays (an app that is not deterministic) closes the session")
    func replayDivergenceClosesTheSession() throws {
        try withTestServer(registry: testRegistry(LabApps.restless())) { client in
            let id = try client.createSession(app: "restless")
            let presented = sessionState(
                id, app: "restless", version: 2, tree: node("Root", "launch", [node("Sheet", "viewable")]),
                layers: [layer("root", ["Root1"]), layer("pageSheet", ["Sheet"])], accepts: ["present", "dismiss"])
            expectState(try client.send(id, #"{"type":"present","screen":"Sheet"}"#), presented)
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "2")

            let failed = try client.send(id, #"{"type":"dismiss"}"#)
            expectProblem(failed, status: 500, code: "internal_error")
            #expect(
                failed.json?["detail"] as? String
                    == "the session's app did not replay its history to the state it showed, so the session was closed")
            let end = try watcher.next()
            #expect(end.event == "end" && end.data == #"{"reason":"failed"}"#)
            #expect(try watcher.atEnd())
            expectProblem(try client.state(id), status: 404, code: "session_not_found")
            let metrics = try parsePrometheus(try client.get("/metrics").text)
            #expect(metrics["ribsd_replay_divergences_total"] == 1)
            #expect(metrics["ribsd_sessions"] == 0)
        }
    }

    @Test("a replay that diverges after a swipe that would have been a no-op closes the session too")
    func replayDivergenceAfterANoOp() throws {
        try withTestServer(registry: testRegistry(LabApps.restless(.hasty))) { client in
            let id = try client.createSession(app: "restless")
            try client.apply(id, #"{"type":"present","screen":"Sheet"}"#)
            // `hasty` dismisses the sheet before it looks at the name, then declines: the replay puts the sheet
            // back, under a root launched as Root2.
            expectProblem(try client.send(id, #"{"type":"didDismiss","screen":"Gone"}"#), status: 500, code: "internal_error")
            expectProblem(try client.state(id), status: 404, code: "session_not_found")
            #expect(try parsePrometheus(try client.get("/metrics").text)["ribsd_replay_divergences_total"] == 1)
        }
    }
}
