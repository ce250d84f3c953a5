import Foundation
import HTTPServer
import SessionService
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// Already covered elsewhere, and not repeated here:
// - session limit 503 + Retry-After, room after DELETE: RequestErrorTests.sessionLimit
// - idle TTL with the manual clock: SessionNotFoundTests.expiredSession / deleteExpiredSession, PrecedenceTests
// - per-IP limit on a bare HTTPServer: HTTPServerTests.Resources.perIPConnectionLimitClosesExtraConnections
// - idle timeout of a half-sent request: HTTPServerTests.Connections.slowClientIsClosedAfterIdleTimeout,
//   HTTPServerTests.Resources.abortedAndTimedOutRequestsLeaveNothingInFlight
// - body cap in process: RequestErrorTests.payloadTooLarge, HTTPServerTests.Bodies
// What follows covers the gaps: limits on the whole service, their interplay, and the executable's flags
// (the last two are in ExecutableTests: --max-sessions, --max-body).
extension ReliabilityTests {
    @Suite("limits of the whole service")
    struct Limits {
        @Test(
            "session limit counts live sessions only: at maxSessions a session idle past the TTL is expired to make room; Retry-After is 1…TTL s"
        )
        func limitAndTTL() throws {
            let clock = ManualClock()
            try withTestServer(configuration: ServiceConfiguration(maxSessions: 2, sessionTTL: 30), clock: clock) { client in
                let stale = try client.createSession()
                let busy = try client.createSession(app: "todo")
                let refused = try client.create()
                expectProblem(refused, status: 503, code: "session_limit")
                let retryAfter = try #require(refused.header("Retry-After").flatMap { Int($0) })
                #expect((1...30).contains(retryAfter), "Retry-After \(retryAfter)")

                clock.advance(seconds: 20)
                #expect(try client.state(busy).status == 200)  // activity
                clock.advance(seconds: 11)  // stale: 31 s idle, busy: 11 s
                let fresh = try client.createSession(app: "navigation")
                #expect(fresh != stale)
                expectProblem(try client.state(stale), status: 404, code: "session_not_found")
                #expect(try client.state(busy).status == 200)
                #expect(client.service.sessionCount == 2)
                expectProblem(try client.create(), status: 503, code: "session_limit")
            }
        }

        @Test(
            "per-IP connection limit 2 on the service: a third connection is closed unanswered, the first two keep working, a closed one frees its slot"
        )
        func perIPLimit() throws {
            var server = testServerConfiguration()
            server.perIPConnectionLimit = 2
            try withTestServer(server: server) { client in
                let port = client.port
                let first = try RelConnection(port: port)
                let second = try RelConnection(port: port)
                let created = try #require(
                    first.roundTrip(relRequest("POST", "/v1/sessions", body: Array(#"{"app":"login"}"#.utf8))).response)
                #expect(created.status == 201)
                let id = try #require(created.json?["session"] as? String)
                #expect(second.roundTrip(relRequest("GET", "/v1/sessions/\(id)")).response?.status == 200)

                let third = try RelConnection(port: port, timeout: 3)
                let refused = third.roundTrip(
                    relRequest("POST", "/v1/sessions/\(id)/events", body: Array(#"{"type":"login","name":"x"}"#.utf8)), method: "POST")
                #expect(refused.response == nil, "a third connection was served: \(refused)")

                let login = first.roundTrip(
                    relRequest("POST", "/v1/sessions/\(id)/events", body: Array(#"{"type":"login","name":"kim"}"#.utf8)), method: "POST")
                #expect(login.response?.status == 200, "\(login)")
                #expect(second.roundTrip(relRequest("GET", "/v1/sessions/\(id)")).response?.header("ETag") == "\"2\"")

                first.close()
                var served = false
                for _ in 0..<100 where !served {
                    if let connection = try? RelConnection(port: port, timeout: 2),
                        connection.roundTrip(relRequest("GET", "/v1/sessions/\(id)", close: true)).response?.status == 200
                    {
                        served = true
                    } else {
                        usleep(30_000)
                    }
                }
                #expect(served, "no slot came free after closing a connection")
            }
        }

        @Test(
            "idle timeout 2 s on the service: a keep-alive connection idle after its answer is closed; one with a request every 300 ms is not"
        )
        func idleConnectionTimeout() throws {
            var server = testServerConfiguration()
            server.idleTimeout = 2
            try withTestServer(server: server) { client in
                let port = client.port
                let idle = try RelConnection(port: port)
                let created = try #require(
                    idle.roundTrip(relRequest("POST", "/v1/sessions", body: Array(#"{"app":"todo"}"#.utf8)), method: "POST").response)
                #expect(created.status == 201)
                #expect(!created.closesConnection)
                let id = try #require(created.json?["session"] as? String)
                let answered = Date()

                let busy = try RelConnection(port: port)
                for round in 0..<10 {
                    let outcome = busy.roundTrip(relRequest("GET", "/v1/sessions/\(id)"))
                    #expect(outcome.response?.status == 200, "busy connection, round \(round): \(outcome)")
                    usleep(300_000)
                }
                #expect(idle.waitForClose(timeout: 4), "the idle connection is still open")
                let idleFor = Date().timeIntervalSince(answered)
                #expect(idleFor >= 1.5 && idleFor < 7, "closed after \(idleFor) s")
                // The session does not care about connections.
                let again = try RelConnection(port: port)
                let state = try #require(again.roundTrip(relRequest("GET", "/v1/sessions/\(id)")).response)
                #expect(state.status == 200)
                #expect(state.header("ETag") == "\"1\"")
            }
        }
    }
}
