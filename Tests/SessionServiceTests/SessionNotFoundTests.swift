import Foundation
import Testing

@testable import SessionService

@Suite("session_not_found: unknown, deleted and expired sessions")
struct SessionNotFoundTests {
    @Test("session_not_found: an unknown id on every session endpoint, and a deleted session")
    func sessionNotFound() throws {
        try withTestServer { client in
            let unknown = "AAAAAAAAAAAAAAAAAAAAAA"
            expectProblem(try client.state(unknown), status: 404, code: "session_not_found")
            expectProblem(try client.history(unknown), status: 404, code: "session_not_found")
            expectProblem(try client.delete(unknown), status: 404, code: "session_not_found")
            expectProblem(try client.send(unknown, #"{"type":"pop"}"#), status: 404, code: "session_not_found")

            let id = try client.createSession()
            #expect(try client.delete(id).status == 204)
            expectProblem(try client.state(id), status: 404, code: "session_not_found")
            expectProblem(try client.history(id), status: 404, code: "session_not_found")
            expectProblem(try client.send(id, #"{"type":"login","name":"kim"}"#), status: 404, code: "session_not_found")
            expectProblem(try client.delete(id), status: 404, code: "session_not_found")
        }
    }

    @Test("session_not_found: an id spelled with the Kelvin sign (U+212A) for its K is another id, on every endpoint")
    func kelvinSpelledID() throws {
        // `String` equates U+212A with `K`. An alias that falls in the session's own shard is the one a lookup
        // by text would find: pick an id whose alias does.
        let (id, alias) = try #require(
            (0..<10_000).lazy.map { number in
                let digits = String(number)
                let rest = String(repeating: "0", count: 21 - digits.count) + digits
                return ("K" + rest, "\u{212A}" + rest)
            }.first { SessionStore.shardIndex(of: $0.0) == SessionStore.shardIndex(of: $0.1) })
        final class OneID: SessionIDSource {
            let id: String
            init(_ id: String) { self.id = id }
            func nextID() -> String { id }
        }
        try withTestServer(ids: OneID(id)) { client in
            #expect(try client.createSession() == id)
            try client.apply(id, #"{"type":"login","name":"kim"}"#)
            let spelled = alias.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? alias

            expectProblem(try client.state(spelled), status: 404, code: "session_not_found")
            expectProblem(try client.history(spelled), status: 404, code: "session_not_found")
            expectProblem(try client.send(spelled, #"{"type":"logout"}"#), status: 404, code: "session_not_found")
            expectProblem(try client.request("GET", "/v1/sessions/\(spelled)/stream"), status: 404, code: "session_not_found")
            expectProblem(try client.delete(spelled), status: 404, code: "session_not_found")

            // The session itself is untouched, and still answers to its own id.
            expectState(try client.state(id), Expected.login(id, version: 2, user: "kim"))
            #expect(client.service.sessionCount == 1)
        }
    }

    @Test("session_not_found: a session idle longer than the TTL has expired (manual clock)")
    func expiredSession() throws {
        let clock = ManualClock()
        let log = ResignLog()
        let registry = testRegistry(LabApps.leaky(log: log))
        try withTestServer(registry: registry, configuration: ServiceConfiguration(sessionTTL: 60), clock: clock) { client in
            let id = try client.createSession(app: "leaky")
            try client.apply(id, #"{"type":"present","screen":"Sheet"}"#)
            let other = try client.createSession()
            clock.advance(seconds: 60)
            // Exactly the TTL idle is still alive, and any request counts as activity.
            #expect(try client.state(id).status == 200)
            #expect(try client.state(other).status == 200)
            clock.advance(seconds: 59)
            #expect(try client.send(other, #"{"type":"login","name":"kim"}"#).status == 200)
            clock.advance(milliseconds: 1001)
            #expect(log.all.isEmpty)
            expectProblem(try client.state(id), status: 404, code: "session_not_found")
            // Expiry tears the tree down like DELETE.
            #expect(log.all == ["Root", "Sheet"])
            expectProblem(try client.send(id, #"{"type":"dismiss"}"#), status: 404, code: "session_not_found")
            expectProblem(try client.history(id), status: 404, code: "session_not_found")
            expectProblem(try client.delete(id), status: 404, code: "session_not_found")
            // The other session was active a second ago: alive.
            expectState(try client.state(other), Expected.login(other, version: 2, user: "kim"))
            #expect(try Self.expiredTotal(client) == 1)
            clock.advance(seconds: 61)
            #expect(client.service.expireIdleSessions() == 1)
            #expect(client.service.sessionCount == 0)
            expectProblem(try client.state(other), status: 404, code: "session_not_found")
            // Each session expired once, however many requests and sweeps found it gone.
            #expect(client.service.expireIdleSessions() == 0)
            #expect(try Self.expiredTotal(client) == 2)
        }
    }

    @Test(
        "the wall clock set a day forward expires nothing; a session expires after the TTL of idle time, and its history keeps wall times")
    func wallClockStepForward() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 60), clock: clock) { client in
            let id = try client.createSession()
            clock.stepWallClock(seconds: 86_400)
            #expect(client.service.expireIdleSessions() == 0)
            expectState(try client.send(id, #"{"type":"login","name":"kim"}"#), Expected.login(id, version: 2, user: "kim"))
            // The history is in wall time, where the event happened a day after the epoch.
            let history = try #require(try client.history(id).json?["events"] as? [[String: Any]])
            #expect(history.compactMap { $0["at"] as? String } == ["2023-11-15T22:13:20.000Z"])

            clock.advance(seconds: 60)
            #expect(client.service.expireIdleSessions() == 0)
            clock.advance(milliseconds: 1)
            #expect(client.service.expireIdleSessions() == 1)
            expectProblem(try client.state(id), status: 404, code: "session_not_found")
        }
    }

    @Test("the wall clock set back an hour: a full server still sweeps out the session idle past the TTL to make room")
    func wallClockStepBack() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(maxSessions: 1, sessionTTL: 30), clock: clock) { client in
            let stale = try client.createSession()
            // A refused creation sweeps (nothing to expire yet) and keeps the server from sweeping for a second.
            expectProblem(try client.create(), status: 503, code: "session_limit")
            clock.stepWallClock(seconds: -3_600)
            clock.advance(seconds: 31)
            let fresh = try client.createSession(app: "todo")
            expectState(try client.state(fresh), Expected.todo(fresh, version: 1))
            expectProblem(try client.state(stale), status: 404, code: "session_not_found")
        }
    }

    /// `ribsd_sessions_expired_total` from `/metrics`.
    static func expiredTotal(_ client: ServiceClient) throws -> Int? {
        let line = try client.get("/metrics").text.split(separator: "\n").first { $0.hasPrefix("ribsd_sessions_expired_total ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) }
    }

    @Test("session_not_found: DELETE of an expired session")
    func deleteExpiredSession() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 10), clock: clock) { client in
            let id = try client.createSession()
            clock.advance(seconds: 11)
            expectProblem(try client.delete(id), status: 404, code: "session_not_found")
            expectProblem(try client.state(id), status: 404, code: "session_not_found")
            #expect(client.service.sessionCount == 0)
            // The DELETE found it expired: that expiry counts, once.
            #expect(client.service.expireIdleSessions() == 0)
            #expect(try Self.expiredTotal(client) == 1)
        }
    }
}
