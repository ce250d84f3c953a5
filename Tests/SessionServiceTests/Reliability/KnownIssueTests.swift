import Foundation
import SessionService
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Contract violations the reliability tests found, fixed since; each stays as a regression test.
extension ReliabilityTests {
    @Suite("known issues and their regression tests")
    struct KnownIssues {
        /// CONTRACT: "400 malformed_event: body is not a JSON object". `{"type":"push","screen":"B",}` is not
        /// JSON (RFC 8259 has no trailing commas). Found by the hostile-input test while `AppEvent.init(json:)`
        /// used Foundation's JSONDecoder, which accepts trailing commas (the event was applied, 200); fixed
        /// since by the strict `JSONFields` reader. Kept as a regression test.
        @Test("a trailing comma is not JSON: 400 malformed_event and nothing changes")
        func trailingCommaIsMalformed() throws {
            try withTestServer { client in
                let id = try client.loggedInSession()
                for body in [#"{"type":"push","screen":"B",}"#, #"{"type":"push","screen":"B","x":[1,],}"#] {
                    try client.expectRefusal(id, body, status: 400, code: "malformed_event")
                }
            }
        }

        /// The same on `POST /v1/sessions`: `{"app":"todo",}` created a session (201). Fixed; regression test.
        @Test("a trailing comma in the create body: 400 malformed_event, no session")
        func trailingCommaOnCreate() throws {
            try withTestServer { client in
                let response = try client.request("POST", "/v1/sessions", body: #"{"app":"todo",}"#)
                expectProblem(response, status: 400, code: "malformed_event")
                #expect(client.service.sessionCount == 0)
            }
        }

        /// Sends `raw` on a connection of its own; it must be refused with 400 bad_request, and `id` left as it was.
        private func expectBadRequest(
            _ raw: String, method: String, client: ServiceClient, id: String, since before: SessionSnapshot,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let connection = try RelConnection(port: client.port, timeout: 5)
            let outcome = connection.roundTrip(Array(raw.utf8), method: method)
            #expect(outcome.response?.status == 400, "answered \(outcome)", sourceLocation: sourceLocation)
            #expect(outcome.response?.json?["code"] as? String == "bad_request", "answered \(outcome)", sourceLocation: sourceLocation)
            try client.another().expectUnchanged(id, since: before, sourceLocation: sourceLocation)
        }

        /// microhttpd hands the target over as a C string, which a raw NUL ends early: `DELETE /v1/sessions/<id>\0/x`
        /// deleted the session, and an event sent to `.../events\0junk` was applied.
        @Test("a raw NUL in the target: 400 bad_request, and the session it would have named stays as it was")
        func nulInTarget() throws {
            try withTestServer { client in
                let id = try client.loggedInSession()
                let before = try client.snapshot(id)
                try expectBadRequest(
                    "DELETE /v1/sessions/\(id)\u{0}/anything HTTP/1.1\r\nHost: x\r\n\r\n", method: "DELETE",
                    client: client, id: id, since: before)
                try expectBadRequest(
                    "POST /v1/sessions/\(id)/events\u{0}junk HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 28\r\n\r\n" + #"{"type":"push","screen":"A"}"#,
                    method: "POST", client: client, id: id, since: before)
            }
        }

        /// RFC 9112 §6.3: a message with differing Content-Length values is unrecoverable and must be
        /// rejected (400), or a proxy in front and this server can frame the stream differently (request
        /// smuggling). microhttpd 0.9.75 takes the first value; HTTPServer now checks them all. Regression test.
        @Test("conflicting Content-Length headers, or a pop without Host: 400 bad_request and nothing changes")
        func conflictingContentLength() throws {
            try withTestServer { client in
                let id = try client.createSession()
                try client.apply(id, #"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"A"}"#)
                let before = try client.snapshot(id)
                for head in ["Host: x\r\nContent-Length: 14\r\nContent-Length: 15", "Content-Length: 14"] {
                    let raw =
                        "POST /v1/sessions/\(id)/events HTTP/1.1\r\nContent-Type: application/json\r\n\(head)\r\n\r\n"
                        + #"{"type":"pop"}"#
                    try expectBadRequest(raw, method: "POST", client: client, id: id, since: before)
                }
            }
        }
    }
}
