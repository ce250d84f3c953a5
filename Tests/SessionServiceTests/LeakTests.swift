import Foundation
import Testing

@testable import SessionService

@Suite("leaks")
struct LeakTests {
    static func state(_ id: String, version: Int, child: String?, layers: [NSDictionary], leaks: [NSDictionary]) -> NSDictionary {
        sessionState(
            id, app: "leaky", version: version,
            tree: node("Root", "launch", child.map { [node($0, "viewable")] } ?? []),
            layers: layers, accepts: ["present", "dismiss", "logout"], leaks: leaks)
    }

    @Test("a router that keeps a detached child shows it in leaks; a detached child left on screen is stillOnScreen")
    func leakingRouter() throws {
        try withTestServer(registry: testRegistry(LabApps.leaky())) { client in
            let id = try client.createSession(app: "leaky")
            let root = layer("root", ["Root"])
            expectState(try client.state(id), Self.state(id, version: 1, child: nil, layers: [root], leaks: []))
            expectState(
                try client.send(id, #"{"type":"present","screen":"Sheet"}"#),
                Self.state(id, version: 2, child: "Sheet", layers: [root, layer("pageSheet", ["Sheet"])], leaks: []))

            let sheetLeaks = [
                leak("Sheet", "router", "stillAlive"), leak("Sheet", "interactor", "stillAlive"),
                leak("Sheet", "viewController", "stillAlive"),
            ]
            expectState(
                try client.send(id, #"{"type":"dismiss"}"#), Self.state(id, version: 3, child: nil, layers: [root], leaks: sheetLeaks))
            // Still reported after the next event: they are still alive.
            expectState(
                try client.send(id, #"{"type":"present","screen":"Other","style":"fullScreen"}"#),
                Self.state(id, version: 4, child: "Other", layers: [root, layer("fullScreen", ["Other"])], leaks: sheetLeaks))
            // Detached without a dismissal: router and interactor go, the screen stays up (seed 002's bug).
            expectState(
                try client.send(id, #"{"type":"logout"}"#),
                Self.state(
                    id, version: 5, child: nil, layers: [root, layer("fullScreen", ["Other"])],
                    leaks: sheetLeaks + [leak("Other", "viewController", "stillOnScreen")]))
            expectState(
                try client.state(id),
                Self.state(
                    id, version: 5, child: nil, layers: [root, layer("fullScreen", ["Other"])],
                    leaks: sheetLeaks + [leak("Other", "viewController", "stillOnScreen")]))
            // Four objects leaked, each found once, though the Sheet's three were shown by three events.
            #expect(try parsePrometheus(try client.get("/metrics").text)["ribsd_leaks_found_total"] == 4)
        }
    }

    @Test("the leaks the last event a session may apply shows are counted too (its state is rendered twice)")
    func leaksOfTheLastEvent() throws {
        try withTestServer(registry: testRegistry(LabApps.leaky()), configuration: ServiceConfiguration(maxEventsPerSession: 2)) { client in
            let id = try client.createSession(app: "leaky")
            let root = layer("root", ["Root"])
            try client.apply(id, #"{"type":"present","screen":"Sheet"}"#)
            let sheetLeaks = [
                leak("Sheet", "router", "stillAlive"), leak("Sheet", "interactor", "stillAlive"),
                leak("Sheet", "viewController", "stillAlive"),
            ]
            // The second event is the last: its state accepts nothing.
            let last = sessionState(
                id, app: "leaky", version: 3, tree: node("Root", "launch"), layers: [root], accepts: [], leaks: sheetLeaks)
            expectState(try client.send(id, #"{"type":"dismiss"}"#), last)
            #expect(try parsePrometheus(try client.get("/metrics").text)["ribsd_leaks_found_total"] == 3)
        }
    }
}
