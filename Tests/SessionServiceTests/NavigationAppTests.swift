import Foundation
import Testing

@Suite("navigation app over HTTP (seed 000)")
struct NavigationAppTests {
    @Test("Root presents Navigation full screen; push, pop, didPop; refused moves change nothing")
    func scenario() throws {
        try withTestServer { client in
            let created = try client.create(app: "navigation")
            let id = try #require(created.json?["session"] as? String)
            expectState(created, Expected.navigation(id, version: 1), status: 201)

            expectState(try client.send(id, #"{"type":"push","screen":"A"}"#), Expected.navigation(id, version: 2, pages: ["A"]))
            expectState(try client.send(id, #"{"type":"push","screen":"B"}"#), Expected.navigation(id, version: 3, pages: ["A", "B"]))
            expectState(try client.send(id, #"{"type":"push","screen":"C"}"#), Expected.navigation(id, version: 4, pages: ["A", "B", "C"]))
            expectState(try client.send(id, #"{"type":"pop"}"#), Expected.navigation(id, version: 5, pages: ["A", "B"]))
            expectState(try client.send(id, #"{"type":"didPop","screen":"B"}"#), Expected.navigation(id, version: 6, pages: ["A"]))

            try client.expectRefusal(id, #"{"type":"push","screen":"A"}"#, status: 409, code: "invalid_navigation")
            expectState(try client.send(id, #"{"type":"pop"}"#), Expected.navigation(id, version: 7))
            try client.expectRefusal(id, #"{"type":"pop"}"#, status: 409, code: "invalid_navigation")
            try client.expectRefusal(id, #"{"type":"didPop","screen":"Navigation"}"#, status: 409, code: "invalid_navigation")
            // Nobody routes to D, and the navigation app knows no login.
            try client.expectRefusal(id, #"{"type":"push","screen":"D"}"#, status: 409, code: "event_not_handled")
            try client.expectRefusal(id, #"{"type":"login","name":"kim"}"#, status: 409, code: "event_not_handled")
            // A page already gone: 200, nothing changes.
            expectState(try client.send(id, #"{"type":"didPop","screen":"C"}"#), Expected.navigation(id, version: 7))
            expectState(try client.state(id), Expected.navigation(id, version: 7))
        }
    }

    @Test("push from any screen of the stack, in any order; didPop deep in the stack detaches everything above it")
    func anyOrderAndDeepSwipe() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "navigation")
            try client.apply(id, #"{"type":"push","screen":"C"}"#, #"{"type":"push","screen":"A"}"#)
            expectState(try client.send(id, #"{"type":"push","screen":"B"}"#), Expected.navigation(id, version: 4, pages: ["C", "A", "B"]))

            // Swiping back to C takes A and B with it, tree and stack together.
            expectState(try client.send(id, #"{"type":"didPop","screen":"A"}"#), Expected.navigation(id, version: 5, pages: ["C"]))
            expectState(try client.send(id, #"{"type":"didPop","screen":"B"}"#), Expected.navigation(id, version: 5, pages: ["C"]))
            expectState(try client.send(id, #"{"type":"push","screen":"B"}"#), Expected.navigation(id, version: 6, pages: ["C", "B"]))
        }
    }
}
