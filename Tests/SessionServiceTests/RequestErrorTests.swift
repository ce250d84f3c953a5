import AppHosting
import Foundation
import SessionService
import TestSupport
import Testing

@Suite("error codes of requests: not_found, 405, 412, 413, 415, 422, 503")
struct RequestErrorTests {
    @Test("not_found: paths the contract does not have")
    func notFound() throws {
        try withTestServer { client in
            let id = try client.createSession()
            let before = try client.snapshot(id)
            for path in ["/v1", "/v2/sessions", "/v1/session", "/v1/sessions/\(id)/nope", "/v1/sessions/\(id)/events/1", "/v1/sessions/"] {
                expectProblem(try client.get(path), status: 404, code: "not_found")
            }
            expectProblem(
                try client.request("POST", "/v1/sessions/\(id)/event", body: #"{"type":"login","name":"kim"}"#), status: 404,
                code: "not_found")
            try client.expectUnchanged(id, since: before)
        }
    }

    @Test("method_not_allowed: 405 with Allow")
    func methodNotAllowed() throws {
        try withTestServer { client in
            let id = try client.createSession()
            let before = try client.snapshot(id)
            let cases: [(method: String, path: String, allow: String)] = [
                ("GET", "/v1/sessions", "POST"),
                ("DELETE", "/v1/sessions", "POST"),
                ("PUT", "/v1/sessions/\(id)", "GET, HEAD, DELETE"),
                ("POST", "/v1/sessions/\(id)", "GET, HEAD, DELETE"),
                ("GET", "/v1/sessions/\(id)/events", "POST"),
                ("PATCH", "/v1/sessions/\(id)/events", "POST"),
                ("POST", "/v1/sessions/\(id)/history", "GET, HEAD"),
                ("POST", "/v1/apps", "GET, HEAD"),
                ("DELETE", "/healthz", "GET, HEAD"),
            ]
            for item in cases {
                let response = try client.request(item.method, item.path, body: #"{"type":"login","name":"kim"}"#)
                expectProblem(response, status: 405, code: "method_not_allowed")
                #expect(response.header("Allow") == item.allow, "\(item.method) \(item.path)")
            }
            try client.expectUnchanged(id, since: before)
            #expect(client.service.sessionCount == 1)
        }
    }

    @Test("version_mismatch: a stale or weak If-Match is 412")
    func versionMismatch() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            for tag in ["\"1\"", "\"3\"", "W/\"2\"", "2", "\"1\", \"3\""] {
                try client.expectRefusal(
                    id, #"{"type":"push","screen":"A"}"#, status: 412, code: "version_mismatch", headers: [("If-Match", tag)])
            }
        }
    }

    @Test("payload_too_large: a body over ServerConfiguration.maxBodySize is 413; one at the limit is read")
    func payloadTooLarge() throws {
        try withTestServer(server: testServerConfiguration(maxBodySize: 1024)) { client in
            let id = try client.createSession()
            let prefix = #"{"type":"login","name":""#
            let suffix = #""}"#
            let tooLong = prefix + String(repeating: "x", count: 1025 - prefix.utf8.count - suffix.utf8.count) + suffix
            #expect(tooLong.utf8.count == 1025)
            try client.expectRefusal(id, tooLong, status: 413, code: "payload_too_large")
            try client.expectRefusal(id, prefix + String(repeating: "y", count: 100_000) + suffix, status: 413, code: "payload_too_large")
            expectProblem(
                try client.request("POST", "/v1/sessions", body: #"{"app":"login","pad":""# + String(repeating: " ", count: 2000) + "\"}"),
                status: 413, code: "payload_too_large")
            #expect(client.service.sessionCount == 1)

            // At the limit exactly (whitespace makes up the length: a name holds at most 256 characters).
            let (head, tail) = (#"{"type":"login","#, #""name":"zed"}"#)
            let atLimit = head + String(repeating: " ", count: 1024 - head.utf8.count - tail.utf8.count) + tail
            #expect(atLimit.utf8.count == 1024)
            expectState(try client.send(id, atLimit), Expected.login(id, version: 2, user: "zed"))
        }
    }

    @Test("unsupported_media_type: a body that is not JSON is 415; JSON with parameters is fine")
    func unsupportedMediaType() throws {
        try withTestServer { client in
            let id = try client.createSession()
            for type in ["text/plain", "application/x-www-form-urlencoded", "application/jsonx", "text/json"] {
                try client.expectRefusal(
                    id, #"{"type":"login","name":"kim"}"#, status: 415, code: "unsupported_media_type", contentType: type)
            }
            try client.expectRefusal(id, #"{"type":"login","name":"kim"}"#, status: 415, code: "unsupported_media_type", contentType: nil)
            expectProblem(
                try client.request("POST", "/v1/sessions", body: #"{"app":"todo"}"#, contentType: "text/plain"),
                status: 415, code: "unsupported_media_type")
            #expect(client.service.sessionCount == 1)

            expectState(
                try client.send(id, #"{"type":"login","name":"kim"}"#, contentType: "Application/JSON; charset=utf-8"),
                Expected.login(id, version: 2, user: "kim"))
        }
    }

    @Test("unknown_app: 422 naming the hosted apps; a malformed create body is 400")
    func unknownApp() throws {
        try withTestServer { client in
            let response = try client.create(app: "flowz")
            expectProblem(response, status: 422, code: "unknown_app")
            let detail = response.json?["detail"] as? String ?? ""
            for app in ["navigation", "login", "todo"] { #expect(detail.contains(app)) }
            for body in [#"{"app":5}"#, "[]", "nope", #"{"app":null,"#] {
                expectProblem(try client.request("POST", "/v1/sessions", body: body), status: 400, code: "malformed_event")
            }
            #expect(client.service.sessionCount == 0)
        }
    }

    @Test("unknown_app: an app id spelled with the Kelvin sign (U+212A) for its K names no app")
    func kelvinSpelledApp() throws {
        let quiet = LabApps.quiet()
        let kiosk = AppDefinition(id: "Kiosk", description: quiet.description, events: quiet.events, launch: quiet.launch)
        try withTestServer(registry: testRegistry(kiosk)) { client in
            expectProblem(try client.create(app: "\u{212A}iosk"), status: 422, code: "unknown_app")
            #expect(client.service.sessionCount == 0)
            let id = try client.createSession(app: "Kiosk")
            #expect(try client.state(id).json?["app"] as? String == "Kiosk")
        }
    }

    @Test("session_limit: 503 with Retry-After at ServiceConfiguration.maxSessions; room again after a DELETE")
    func sessionLimit() throws {
        try withTestServer(configuration: ServiceConfiguration(maxSessions: 2)) { client in
            let first = try client.createSession()
            let second = try client.createSession(app: "todo")
            let before = try client.snapshot(first)
            for app in [nil, "navigation"] {
                let refused = try client.create(app: app)
                expectProblem(refused, status: 503, code: "session_limit")
                let retryAfter = try #require(refused.header("Retry-After").flatMap { Int($0) })
                #expect(retryAfter >= 1)
            }
            #expect(client.service.sessionCount == 2)
            try client.expectUnchanged(first, since: before)

            #expect(try client.delete(second).status == 204)
            let third = try client.createSession(app: "navigation")
            #expect(third != second)
            expectProblem(try client.create(), status: 503, code: "session_limit")
        }
    }

    @Test("event_limit: 409 once a session applied ServiceConfiguration.maxEventsPerSession events; replays still answer")
    func eventLimit() throws {
        try withTestServer(configuration: ServiceConfiguration(maxEventsPerSession: 3)) { client in
            let id = try client.createSession(app: "navigation")
            let keyed = [("Idempotency-Key", "first-push")]
            let first = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: keyed)
            #expect(first.status == 200)
            expectState(try client.send(id, #"{"type":"push","screen":"B"}"#), Expected.navigation(id, version: 3, pages: ["A", "B"]))
            // The third event reaches the limit: from this state on, no event would change anything.
            let atLimit = Expected.navigation(id, version: 4, pages: ["A"], accepts: [])
            expectState(try client.send(id, #"{"type":"pop"}"#), atLimit)
            expectState(try client.state(id), atLimit)
            let before = try client.snapshot(id)

            for event in [#"{"type":"push","screen":"C"}"#, #"{"type":"pop"}"#, #"{"type":"didPop","screen":"A"}"#] {
                let refused = try client.expectRefusal(id, event, status: 409, code: "event_limit")
                #expect(refused.json?["detail"] as? String == "the session has applied its maximum of 3 events; start a new session")
            }
            try client.expectUnchanged(id, since: before)
            // A swipe of a screen already gone applies nothing: the contract's no-op, even at the limit.
            expectState(try client.send(id, #"{"type":"didPop","screen":"B"}"#), atLimit)
            try client.expectUnchanged(id, since: before)
            // A retry of a request that was applied is answered as the first time: it applies nothing.
            let retried = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: keyed)
            #expect(retried.status == 200 && retried.body == first.body)
            // The 409s come last: a wrong If-Match still says so.
            try client.expectRefusal(id, #"{"type":"pop"}"#, status: 412, code: "version_mismatch", headers: [("If-Match", "\"1\"")])

            let fresh = try client.createSession(app: "navigation")
            #expect(try client.send(fresh, #"{"type":"push","screen":"C"}"#).status == 200)

            // A flow app at its limit lists no steps either.
            let flow = try client.createSession(app: "flow")
            #expect(try client.state(flow).json?["steps"] as? [String] != [])
            for event in [#"{"type":"step","step":"mainIsRequired"}"#, #"{"type":"pop"}"#, #"{"type":"step","step":"mainIsRequired"}"#] {
                #expect(try client.send(flow, event).status == 200)
            }
            let flowAtLimit = try client.state(flow).json
            #expect(flowAtLimit?["accepts"] as? [String] == [] && flowAtLimit?["steps"] as? [String] == [])
        }
    }

    @Test("event_limit: a handled event that changes nothing stays a no-op as the last one allowed (not a version)")
    func noOpBeforeTheEventLimit() throws {
        try withTestServer(registry: testRegistry(LabApps.quiet()), configuration: ServiceConfiguration(maxEventsPerSession: 2)) { client in
            let id = try client.createSession(app: "quiet")
            try client.apply(id, #"{"type":"present","screen":"A"}"#)
            let before = try client.snapshot(id)
            // One event left: `quiet` takes `logout` and changes nothing, so nothing is spent.
            let quiet = try client.send(id, #"{"type":"logout"}"#)
            #expect(quiet.status == 200 && quiet.header("ETag") == "\"2\"")
            try client.expectUnchanged(id, since: before)
            // The next real change is the last one: its state then accepts nothing.
            let last = try client.send(id, #"{"type":"dismiss"}"#)
            #expect(last.header("ETag") == "\"3\"" && last.json?["accepts"] as? [String] == [])
            #expect(
                (try client.history(id).json?["events"] as? [[String: Any]])?.compactMap {
                    ($0["event"] as? [String: Any])?["type"] as? String
                }
                    == ["present", "dismiss"])
        }
    }
}
