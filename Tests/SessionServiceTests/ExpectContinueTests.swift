import Foundation
import SessionService
import Testing

/// A client that sends `Expect: 100-continue` waits for a word before its body (RFC 9110 §10.1.1): when the head
/// alone decides the answer, it gets that answer, exactly as it would after sending any body, and no invitation.
@Suite("Expect: 100-continue")
struct ExpectContinueTests {
    static let login = #"{"type":"login","name":"kim"}"#
    static let json = [("Content-Type", "application/json")]

    /// The fields of a response but those that differ between two sendings (`Date`) or tell the connection's fate.
    private static func fields(of response: HTTPResult) -> [String] {
        response.headers.filter { !["date", "connection"].contains($0.name.lowercased()) }.map { "\($0.name): \($0.value)" }
    }

    /// Sends the request with `Expect: 100-continue`: it must be answered `status` `code` with no invitation to
    /// send its body; then sends it again with its body and no expectation, and expects the very same answer.
    private static func expectRefusedBeforeBody(
        _ client: ServiceClient, _ path: String, body: String, headers: [(String, String)], status: Int, code: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let responses = try client.another().http.requestExpectingContinue("POST", path, body: Array(body.utf8), headers: headers)
        #expect(responses.map(\.status) == [status], "answered \(responses.map(\.status)), not at once", sourceLocation: sourceLocation)
        let early = try #require(responses.first, sourceLocation: sourceLocation)
        expectProblem(early, status: status, code: code, sourceLocation: sourceLocation)
        let plain = try client.another().http.request("POST", path, body: Array(body.utf8), headers: headers)
        #expect(plain.status == early.status, sourceLocation: sourceLocation)
        #expect(fields(of: plain) == fields(of: early), sourceLocation: sourceLocation)
        #expect(plain.text == early.text, sourceLocation: sourceLocation)
    }

    @Test(
        "an event whose body is not JSON is refused before it is sent, and the session stays as it was",
        arguments: [
            [("Content-Type", "text/plain")], [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], [],
        ])
    func eventNotJSON(headers: [(String, String)]) throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let before = try client.snapshot(id)
            try Self.expectRefusedBeforeBody(
                client, "/v1/sessions/\(id)/events", body: Self.login, headers: headers,
                status: 415, code: "unsupported_media_type")
            try client.expectUnchanged(id, since: before)
        }
    }

    @Test("an event for a session unknown, deleted or expired gets session_not_found before its body")
    func eventForAGoneSession() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 60), clock: clock) { client in
            try Self.expectRefusedBeforeBody(
                client, "/v1/sessions/unknown-session-id-000000/events", body: Self.login,
                headers: Self.json, status: 404, code: "session_not_found")
            let deleted = try client.createSession()
            #expect(try client.delete(deleted).status == 204)
            try Self.expectRefusedBeforeBody(
                client, "/v1/sessions/\(deleted)/events", body: Self.login,
                headers: Self.json, status: 404, code: "session_not_found")
            let expired = try client.createSession()
            clock.advance(seconds: 61)
            try Self.expectRefusedBeforeBody(
                client, "/v1/sessions/\(expired)/events", body: Self.login,
                headers: Self.json, status: 404, code: "session_not_found")
            // The head closed the expired session, as the handler would have: gone, and counted once.
            #expect(client.service.sessionCount == 0)
            #expect(try SessionNotFoundTests.expiredTotal(client) == 1)
        }
    }

    @Test("415 over session_not_found, as without the expectation")
    func mediaTypeBeforeSession() throws {
        try withTestServer { client in
            try Self.expectRefusedBeforeBody(
                client, "/v1/sessions/unknown-session-id-000000/events", body: Self.login,
                headers: [("Content-Type", "text/plain")], status: 415, code: "unsupported_media_type")
        }
    }

    @Test(
        "a creation whose body is not JSON is refused before it is sent, and creates nothing",
        arguments: [
            [("Content-Type", "text/plain")], [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], [],
        ])
    func creationNotJSON(headers: [(String, String)]) throws {
        try withTestServer { client in
            try Self.expectRefusedBeforeBody(
                client, "/v1/sessions", body: #"{"app":"todo"}"#, headers: headers,
                status: 415, code: "unsupported_media_type")
            #expect(client.service.sessionCount == 0)
        }
    }

    @Test("a head the checks pass is invited: the session is created, the event applied or refused for its body")
    func invited() throws {
        try withTestServer { client in
            let created = try client.http.requestExpectingContinue(
                "POST", "/v1/sessions", body: Array(#"{"app":"login"}"#.utf8),
                headers: Self.json)
            #expect(created.map(\.status) == [100, 201])
            let id = try #require(created.last?.json?["session"] as? String)
            let applied = try client.http.requestExpectingContinue(
                "POST", "/v1/sessions/\(id)/events", body: Array(Self.login.utf8),
                headers: Self.json)
            #expect(applied.map(\.status) == [100, 200])
            expectState(try #require(applied.last), Expected.login(id, version: 2, user: "kim"))
            let before = try client.snapshot(id)
            let malformed = try client.http.requestExpectingContinue(
                "POST", "/v1/sessions/\(id)/events", body: Array("not json".utf8),
                headers: Self.json)
            #expect(malformed.map(\.status) == [100, 400])
            expectProblem(try #require(malformed.last), status: 400, code: "malformed_event")
            try client.expectUnchanged(id, since: before)
        }
    }

    @Test("a session gone between the invitation and the body is not found once the body is in", arguments: ["deleted", "expired"])
    func goneAfterTheInvitation(how: String) throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 60), clock: clock) { client in
            let id = try client.createSession()
            let responses = try client.another().http.requestExpectingContinue(
                "POST", "/v1/sessions/\(id)/events", body: Array(Self.login.utf8), headers: Self.json
            ) { () throws in
                if how == "deleted" {
                    #expect(try client.delete(id).status == 204)
                } else {
                    clock.advance(seconds: 61)
                }
            }
            #expect(responses.map(\.status) == [100, 404])
            expectProblem(try #require(responses.last), status: 404, code: "session_not_found")
            #expect(client.service.sessionCount == 0)
        }
    }
}
