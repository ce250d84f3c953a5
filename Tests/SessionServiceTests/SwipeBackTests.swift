import Foundation
import Testing

@Suite("seed 003 over HTTP: swipe back without losing the tree")
struct SwipeBackTests {
    @Test("didPop A under B and C detaches all three; a repeat is a no-op with the same bytes")
    func didPopDetachesEverythingAbove() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "login")
            try client.apply(id, #"{"type":"login","name":"kim"}"#)
            expectState(try client.send(id, #"{"type":"push","screen":"A"}"#), Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            expectState(try client.send(id, #"{"type":"push","screen":"B"}"#), Expected.login(id, version: 4, user: "kim", pages: ["A", "B"]))
            expectState(try client.send(id, #"{"type":"push","screen":"C"}"#), Expected.login(id, version: 5, user: "kim", pages: ["A", "B", "C"]))

            let popped = try client.send(id, #"{"type":"didPop","screen":"A"}"#)
            expectState(popped, Expected.login(id, version: 6, user: "kim"))
            let historyAfterPop = try client.history(id)

            let repeated = try client.send(id, #"{"type":"didPop","screen":"A"}"#)
            #expect(repeated.status == 200)
            #expect(repeated.header("ETag") == "\"6\"")
            #expect(repeated.body == popped.body, "a no-op repeat must answer the same bytes")
            #expect(try client.state(id).body == popped.body)
            #expect(try client.history(id).body == historyAfterPop.body, "a no-op repeat is not in history")
            let events = try #require(historyAfterPop.json?["events"] as? [NSDictionary])
            #expect(events.map { $0["version"] as? Int } == [2, 3, 4, 5, 6])
            #expect(events.last?["event"] as? NSDictionary == ["type": "didPop", "screen": "A"])

            // The tree is usable afterwards: A can be pushed again.
            expectState(try client.send(id, #"{"type":"push","screen":"A"}"#), Expected.login(id, version: 7, user: "kim", pages: ["A"]))
        }
    }

    @Test("didPop of the top page only pops that page")
    func didPopTop() throws {
        try withTestServer { client in
            let id = try client.createSession()
            try client.apply(id, #"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)
            expectState(try client.send(id, #"{"type":"didPop","screen":"B"}"#), Expected.login(id, version: 5, user: "kim", pages: ["A"]))
        }
    }
}
