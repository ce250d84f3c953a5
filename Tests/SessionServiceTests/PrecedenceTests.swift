import Foundation
import TestSupport
import Testing

@testable import SessionService

/// "When several errors apply, the first in this order wins: bad_request and header_too_large, not_found,
/// method_not_allowed, payload_too_large, unsupported_media_type, session_not_found, the 400s, version_mismatch,
/// idempotency_key_reused, event_limit, memory_limit, the other 409s."
@Suite("error precedence")
struct PrecedenceTests {
    static let limit = 256
    static let oversized = #"{"type":"login","name":""# + String(repeating: "x", count: 400) + #""}"#

    @Test("a request HTTP cannot take, or whose head leaves no room for an answer, is refused before its target is read")
    func requestItselfFirst() throws {
        try withTestServer(server: testServerConfiguration(maxBodySize: Self.limit)) { client in
            let id = try client.createSession()
            let before = try client.snapshot(id)
            /// The status and code `raw` gets on a connection of its own.
            func answer(_ raw: String, method: String) throws -> (Int?, String?) {
                let connection = try RelConnection(port: client.port, timeout: 5)
                let response = connection.roundTrip(Array(raw.utf8), method: method).response
                return (response?.status, response?.json?["code"] as? String)
            }
            let badRequest: (Int?, String?) = (400, "bad_request")
            // No Host: over a missing path (404) and a wrong method (405).
            #expect(try answer("GET /v1/nope HTTP/1.1\r\n\r\n", method: "GET") == badRequest)
            #expect(try answer("PUT /v1/sessions/\(id)/events HTTP/1.1\r\n\r\n", method: "PUT") == badRequest)
            // Two Hosts: over a body too large (413), a body not JSON (415) and an unknown session (404).
            let body = Self.oversized
            #expect(
                try answer(
                    "POST /v1/sessions/unknown-session-id-000000/events HTTP/1.1\r\nHost: a\r\nHost: b\r\n"
                        + "Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body, method: "POST") == badRequest)
            // A head that fills the connection's memory: 431 over a missing path.
            let fields = (0..<40).map { "X-\($0): " + String(repeating: "v", count: 730) + "\r\n" }.joined()
            #expect(try answer("GET /v1/nope HTTP/1.1\r\nHost: a\r\n" + fields + "\r\n", method: "GET") == (431, "header_too_large"))
            try client.expectUnchanged(id, since: before)
        }
    }

    @Test("transport errors first: 404 over 413, 405 over 413, 413 over 415 and over an unknown session")
    func transportOrder() throws {
        try withTestServer(server: testServerConfiguration(maxBodySize: Self.limit)) { client in
            let id = try client.createSession()
            let before = try client.snapshot(id)
            expectProblem(
                try client.request("POST", "/v1/nope", body: Self.oversized, contentType: "text/plain"), status: 404, code: "not_found")
            expectProblem(
                try client.request("PUT", "/v1/sessions/\(id)/events", body: Self.oversized, contentType: "text/plain"),
                status: 405, code: "method_not_allowed")
            expectProblem(try client.send(id, Self.oversized, contentType: "text/plain"), status: 413, code: "payload_too_large")
            expectProblem(try client.send("unknown-session-id-000000", Self.oversized), status: 413, code: "payload_too_large")
            try client.expectUnchanged(id, since: before)
        }
    }

    @Test("415 over an unknown session; an unknown session over a malformed body or an unknown type")
    func mediaTypeThenSession() throws {
        try withTestServer { client in
            let unknown = "unknown-session-id-000000"
            expectProblem(
                try client.send(unknown, #"{"type":"pop"}"#, contentType: "text/plain"), status: 415, code: "unsupported_media_type")
            expectProblem(try client.send(unknown, "not json"), status: 404, code: "session_not_found")
            expectProblem(try client.send(unknown, #"{"type":"jump"}"#), status: 404, code: "session_not_found")
            expectProblem(
                try client.send(unknown, #"{"type":"pop"}"#, headers: [("If-Match", "\"9\"")]), status: 404, code: "session_not_found")

            let id = try client.createSession()
            #expect(try client.delete(id).status == 204)
            expectProblem(try client.send(id, "not json"), status: 404, code: "session_not_found")
            expectProblem(try client.send(id, #"{"type":"pop"}"#, contentType: "text/plain"), status: 415, code: "unsupported_media_type")
        }
    }

    @Test("the 400s over a stale If-Match; 412 over a reused key and over a 409; 422 over the 409s")
    func eventOrder() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let stale = ("If-Match", "\"1\"")
            try client.expectRefusal(id, #"{"type":"push"}"#, status: 400, code: "malformed_event", headers: [stale])
            try client.expectRefusal(id, #"{"type":"jump"}"#, status: 400, code: "unknown_event", headers: [stale])

            let push = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "k1")])
            #expect(push.status == 200)
            try client.expectRefusal(
                id, #"{"type":"push","screen":"B"}"#, status: 412, code: "version_mismatch",
                headers: [stale, ("Idempotency-Key", "k1")])
            try client.expectRefusal(id, #"{"type":"push","screen":"Z"}"#, status: 412, code: "version_mismatch", headers: [stale])
            try client.expectRefusal(id, #"{"type":"push","screen":"A"}"#, status: 412, code: "version_mismatch", headers: [stale])

            // A reused key with another body: 422 even where the event itself would be a 409.
            try client.expectRefusal(
                id, #"{"type":"login","name":"lee"}"#, status: 422, code: "idempotency_key_reused",
                headers: [("Idempotency-Key", "k1")])
            try client.expectRefusal(
                id, #"{"type":"pop", "again": true}"#, status: 422, code: "idempotency_key_reused",
                headers: [("Idempotency-Key", "k1"), ("If-Match", "\"3\"")])
            try client.apply(id, #"{"type":"pop"}"#)
            try client.expectRefusal(
                id, #"{"type":"pop"}"#, status: 422, code: "idempotency_key_reused", headers: [("Idempotency-Key", "k1")])
        }
    }

    @Test("412 and 422 over the limits; event_limit over memory_limit; memory_limit over the other 409s; a retry over all")
    func limitOrder() throws {
        try withTestServer(configuration: ServiceConfiguration(maxEventsPerSession: 2, maxHeldBytes: 2000)) { client in
            let id = try client.createSession(app: "navigation")
            let keyed = [("Idempotency-Key", "k1")]
            let first = try client.send(id, #"{"type":"push","screen":"B"}"#, headers: keyed)
            #expect(first.status == 200)
            try client.apply(id, #"{"type":"pop"}"#)
            // Other sessions fill the memory with remembered answers until one is refused.
            var filler: String?
            for number in 0..<20 where filler == nil {
                let other = try client.createSession(app: "navigation")
                let push = try client.send(other, #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "f\(number)")])
                if push.status == 503 { filler = other }
            }
            let full = try #require(filler, "the memory never filled")
            #expect(client.service.heldMemory.isFull)

            try client.expectRefusal(
                id, #"{"type":"push","screen":"C"}"#, status: 412, code: "version_mismatch",
                headers: [("If-Match", "\"1\"")])
            try client.expectRefusal(id, #"{"type":"push","screen":"C"}"#, status: 422, code: "idempotency_key_reused", headers: keyed)
            // At both limits: the session's own limit first.
            try client.expectRefusal(id, #"{"type":"push","screen":"C"}"#, status: 409, code: "event_limit")
            // A 409 the event itself would get is not reached: memory_limit first.
            try client.expectRefusal(full, #"{"type":"pop"}"#, status: 503, code: "memory_limit")
            try client.expectRefusal(full, #"{"type":"login","name":"kim"}"#, status: 503, code: "memory_limit")
            // A retry of the remembered request is answered as the first time, even with a stale If-Match.
            let retried = try client.send(id, #"{"type":"push","screen":"B"}"#, headers: keyed + [("If-Match", "\"1\"")])
            #expect(retried.status == 200 && retried.body == first.body)
        }
    }

    @Test("an expired session is session_not_found even with a malformed body")
    func expiredBeforeMalformed() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 10), clock: clock) { client in
            let id = try client.createSession()
            clock.advance(seconds: 11)
            // The contract: session_not_found ("no such session (or it expired)") comes before the 400s.
            expectProblem(try client.send(id, "not json"), status: 404, code: "session_not_found")
            expectProblem(try client.send(id, #"{"type":"jump"}"#), status: 404, code: "session_not_found")
            // Without a body error the expiry is seen.
            expectProblem(try client.send(id, #"{"type":"pop"}"#), status: 404, code: "session_not_found")
            expectProblem(try client.send(id, "not json"), status: 404, code: "session_not_found")
        }
    }
}
