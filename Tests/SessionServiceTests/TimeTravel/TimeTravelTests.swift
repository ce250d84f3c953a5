import AppHosting
import BuiltinApps
import Foundation
import SQLiteStore
import TestSupport
import Testing

@testable import SessionService

@Suite("time travel")
struct TimeTravelTests {
    /// The document without its `version`: what a rewind must give back of the version it goes to.
    static func fields(_ body: [UInt8], without other: String = "version") -> NSDictionary? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else { return nil }
        return object.filter { $0.key != "version" && $0.key != other } as NSDictionary
    }

    @Test("a rewind then the same events again gives the state they gave the first time; the history keeps both")
    func rewindThenReplay() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "navigation")
            try client.apply(id, #"{"type":"push","screen":"A"}"#)
            let events = [#"{"type":"push","screen":"B"}"#, #"{"type":"push","screen":"C"}"#, #"{"type":"pop"}"#]
            for event in events { try client.apply(id, event) }
            let before = try client.state(id)
            #expect(before.header("ETag") == "\"5\"")

            let rewound = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":2}"#)
            #expect(rewound.header("ETag") == "\"6\"")
            #expect(Self.fields(rewound.body) == Self.fields(try client.get("/v1/sessions/\(id)?version=2").body))
            for event in events { try client.apply(id, event) }
            #expect(Self.fields(try client.state(id).body) == Self.fields(before.body))
            let types = try #require(client.history(id).json?["events"] as? [[String: Any]]).map {
                ($0["event"] as? [String: Any])?["type"] as? String
            }
            #expect(types == ["push", "push", "push", "pop", "rewind", "push", "push", "pop"])
            // Rewinding to the state shown now changes nothing: the same version, as for any event that changes nothing.
            let same = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":5}"#)
            #expect(same.status == 200 && same.header("ETag") == "\"9\"")
        }
    }

    @Test("a rewind is a change like an event: If-Match, Idempotency-Key, streams")
    func rewindIsAChange() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "navigation")
            try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)
            let before = try client.snapshot(id)
            expectProblem(
                try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1}"#, headers: [("If-Match", "\"2\"")]),
                status: 412, code: "version_mismatch")
            try client.expectUnchanged(id, since: before)
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream", headers: [("Last-Event-ID", "3")])
            let key = [("Idempotency-Key", "rewind-1")]
            let first = try client.request(
                "POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1}"#, headers: key + [("If-Match", "\"3\"")])
            #expect(first.status == 200 && first.header("ETag") == "\"4\"")
            // The streams hear of it like of any version.
            let frame = try watcher.next()
            #expect(frame.id == "4" && Array(frame.data.utf8) == first.body)
            try client.apply(id, #"{"type":"push","screen":"C"}"#)
            let retry = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1}"#, headers: key)
            #expect(retry.body == first.body && retry.header("ETag") == "\"4\"", "the first answer, applied once")
            expectProblem(
                try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":2}"#, headers: key),
                status: 422, code: "idempotency_key_reused")
        }
    }

    @Test("a fork starts at the source's version with its history, and the two go their own ways")
    func forkIsIndependent() throws {
        try withTestServer { client in
            let source = try client.createSession(app: "navigation")
            try client.apply(source, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#, #"{"type":"push","screen":"C"}"#)
            let forked = try client.request("POST", "/v1/sessions", body: #"{"from":{"session":"\#(source)","version":3}}"#)
            #expect(forked.status == 201, "\(forked.text)")
            let fork = try #require(forked.json?["session"] as? String)
            #expect(fork != source && forked.header("ETag") == "\"3\"")
            let atThree = try client.get("/v1/sessions/\(source)?version=3")
            #expect(Self.fields(forked.body, without: "session") == Self.fields(atThree.body, without: "session"))
            let sourceHistory = try #require(client.history(source).json?["events"] as? [Any])
            #expect(try client.history(fork).json?["events"] as? NSArray == NSArray(array: Array(sourceHistory.prefix(2))))

            let sourceBefore = try client.snapshot(source)
            try client.apply(fork, #"{"type":"pop"}"#, #"{"type":"push","screen":"C"}"#)
            try client.expectUnchanged(source, since: sourceBefore)
            let forkBefore = try client.snapshot(fork)
            try client.apply(source, #"{"type":"pop"}"#)
            try client.expectUnchanged(fork, since: forkBefore)
            // With events: the fork, then the events, all or none.
            let deeper = try client.request(
                "POST", "/v1/sessions", body: #"{"from":{"session":"\#(source)","version":2},"events":[{"type":"push","screen":"B"}]}"#)
            #expect(deeper.status == 201 && deeper.header("ETag") == "\"3\"", "\(deeper.text)")
        }
    }

    @Test("bad versions and bad ranges answer clear problems, and change nothing")
    func badVersions() throws {
        try withTestServer { client in
            let id = try client.createSession(app: "navigation")
            try client.apply(id, #"{"type":"push","screen":"A"}"#)
            let before = try client.snapshot(id)
            for query in ["version=0", "version=-1", "version=abc", "version=", "version=1&version=2", "version=1.0", "version=%2B1"] {
                expectProblem(try client.get("/v1/sessions/\(id)?\(query)"), status: 400, code: "malformed_request")
            }
            expectProblem(try client.get("/v1/sessions/\(id)?version=3"), status: 404, code: "version_not_found")
            // A version too large for any session is one it never had, not a malformed one.
            expectProblem(try client.get("/v1/sessions/\(id)?version=99999999999999999999999"), status: 404, code: "version_not_found")
            expectProblem(
                try client.get("/v1/sessions/\(id)/diff?from=1&to=99999999999999999999999"), status: 404, code: "version_not_found")
            expectProblem(
                try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1e30}"#), status: 404, code: "version_not_found")
            expectProblem(try client.get("/v1/sessions/nope?version=1"), status: 404, code: "session_not_found")
            for query in ["from=1", "to=1", "from=x&to=1", "from=1&to=0", ""] {
                expectProblem(try client.get("/v1/sessions/\(id)/diff?\(query)"), status: 400, code: "malformed_request")
            }
            expectProblem(try client.get("/v1/sessions/\(id)/diff?from=1&to=7"), status: 404, code: "version_not_found")
            expectProblem(try client.get("/v1/sessions/nope/diff?from=1&to=2"), status: 404, code: "session_not_found")
            for body in ["{}", #"{"version":0}"#, #"{"version":"1"}"#, #"{"version":1.5}"#, #"{"version":1,"also":2}"#, "[1]", "1"] {
                expectProblem(try client.request("POST", "/v1/sessions/\(id)/rewind", body: body), status: 400, code: "malformed_request")
            }
            expectProblem(
                try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":3}"#), status: 404, code: "version_not_found")
            expectProblem(
                try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1}"#, contentType: "text/plain"),
                status: 415, code: "unsupported_media_type")
            expectProblem(
                try client.request("POST", "/v1/sessions/nope/rewind", body: #"{"version":1}"#), status: 404, code: "session_not_found")
            try client.expectUnchanged(id, since: before)
            // A whole number however written is the version it names (JSON Schema's `integer`).
            #expect(try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1.0}"#).header("ETag") == "\"3\"")

            let sessions = client.service.sessionCount
            for (body, status, code) in [
                (#"{"from":{"session":"nope","version":1}}"#, 404, "session_not_found"),
                (#"{"from":{"session":"\#(id)","version":5}}"#, 404, "version_not_found"),
                (#"{"from":{"session":"\#(id)"}}"#, 400, "malformed_request"),
                (#"{"from":"\#(id)"}"#, 400, "malformed_request"),
                (#"{"from":{"session":"\#(id)","version":1},"app":"login"}"#, 400, "malformed_request"),
            ] {
                expectProblem(try client.request("POST", "/v1/sessions", body: body), status: status, code: code)
            }
            #expect(client.service.sessionCount == sessions, "no session made")
        }
    }

    @Test("a rewind or an event the store cannot take changes nothing, past versions included")
    func refusedByTheStore() throws {
        try withDataDirectory { directory in
            try withStoredServer(directory: directory) { client, store, _ in
                let id = try client.createSession(app: "navigation")
                try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)
                let pastTwo = try client.get("/v1/sessions/\(id)?version=2")
                #expect(pastTwo.status == 200, "the timeline is built")
                let before = try client.snapshot(id)
                store.close()
                expectProblem(
                    try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1}"#), status: 503, code: "store_unavailable"
                )
                try client.expectRefusal(id, #"{"type":"push","screen":"C"}"#, status: 503, code: "store_unavailable")
                try client.expectUnchanged(id, since: before)
                #expect(try client.get("/v1/sessions/\(id)?version=2").body == pastTwo.body)
                // A live session's past is in memory: a diff needs no store either.
                #expect(try client.get("/v1/sessions/\(id)/diff?from=1&to=3").status == 200)
                #expect(try client.get("/v1/sessions/\(id)?version=3").body == before.state)
                expectProblem(try client.get("/v1/sessions/\(id)?version=4"), status: 404, code: "version_not_found")
                expectProblem(
                    try client.request("POST", "/v1/sessions", body: #"{"from":{"session":"\#(id)","version":2}}"#), status: 503,
                    code: "store_unavailable")
            }
        }
    }

    @Test("with the durable store, past versions, rewinds and forks come back after a restart")
    func afterARestart() throws {
        try withDataDirectory { directory in
            let (id, answered, fork) = try withStoredServer(directory: directory) { client, _, _ in
                let (id, answered) = try TimeTravelWalkTests.walk(client, app: "navigation", steps: 120, seed: 0x5707)
                let forked = try client.request(
                    "POST", "/v1/sessions", body: #"{"from":{"session":"\#(id)","version":\#(answered.count / 2)}}"#)
                #expect(forked.status == 201)
                return (id, answered, try #require(forked.json?["session"] as? String))
            }
            try withStoredServer(directory: directory) { client, _, restored in
                #expect(restored == 2)
                for (version, body) in answered {
                    #expect(try client.get("/v1/sessions/\(id)?version=\(version)").body == body, "version \(version)")
                }
                let forkState = try client.state(fork)
                #expect(forkState.status == 200 && forkState.header("ETag") == "\"\(answered.count / 2)\"")
                let rewound = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":1}"#)
                #expect(
                    Self.fields(rewound.body)?["tree"] as? NSDictionary == Self.fields(try #require(answered[1]))?["tree"] as? NSDictionary)
            }
        }
    }
}
