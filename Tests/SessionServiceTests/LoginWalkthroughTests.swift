import Foundation
import Testing

@Suite("login app over HTTP: the contract's walkthrough")
struct LoginWalkthroughTests {
    @Test("create, login, push A, push B, pop, present Profile, didDismiss, logout; GET and history agree")
    func walkthrough() throws {
        let clock = ManualClock(milliseconds: ManualClock.epoch + 250)
        try withTestServer(clock: clock, ids: CounterIDs()) { client in
            let created = try client.create()
            let id = CounterIDs.id(1)
            expectState(created, Expected.login(id, version: 1), status: 201)
            #expect(created.header("Location") == "/v1/sessions/\(id)")

            let steps: [(event: String, state: NSDictionary)] = [
                (#"{"type":"login","name":"kim"}"#, Expected.login(id, version: 2, user: "kim")),
                (#"{"type":"push","screen":"A"}"#, Expected.login(id, version: 3, user: "kim", pages: ["A"])),
                (#"{"type":"push","screen":"B"}"#, Expected.login(id, version: 4, user: "kim", pages: ["A", "B"])),
                (#"{"type":"pop"}"#, Expected.login(id, version: 5, user: "kim", pages: ["A"])),
                (
                    #"{"type":"present","screen":"Profile"}"#,
                    Expected.login(id, version: 6, user: "kim", pages: ["A"], presented: ("Profile", "pageSheet"))
                ),
                (#"{"type":"didDismiss","screen":"Profile"}"#, Expected.login(id, version: 7, user: "kim", pages: ["A"])),
                (#"{"type":"logout"}"#, Expected.login(id, version: 8)),
            ]
            for step in steps {
                clock.advance(seconds: 1)
                let posted = try client.send(id, step.event)
                expectState(posted, step.state)
                // The state at a version is the same bytes whichever request returns it.
                let fetched = try client.state(id)
                #expect(fetched.status == 200)
                #expect(fetched.body == posted.body, "GET after \(step.event) differs from the POST's body")
                #expect(fetched.header("ETag") == posted.header("ETag"))
            }

            let history = try client.history(id)
            #expect(history.status == 200)
            #expect(history.header("Content-Type") == "application/json")
            let events: [NSDictionary] = [
                ["type": "login", "name": "kim"], ["type": "push", "screen": "A"], ["type": "push", "screen": "B"],
                ["type": "pop"], ["type": "present", "screen": "Profile"], ["type": "didDismiss", "screen": "Profile"],
                ["type": "logout"],
            ]
            let expected: NSDictionary = [
                "events": events.enumerated().map { index, event in
                    historyEntry(index + 2, event, at: "2023-11-14T22:13:2\(index + 1).250Z")
                }
            ]
            #expect(history.json == expected, "got \(history.text)")
        }
    }

    @Test("no body, an empty object and {\"app\":\"login\"} all start the login app")
    func defaultApp() throws {
        try withTestServer { client in
            for body in [nil, "{}", #"{"app":"login"}"#] {
                let created = try client.request("POST", "/v1/sessions", body: body)
                let id = try #require(created.json?["session"] as? String)
                expectState(created, Expected.login(id, version: 1), status: 201)
                #expect(created.header("Location") == "/v1/sessions/\(id)")
            }
        }
    }

    @Test("logout from under a full-screen Profile and a deep stack tears HomeFlow down without leaks")
    func logoutFromModal() throws {
        try withTestServer { client in
            let id = try client.createSession()
            try client.apply(id, #"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"C"}"#, #"{"type":"push","screen":"A"}"#)
            expectState(
                try client.send(id, #"{"type":"present","screen":"Profile","style":"fullScreen"}"#),
                Expected.login(id, version: 5, user: "kim", pages: ["C", "A"], presented: ("Profile", "fullScreen")))
            // UIKit has no gesture that dismisses a full-screen page: a report of one is an invalid move.
            let before = try client.snapshot(id)
            try client.expectRefusal(id, #"{"type":"didDismiss","screen":"Profile"}"#, status: 409, code: "invalid_navigation")
            try client.expectUnchanged(id, since: before)
            expectState(try client.send(id, #"{"type":"logout"}"#), Expected.login(id, version: 6))
            // Log in again: a fresh HomeFlow, a fresh stack.
            expectState(try client.send(id, #"{"type":"login","name":"lee"}"#), Expected.login(id, version: 7, user: "lee"))
        }
    }

    @Test("dismiss detaches the sheet; present again works")
    func dismissAndPresentAgain() throws {
        try withTestServer { client in
            let id = try client.createSession()
            try client.apply(id, #"{"type":"login","name":"kim"}"#, #"{"type":"present","screen":"Profile"}"#)
            expectState(try client.send(id, #"{"type":"dismiss"}"#), Expected.login(id, version: 4, user: "kim"))
            expectState(
                try client.send(id, #"{"type":"present","screen":"Profile","style":"pageSheet"}"#),
                Expected.login(id, version: 5, user: "kim", presented: ("Profile", "pageSheet")))
            // A second swipe-down report of a sheet already gone changes nothing.
            expectState(try client.send(id, #"{"type":"didDismiss","screen":"Profile"}"#), Expected.login(id, version: 6, user: "kim"))
            expectState(try client.send(id, #"{"type":"didDismiss","screen":"Profile"}"#), Expected.login(id, version: 6, user: "kim"))
        }
    }
}
