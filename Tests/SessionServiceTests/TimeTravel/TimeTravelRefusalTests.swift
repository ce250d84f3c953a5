import Foundation
import TestSupport
import Testing

@testable import SessionService

/// What time travel refuses, and how: the session's limits on a rewind, a store that cannot give a session's
/// past, preconditions on a past version, and a replay that does not give the version back.
@Suite("time travel refusals")
struct TimeTravelRefusalTests {
    @Test("a rewind counts against --max-events like an event: one may reach the limit, then 409 event_limit")
    func rewindAtTheEventLimit() throws {
        try withTestServer(configuration: ServiceConfiguration(maxEventsPerSession: 3)) { client in
            let id = try client.createSession(app: "navigation")
            try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)
            let atOne = try client.get("/v1/sessions/\(id)?version=1")
            // The third step is a rewind: version 1's tree, in a state that accepts nothing more.
            let rewound = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1}"#)
            #expect(rewound.status == 200 && rewound.header("ETag") == "\"4\"", "\(rewound.text)")
            #expect(TimeTravelTests.fields(rewound.body, without: "accepts") == TimeTravelTests.fields(atOne.body, without: "accepts"))
            #expect(rewound.json?["accepts"] as? [String] == [])
            let before = try client.snapshot(id)
            let refused = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":2}"#)
            expectProblem(refused, status: 409, code: "event_limit")
            #expect(refused.json?["detail"] as? String == "the session has applied its maximum of 3 events; start a new session")
            try client.expectUnchanged(id, since: before)
            // Its past still reads, and a fork starts a session with room of its own.
            #expect(try client.get("/v1/sessions/\(id)?version=3").status == 200)
            let fork = try client.request("POST", "/v1/sessions", body: #"{"from":{"session":"\#(id)","version":3}}"#)
            #expect(fork.status == 201 && fork.header("ETag") == "\"3\"", "\(fork.text)")
        }
    }

    @Test("at the memory limit a rewind is refused, 503 memory_limit, nothing changed; past versions still read")
    func rewindAtTheMemoryLimit() throws {
        try withTestServer(configuration: ServiceConfiguration(maxHeldBytes: 1000)) { client in
            let id = try client.createSession(app: "navigation")
            var answered = [1: try client.state(id).body]
            var refusal: HTTPResult?
            for applied in 0..<200 where refusal == nil {
                let response = try client.send(id, applied % 2 == 0 ? #"{"type":"push","screen":"A"}"# : #"{"type":"pop"}"#)
                if response.status == 200 { answered[applied + 2] = response.body } else { refusal = response }
            }
            expectProblem(try #require(refusal), status: 503, code: "memory_limit")
            #expect(answered.count > 3, "a few events fit")
            let before = try client.snapshot(id)
            let refused = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1}"#)
            expectProblem(refused, status: 503, code: "memory_limit")
            #expect(refused.header("Retry-After").flatMap { Int($0) }.map { $0 >= 1 } == true)
            try client.expectUnchanged(id, since: before)
            // A read adds nothing a limit bounds: each past version answers as it was answered.
            for (version, body) in answered {
                #expect(try client.get("/v1/sessions/\(id)?version=\(version)").body == body, "version \(version)")
            }
        }
    }

    @Test("shared through a store that is down, a past version, a diff or a rewind answers 503 store_unavailable")
    func pastOfASharedSessionWithoutItsStore() throws {
        let redis = try SharedRedis()
        try withSharedServers(1, redis: redis) { clients in
            let client = clients[0]
            let id = try client.createSession(app: "navigation")
            try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)
            #expect(try client.get("/v1/sessions/\(id)/diff?from=1&to=3").status == 200)
            // Another instance may have moved the session on: without the store, no answer can be known current.
            redis.kill()
            for response in [
                try client.get("/v1/sessions/\(id)/diff?from=1&to=3"), try client.get("/v1/sessions/\(id)?version=2"),
                try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1}"#),
            ] {
                expectProblem(response, status: 503, code: "store_unavailable")
                #expect(response.header("Retry-After") == "1")
            }
        }
    }

    @Test("If-None-Match and If-Match on ?version=N are read against N: 304 when they name it, 412 saying which version")
    func preconditionsOnAPastVersion() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "navigation")
            try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)
            let path = "/v1/sessions/\(id)?version=2"
            let atTwo = try client.get(path)
            for tags in [#""2""#, #"W/"2""#, #""1", "2""#, "*"] {
                let notModified = try client.request("GET", path, headers: [("If-None-Match", tags)])
                #expect(notModified.status == 304 && notModified.header("ETag") == "\"2\"" && notModified.body.isEmpty, "\(tags)")
            }
            for (name, tags) in [("If-None-Match", #""3""#), ("If-Match", #""2""#), ("If-Match", #""1", "2""#), ("If-Match", "*")] {
                let read = try client.request("GET", path, headers: [(name, tags)])
                #expect(read.status == 200 && read.body == atTwo.body && read.header("ETag") == "\"2\"", "\(name): \(tags)")
            }
            // If-Match of the session's own version does not name version 2; a weak tag never matches strongly.
            for tags in [#""3""#, #"W/"2""#] {
                let failed = try client.request("GET", path, headers: [("If-Match", tags)])
                expectProblem(failed, status: 412, code: "version_mismatch")
                #expect(
                    failed.json?["detail"] as? String == #"If-Match does not match version "2", the one asked for (the session is at "3")"#,
                    "\(tags)")
            }
            // If-Match is evaluated first (RFC 9110 §13.2.2): it passes, then If-None-Match gives 304.
            #expect(try client.request("GET", path, headers: [("If-Match", #""2""#), ("If-None-Match", #""2""#)]).status == 304)
        }
    }

    /// `restless` launches its root under a new name each time: a replay never renders what the session showed.
    @Test("a rewind whose replay does not give the version back (an app that is not deterministic): 500, nothing changed")
    func rewindThatDoesNotReplay() throws {
        try withTestServer(registry: testRegistry(LabApps.restless())) { client in
            let id = try client.createSession(app: "restless")
            try client.apply(id, #"{"type":"present","screen":"Sheet"}"#)
            let before = try client.snapshot(id)
            // To a past version (read from a timeline the rewind builds) and to the one shown now.
            for target in [1, 2] {
                let failed = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":\#(target)}"#)
                expectProblem(failed, status: 500, code: "internal_error")
                #expect(
                    failed.json?["detail"] as? String
                        == "the session's app did not replay its history to the state of version \(target), so nothing changed")
                try client.expectUnchanged(id, since: before)
            }
            let metrics = try parsePrometheus(try client.get("/metrics").text)
            #expect(metrics["ribsd_replay_divergences_total"] == 2)
            #expect(metrics["ribsd_sessions"] == 1, "the session goes on")
        }
    }
}
