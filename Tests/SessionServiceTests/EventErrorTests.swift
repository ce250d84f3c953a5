import AppHosting
import Foundation
import TestSupport
import Testing

@Suite("error codes of events: 400s and 409s, each leaving the session unchanged")
struct EventErrorTests {
    @Test("malformed_event: not an object, type missing, field missing or of the wrong type, empty login name")
    func malformedEvent() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let bodies = [
                "[1, 2]", "\"push\"", "42", "null", "true", "not json", #"{"type":"push""#, "{}",
                #"{"screen":"A"}"#, #"{"type":5}"#, #"{"type":null}"#,
                #"{"type":"push"}"#, #"{"type":"push","screen":5}"#, #"{"type":"push","screen":null}"#,
                #"{"type":"push","screen":["A"]}"#, #"{"type":"didPop"}"#, #"{"type":"didDismiss","screen":{}}"#,
                #"{"type":"present"}"#, #"{"type":"present","screen":"Profile","style":"popover"}"#,
                #"{"type":"present","screen":"Profile","style":1}"#, #"{"type":"step"}"#,
                #"{"type":"login"}"#, #"{"type":"login","name":""}"#, #"{"type":"login","name":7}"#,
            ]
            for body in bodies {
                try client.expectRefusal(id, body, status: 400, code: "malformed_event")
            }
            // Not UTF-8, or a lone surrogate: not JSON.
            let before = try client.snapshot(id)
            let invalidUTF8 = Array(#"{"type":"login","name":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
            expectProblem(
                try client.http.request(
                    "POST", "/v1/sessions/\(id)/events", body: invalidUTF8, headers: [("Content-Type", "application/json")]),
                status: 400, code: "malformed_event")
            try client.expectUnchanged(id, since: before)
            try client.expectRefusal(id, #"{"type":"push","screen":"\ud800"}"#, status: 400, code: "malformed_event")
            // An empty body, with or without a JSON content type, is no event either.
            try client.expectRefusal(id, "", status: 400, code: "malformed_event")
            try client.expectRefusal(id, "", status: 400, code: "malformed_event", contentType: nil)
        }
    }

    @Test("malformed_event: a name over 256 characters, which a logged-out session would otherwise take")
    func overlongName() throws {
        try withTestServer { client in
            let id = try client.createSession()
            let refused = try client.expectRefusal(
                id, #"{"type":"login","name":"\#(String(repeating: "김", count: 257))"}"#, status: 400, code: "malformed_event")
            #expect(refused.json?["detail"] as? String == "`name` must be at most 256 characters")
            let longest = String(repeating: "김", count: 256)
            expectState(try client.send(id, #"{"type":"login","name":"\#(longest)"}"#), Expected.login(id, version: 2, user: longest))
        }
    }

    @Test("unknown_event: detail lists every type of the contract")
    func unknownEvent() throws {
        try withTestServer { client in
            let id = try client.createSession()
            for body in [#"{"type":"jump"}"#, #"{"type":"Push","screen":"A"}"#, #"{"type":""}"#] {
                let response = try client.expectRefusal(id, body, status: 400, code: "unknown_event")
                let detail = response.json?["detail"] as? String ?? ""
                for type in ["login", "logout", "push", "pop", "didPop", "present", "dismiss", "didDismiss", "step"] {
                    #expect(detail.contains(type), "detail \(detail) does not name \(type)")
                }
            }
        }
    }

    @Test("event_not_handled: login while logged in, push of a screen nobody routes to, a step in a RIB app")
    func eventNotHandled() throws {
        try withTestServer { client in
            let id = try client.createSession()
            // Logged out: nothing on screen handles navigation yet.
            try client.expectRefusal(id, #"{"type":"push","screen":"A"}"#, status: 409, code: "event_not_handled")
            try client.expectRefusal(id, #"{"type":"logout"}"#, status: 409, code: "event_not_handled")
            try client.apply(id, #"{"type":"login","name":"kim"}"#)
            try client.expectRefusal(id, #"{"type":"login","name":"lee"}"#, status: 409, code: "event_not_handled")
            try client.expectRefusal(id, #"{"type":"push","screen":"Settings"}"#, status: 409, code: "event_not_handled")
            try client.expectRefusal(id, #"{"type":"present","screen":"Settings"}"#, status: 409, code: "event_not_handled")
            try client.expectRefusal(id, #"{"type":"step","step":"mainIsRequired"}"#, status: 409, code: "event_not_handled")
            // Under a sheet the stack is not on screen: nobody can push onto it.
            try client.apply(id, #"{"type":"present","screen":"Profile"}"#)
            try client.expectRefusal(id, #"{"type":"push","screen":"A"}"#, status: 409, code: "event_not_handled")
        }
    }

    @Test("invalid_navigation: push a screen already on the stack, pop the root, dismiss nothing, present while presenting")
    func invalidNavigation() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            try client.expectRefusal(id, #"{"type":"pop"}"#, status: 409, code: "invalid_navigation")
            try client.expectRefusal(id, #"{"type":"didPop","screen":"Home"}"#, status: 409, code: "invalid_navigation")
            try client.expectRefusal(id, #"{"type":"dismiss"}"#, status: 409, code: "invalid_navigation")
            try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)
            try client.expectRefusal(id, #"{"type":"push","screen":"A"}"#, status: 409, code: "invalid_navigation")
            try client.expectRefusal(id, #"{"type":"push","screen":"B"}"#, status: 409, code: "invalid_navigation")
            try client.apply(id, #"{"type":"present","screen":"Profile"}"#)
            try client.expectRefusal(
                id, #"{"type":"present","screen":"Profile","style":"fullScreen"}"#, status: 409, code: "invalid_navigation")
            expectState(
                try client.state(id), Expected.login(id, version: 5, user: "kim", pages: ["A", "B"], presented: ("Profile", "pageSheet")))
        }
    }
}
