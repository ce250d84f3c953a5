import Foundation
import HTTPServer
import Locking
import SQLiteStore
import TestSupport
import Testing

@testable import SessionService

/// `{"events": [...]}`: several events in one request, applied all or none.
@Suite("event batches: all or none, one version per event")
struct BatchTests {
    static let pushA = #"{"type":"push","screen":"A"}"#
    static let pushB = #"{"type":"push","screen":"B"}"#
    static let pushC = #"{"type":"push","screen":"C"}"#
    static let pop = #"{"type":"pop"}"#
    static let loginKim = #"{"type":"login","name":"kim"}"#
    static let presentProfile = #"{"type":"present","screen":"Profile"}"#
    static let dismiss = #"{"type":"dismiss"}"#

    /// A walk of each built-in app to a deep point, and how many of its events change nothing (a swipe of a
    /// screen already gone): they get no version.
    static let walks: [String: (events: [String], noOps: Int)] = [
        "login": (
            [
                loginKim, pushA, pushB, #"{"type":"didPop","screen":"B"}"#, #"{"type":"didPop","screen":"B"}"#, presentProfile,
                #"{"type":"didDismiss","screen":"Profile"}"#, pushC, #"{"type":"present","screen":"Profile","style":"fullScreen"}"#,
            ], 1
        ),
        "navigation": (
            [
                pushA, pushB, pushC, pop, #"{"type":"didPop","screen":"B"}"#, #"{"type":"didPop","screen":"B"}"#, pushB, pushC, pop,
            ], 1
        ),
        "todo": (
            [loginKim, #"{"type":"logout"}"#, #"{"type":"login","name":"lee"}"#, #"{"type":"logout"}"#, #"{"type":"login","name":"ann"}"#],
            0
        ),
        "flow": (
            [
                #"{"type":"step","step":"mainIsRequired"}"#, #"{"type":"step","step":"codingIsRequired"}"#, pop,
                #"{"type":"didPop","screen":"Main"}"#, #"{"type":"didPop","screen":"Main"}"#, #"{"type":"didDismiss","screen":"Main"}"#,
                #"{"type":"step","step":"mainIsRequired"}"#, #"{"type":"step","step":"codingIsRequired"}"#,
            ], 2
        ),
    ]

    // MARK: - 1. The same state, versions and history as the events one by one

    @Test(
        "each app reaches a deep state with one batch: the same bytes, ETag, history and stream frames as one by one",
        arguments: ["login", "navigation", "todo", "flow"])
    func sameAsOneByOne(app: String) throws {
        let walk = try #require(Self.walks[app])
        try withTestServer { client in
            // One by one: each version's answer.
            let single = try client.createSession(app: app)
            var answers: [Int: HTTPResult] = [:]
            var last: HTTPResult?
            for event in walk.events {
                let response = try client.send(single, event)
                try #require(response.status == 200, "\(event): \(response.text)")
                answers[try #require(response.etagVersion)] = response
                last = response
            }
            let final = try #require(last?.etagVersion)
            #expect(final == 1 + walk.events.count - walk.noOps, "the walk's no-ops are not what the table says")

            let batched = try client.createSession(app: app)
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(batched)/stream")
            #expect(try watcher.next().id == "1")
            let response = try client.send(batched, batch(walk.events))
            #expect(response.status == 200, "\(response.text)")
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("ETag") == "\"\(final)\"")
            #expect(anonymized(response.body, batched) == anonymized(try #require(last).body, single))
            // The answer is the state GET gives.
            let state = try client.state(batched)
            #expect(state.body == response.body)
            #expect(state.header("ETag") == response.header("ETag"))
            // The same history, entry for entry (versions and events; the times differ).
            let history = try client.history(batched)
            #expect(timeless(history.body) == timeless(try client.history(single).body))
            #expect(historyVersions(history) == Array(2...final))

            // One frame per version, after the batch, each the state of its version.
            for version in 2...final {
                let frame = try watcher.next()
                #expect(frame.event == "state" && frame.id == String(version))
                #expect(
                    anonymized(Array(frame.data.utf8), batched) == anonymized(try #require(answers[version]).body, single),
                    "version \(version)")
            }
            // ...and nothing else: the next thing on the stream is its end.
            #expect(try client.delete(batched).status == 204)
            let end = try watcher.next()
            #expect(end.event == "end", "after the batch's frames: \(end.event) \(end.id ?? "-")")
        }
    }

    // MARK: - 2. A refusal anywhere changes nothing

    @Test(
        "a batch refused at its first, a middle or its last event: nothing changed (state, ETag, history, stream); the problem names the event"
    )
    func refusalChangesNothing() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            try client.apply(id, Self.pushA)
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "3")

            // From Home with A pushed (version 3).
            let cases: [(events: [String], index: Int, code: String)] = [
                ([Self.pushA, Self.pushB], 0, "invalid_navigation"),
                ([Self.pop, Self.pop], 1, "invalid_navigation"),
                ([Self.pushB, Self.pushB, Self.pushC], 1, "invalid_navigation"),
                ([Self.pushB, Self.loginKim, Self.pop], 1, "event_not_handled"),
                ([Self.pushB, Self.pop, Self.pop, Self.pop], 3, "invalid_navigation"),
                // A presentation taken back, and a whole tree (HomeFlow detached, Login attached, HomeFlow again).
                ([Self.pushB, Self.presentProfile, Self.dismiss, Self.dismiss], 3, "invalid_navigation"),
                (
                    [
                        #"{"type":"logout"}"#, #"{"type":"login","name":"lee"}"#, Self.pushB, Self.presentProfile, #"{"type":"logout"}"#,
                        Self.pop,
                    ],
                    5, "event_not_handled"
                ),
                // A no-op first, then the refusal.
                ([#"{"type":"didPop","screen":"C"}"#, Self.pushA], 1, "invalid_navigation"),
                // A swipe of a name that is no screen of the app, after a change.
                ([Self.pushB, #"{"type":"didPop","screen":"Nowhere"}"#], 1, "event_not_handled"),
            ]
            for (events, index, code) in cases {
                let before = try client.snapshot(id)
                let refused = try client.send(id, batch(events))
                expectBatchProblem(refused, status: 409, code: code, index: index)
                try client.expectUnchanged(id, since: before)

                // The problem is the one the refused event gets alone at the point where the batch reached it.
                let mirror = try client.loggedInSession()
                try client.apply(mirror, Self.pushA)
                for event in events[..<index] {
                    let response = try client.send(mirror, event)
                    try #require(response.status == 200, "\(event): \(response.text)")
                }
                let alone = try client.send(mirror, events[index])
                expectProblem(alone, status: 409, code: code)
                #expect(alone.json?["index"] == nil)
                let detail = try #require(alone.json?["detail"] as? String)
                #expect(refused.json?["detail"] as? String == "event \(index): " + detail)
                #expect(try client.delete(mirror).status == 204)
            }

            // The stream heard of none of them: the next frame is the next change.
            let next = try client.send(id, Self.pushB)
            try #require(next.status == 200)
            let frame = try watcher.next()
            #expect(frame.event == "state" && frame.id == "4")
            #expect(frame.data == next.text)
        }
    }

    // MARK: - 3. Decoding

    @Test("decoding: a bad element names its index; `events` that is no array, empty or over --max-batch is refused whole; nothing changes")
    func decoding() throws {
        try withTestServer(configuration: ServiceConfiguration(maxBatchEvents: 3)) { client in
            let id = try client.loggedInSession()
            try client.apply(id, Self.pushA)

            let elementErrors: [(body: String, index: Int, code: String, detail: String?)] = [
                (batch([Self.pushB, "5"]), 1, "malformed_event", "event 1: the body must be a JSON object"),
                (batch([#"[{"type":"pop"}]"#]), 0, "malformed_event", "event 0: the body must be a JSON object"),
                (batch([Self.pushB, "null", Self.pop]), 1, "malformed_event", "event 1: the body must be a JSON object"),
                (batch([#"{"type":"push"}"#]), 0, "malformed_event", "event 0: `push` needs the string field `screen`"),
                (batch([Self.pushB, Self.pop, #"{"type":"warp"}"#]), 2, "unknown_event", nil),
                (batch([Self.pushB, #"{"type":"pop","type":"pop"}"#]), 1, "malformed_event", nil),
            ]
            for (body, index, code, detail) in elementErrors {
                let refused = try client.expectRefusal(id, body, status: 400, code: code)
                expectBatchProblem(refused, status: 400, code: code, index: index)
                if let detail { #expect(refused.json?["detail"] as? String == detail) }
            }
            let wholeErrors: [(body: String, detail: String)] = [
                (#"{"events":{"type":"pop"}}"#, "`events` must be an array of events"),
                (#"{"events":"pop"}"#, "`events` must be an array of events"),
                (#"{"events":null}"#, "`events` must be an array of events"),
                (#"{"events":[]}"#, "`events` must hold 1 to 3 events, not 0"),
                (batch([Self.pushB, Self.pop, Self.pushB, Self.pop]), "`events` must hold 1 to 3 events, not 4"),
                // Over the limit is refused before a bad element is looked at.
                (batch([Self.pushB, Self.pop, Self.pushB, "5"]), "`events` must hold 1 to 3 events, not 4"),
            ]
            for (body, detail) in wholeErrors {
                let refused = try client.expectRefusal(id, body, status: 400, code: "malformed_event")
                expectBatchProblem(refused, status: 400, code: "malformed_event", index: nil)
                #expect(refused.json?["detail"] as? String == detail, "\(body)")
            }

            // --max-batch events apply.
            let full = try client.send(id, batch([Self.pushB, Self.pop, Self.pushC]))
            expectState(full, Expected.login(id, version: 6, user: "kim", pages: ["A", "C"]))

            // A body with a `type` is one event, whatever its `events` say.
            let typed = try client.send(id, #"{"type":"pop","events":[{"type":"push","screen":"B"},{"type":"push","screen":"C"}]}"#)
            expectState(typed, Expected.login(id, version: 7, user: "kim", pages: ["A"]))
            let ignored = try client.send(id, #"{"events":[5,6,7,8],"type":"push","screen":"B"}"#)
            expectState(ignored, Expected.login(id, version: 8, user: "kim", pages: ["A", "B"]))
            let refusedAlone = try client.expectRefusal(
                id, #"{"type":"push","screen":"B","events":[{"type":"pop"}]}"#, status: 409, code: "invalid_navigation")
            expectBatchProblem(refusedAlone, status: 409, code: "invalid_navigation", index: nil)
            let entries = try #require(client.history(id).json?["events"] as? [NSDictionary])
            #expect(entries.suffix(2).map { $0["event"] as? NSDictionary } == [["type": "pop"], ["type": "push", "screen": "B"]])
        }
    }

    @Test("decoding at creation: `events: null` is none; empty, over --max-batch or a bad element is a 400 (with its index) and no session")
    func creationDecoding() throws {
        try withTestServer(configuration: ServiceConfiguration(maxBatchEvents: 2)) { client in
            let plain = try client.create(app: "login")
            let none = try client.request("POST", "/v1/sessions", body: #"{"app":"login","events":null}"#)
            #expect(none.status == 201, "\(none.text)")
            let noneID = try #require(none.json?["session"] as? String)
            #expect(none.header("ETag") == "\"1\"")
            #expect(anonymized(none.body, noneID) == anonymized(plain.body, try #require(plain.json?["session"] as? String)))
            #expect(client.service.sessionCount == 2)

            let refusals: [(body: String, code: String, index: Int?)] = [
                (#"{"app":"login","events":[]}"#, "malformed_event", nil),
                (#"{"app":"login","events":{}}"#, "malformed_event", nil),
                (#"{"app":"login","events":[{"type":"login","name":"kim"},{"type":"pop"},{"type":"pop"}]}"#, "malformed_event", nil),
                (#"{"app":"login","events":[{"type":"login","name":"kim"},"x"]}"#, "malformed_event", 1),
                (#"{"app":"login","events":[{"type":"warp"}]}"#, "unknown_event", 0),
                (#"{"events":[{"type":"login","name":"kim"},{"type":"login"}]}"#, "malformed_event", 1),
            ]
            for (body, code, index) in refusals {
                let before = try sessionGauge(client)
                let refused = try client.request("POST", "/v1/sessions", body: body)
                expectBatchProblem(refused, status: 400, code: code, index: index)
                #expect(refused.header("Location") == nil)
                #expect(try sessionGauge(client) == before, "\(body) made a session")
                #expect(client.service.sessionCount == 2)
            }
        }
    }

    // MARK: - 4. Idempotency-Key and If-Match cover the batch

    @Test(
        "Idempotency-Key on a batch: a retry gets the first answer byte for byte and applies nothing; another body is 422; a refused batch is not remembered"
    )
    func idempotentBatch() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "2")
            let key = ("Idempotency-Key", "batch-1")
            let body = batch([Self.pushA, Self.pushB, Self.pop, Self.pushC])
            let first = try client.send(id, body, headers: [key])
            expectState(first, Expected.login(id, version: 6, user: "kim", pages: ["A", "C"]))
            for version in 3...6 { #expect(try watcher.next().id == String(version)) }
            let applied = try client.snapshot(id)

            let retry = try client.send(id, body, headers: [key])
            #expect(retry.wire == first.wire)
            try client.expectUnchanged(id, since: applied)
            // Ahead of a stale If-Match, as a single event's retry is.
            #expect(try client.send(id, body, headers: [key, ("If-Match", "\"2\"")]).wire == first.wire)
            // The same key with another body: the same events spelled otherwise, fewer of them, or one event.
            for other in [batch([Self.pushA, Self.pushB, Self.pop, Self.pushC]) + " ", batch([Self.pushA, Self.pushB]), Self.pushB] {
                try client.expectRefusal(id, other, status: 422, code: "idempotency_key_reused", headers: [key])
            }
            // After the session moved on, still the first answer, and still nothing applied.
            let moved = try client.send(id, batch([Self.pushB, Self.pop]))
            expectState(moved, Expected.login(id, version: 8, user: "kim", pages: ["A", "C"]))
            let afterMove = try client.snapshot(id)
            #expect(try client.send(id, body, headers: [key]).wire == first.wire)
            try client.expectUnchanged(id, since: afterMove)

            // A refused keyed batch is not remembered: the same key then applies the batch once it is valid.
            let refusedKey = ("Idempotency-Key", "batch-2")
            let popAll = batch([Self.pop, Self.pop, Self.pop])
            let refused = try client.expectRefusal(id, popAll, status: 409, code: "invalid_navigation", headers: [refusedKey])
            expectBatchProblem(refused, status: 409, code: "invalid_navigation", index: 2)
            try client.apply(id, Self.pushB)
            let accepted = try client.send(id, popAll, headers: [refusedKey])
            expectState(accepted, Expected.login(id, version: 12, user: "kim"))
            #expect(try client.send(id, popAll, headers: [refusedKey]).wire == accepted.wire)

            // A keyed batch that changes nothing is answered, and remembered, at its version.
            let noOpKey = ("Idempotency-Key", "batch-3")
            let noOps = batch([#"{"type":"didPop","screen":"A"}"#, #"{"type":"didPop","screen":"B"}"#])
            let unchanged = try client.send(id, noOps, headers: [noOpKey])
            expectState(unchanged, Expected.login(id, version: 12, user: "kim"))
            try client.apply(id, Self.pushA)
            #expect(try client.send(id, noOps, headers: [noOpKey]).wire == unchanged.wire)

            // The stream heard each applied version once, and nothing of the retries or refusals.
            for version in 7...13 {
                let frame = try watcher.next()
                #expect(frame.id == String(version))
            }
            #expect(watcher.lastData == (try client.state(id)).text)
        }
    }

    @Test("If-Match on a batch: stale is 412 and nothing applied; current applies the whole batch; If-None-Match of the version is 412")
    func ifMatchBatch() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let body = batch([Self.pushA, Self.pushB])
            try client.apply(id, Self.pushC)
            for stale in ["\"2\"", "\"4\"", "\"1\", \"2\""] {
                let refused = try client.expectRefusal(id, body, status: 412, code: "version_mismatch", headers: [("If-Match", stale)])
                expectBatchProblem(refused, status: 412, code: "version_mismatch", index: nil)
            }
            try client.expectRefusal(id, body, status: 412, code: "version_mismatch", headers: [("If-None-Match", "\"3\"")])
            try client.expectRefusal(
                id, body, status: 412, code: "version_mismatch", headers: [("If-Match", "\"2\""), ("Idempotency-Key", "k")])
            // The key of a request refused by its precondition is free.
            let applied = try client.send(id, body, headers: [("If-Match", "\"3\""), ("Idempotency-Key", "k")])
            expectState(applied, Expected.login(id, version: 5, user: "kim", pages: ["C", "A", "B"]))
            // The whole batch moved the version: the version before its last event is stale too.
            try client.expectRefusal(id, Self.pop, status: 412, code: "version_mismatch", headers: [("If-Match", "\"4\"")])
        }
    }

    // MARK: - 5. Limits

    @Test(
        "--max-events crossed inside a batch: 409 event_limit naming the first event past it, nothing applied; reaching it exactly applies")
    func eventLimit() throws {
        try withTestServer(configuration: ServiceConfiguration(maxEventsPerSession: 4)) { client in
            let id = try client.loggedInSession()
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "2")
            // One applied, room for three more.
            for (events, index) in [
                ([Self.pushA, Self.pushB, Self.pushC, Self.pop], 3), ([Self.pushA, Self.pop, Self.pushB, Self.pop, Self.pushC], 3),
            ] {
                let refused = try client.expectRefusal(id, batch(events), status: 409, code: "event_limit")
                expectBatchProblem(refused, status: 409, code: "event_limit", index: index)
                #expect(
                    refused.json?["detail"] as? String
                        == "event \(index): the session has applied its maximum of 4 events; start a new session")
            }
            // A no-op does not count against the limit.
            let exactly = try client.send(id, batch([Self.pushA, #"{"type":"didPop","screen":"B"}"#, Self.pushB, Self.pushC]))
            #expect(exactly.status == 200 && exactly.etagVersion == 5, "\(exactly.text)")
            // At the limit the state accepts nothing, byte for byte as when the same events come one by one.
            #expect(exactly.json?["accepts"] as? [String] == [])
            let mirror = try client.loggedInSession()
            try client.apply(mirror, Self.pushA, Self.pushB, Self.pushC)
            #expect(anonymized(exactly.body, id) == anonymized(try client.state(mirror).body, mirror))
            for version in 3...5 { #expect(try watcher.next().id == String(version)) }
            let refused = try client.expectRefusal(id, batch([Self.pop]), status: 409, code: "event_limit")
            expectBatchProblem(refused, status: 409, code: "event_limit", index: 0)

            // The same limit at a creation: past it, no session.
            let count = client.service.sessionCount
            let created = try client.request(
                "POST", "/v1/sessions",
                body: #"{"app":"navigation","events":["#
                    + [Self.pushA, Self.pushB, Self.pushC, Self.pop, Self.pop].joined(separator: ",") + "]}")
            expectBatchProblem(created, status: 409, code: "event_limit", index: 4)
            #expect(client.service.sessionCount == count)
            let atLimit = try client.request(
                "POST", "/v1/sessions",
                body: #"{"app":"navigation","events":["#
                    + [Self.pushA, Self.pushB, Self.pushC, Self.pop].joined(separator: ",") + "]}")
            #expect(atLimit.status == 201 && atLimit.etagVersion == 5, "\(atLimit.text)")
            #expect(atLimit.json?["accepts"] as? [String] == [])
        }
    }

    @Test("the memory limit inside a batch: 503 memory_limit naming the event, nothing applied, the held bytes as they were")
    func memoryLimit() throws {
        try withTestServer(configuration: ServiceConfiguration(maxHeldBytes: 1000)) { client in
            let id = try client.createSession(app: "navigation")
            let memory = client.service.heldMemory
            let before = try client.snapshot(id)
            let held = memory.recordBytes
            // Far more than fits: push and pop A, 50 times.
            let events = Array(repeating: [Self.pushA, Self.pop], count: 50).flatMap { $0 }
            let refused = try client.expectRefusal(id, batch(events), status: 503, code: "memory_limit")
            let index = try #require(refused.json?["index"] as? Int)
            #expect(index > 2 && index < events.count, "refused at \(index)")
            expectBatchProblem(refused, status: 503, code: "memory_limit", index: index)
            #expect(refused.header("Retry-After") != nil)
            #expect(memory.recordBytes == held, "the refused batch's events are still held")
            try client.expectUnchanged(id, since: before)
            // The room is there again: as many events as fitted apply one by one.
            for event in events[..<index] { try client.apply(id, event) }
            #expect(try client.state(id).etagVersion == 1 + index)
            #expect(try client.send(id, batch(events)).status == 503)
        }
    }

    // MARK: - 6. Creation at a deep point

    @Test("creation with events: 201 at the final version with Location and ETag; a refused event makes no session; an unknown app is 422")
    func creation() throws {
        try withTestServer { client in
            let metricsBefore = try sessionGauge(client)
            let body =
                #"{"app":"login","events":["#
                + [
                    Self.loginKim, Self.pushA, #"{"type":"didPop","screen":"B"}"#, Self.pushB,
                    Self.presentProfile,
                ].joined(separator: ",") + "]}"
            let created = try client.request("POST", "/v1/sessions", body: body)
            let id = try #require(created.json?["session"] as? String)
            expectState(
                created, Expected.login(id, version: 5, user: "kim", pages: ["A", "B"], presented: ("Profile", "pageSheet")), status: 201)
            #expect(created.header("Location") == "/v1/sessions/\(id)")
            #expect(try client.state(id).body == created.body)
            #expect(try sessionGauge(client) == metricsBefore + 1)
            let history = try client.history(id)
            #expect(historyVersions(history) == [2, 3, 4, 5])
            // The same history as the events sent one by one.
            let mirror = try client.createSession(app: "login")
            try client.apply(mirror, Self.loginKim, Self.pushA, Self.pushB, Self.presentProfile)
            #expect(timeless(history.body) == timeless(try client.history(mirror).body))
            #expect(anonymized(created.body, id) == anonymized(try client.state(mirror).body, mirror))
            // It goes on from there.
            expectState(try client.send(id, Self.dismiss), Expected.login(id, version: 6, user: "kim", pages: ["A", "B"]))

            // Without an app: the default one.
            let byDefault = try client.request("POST", "/v1/sessions", body: #"{"events":[{"type":"login","name":"kim"}]}"#)
            let defaultID = try #require(byDefault.json?["session"] as? String)
            expectState(byDefault, Expected.login(defaultID, version: 2, user: "kim"), status: 201)

            // A refusal at any point: its problem, with the index, and no session.
            let count = try sessionGauge(client)
            let refusals: [(events: [String], index: Int, code: String)] = [
                ([Self.pushA], 0, "event_not_handled"),
                ([Self.loginKim, Self.pushA, Self.pushA], 2, "invalid_navigation"),
                ([Self.loginKim, Self.pushA, Self.pushB, Self.loginKim], 3, "event_not_handled"),
            ]
            for (events, index, code) in refusals {
                let refused = try client.request(
                    "POST", "/v1/sessions", body: #"{"app":"login","events":["# + events.joined(separator: ",") + "]}")
                expectBatchProblem(refused, status: 409, code: code, index: index)
                #expect(refused.header("Location") == nil)
                #expect(try sessionGauge(client) == count)
            }
            #expect(client.service.sessionCount == count)

            // An unknown app is 422 whatever its events, which are never applied.
            for events in [[Self.loginKim], [Self.pushA, Self.pushA]] {
                let unknown = try client.request(
                    "POST", "/v1/sessions", body: #"{"app":"nope","events":["# + events.joined(separator: ",") + "]}")
                expectBatchProblem(unknown, status: 422, code: "unknown_app", index: nil)
            }
            #expect(try sessionGauge(client) == count)
        }
    }

    // MARK: - 7. Concurrency

    @Test(
        "64 clients on one session, half sending push-A/pop batches, half single events: no gaps, unique versions, each batch's versions adjacent"
    )
    func concurrentBatches() throws {
        var server = testServerConfiguration(threads: 4)
        server.perIPConnectionLimit = 128
        try withTestServer(server: server) { client in
            let id = try client.loggedInSession()
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "2")
            // Read while the clients write (a watcher that falls a MiB behind is skipped ahead), up to the
            // push of C sent once they are done: no other request pushes C.
            let frames = StreamReader(watcher) { $0.contains(#""top":"C""#) }

            struct Answer: Sendable {
                let batch: Bool
                let event: String
                let status: Int
                let version: Int?
                let bodyVersion: Int?
                let code: String?
            }
            let answers = Lock<[Answer]>([])
            let port = client.port, service = client.service
            let pair = batch([Self.pushA, Self.pop])
            let deadline = ContinuousClock.now + .seconds(60)
            let started = ContinuousClock.now
            onThreads(64) { index in
                let http = ServiceClient(port: port, service: service)
                var mine: [Answer] = []
                for round in 0..<12 where ContinuousClock.now < deadline {
                    // Batches always apply: A is on the stack only inside one. Singles push and pop B, and are
                    // refused (409) when another single got there first.
                    let isBatch = index % 2 == 0
                    let body = isBatch ? pair : (round % 2 == 0 ? Self.pushB : Self.pop)
                    do {
                        let response = try http.send(id, body)
                        mine.append(
                            Answer(
                                batch: isBatch, event: body, status: response.status, version: response.etagVersion,
                                bodyVersion: response.json?["version"] as? Int, code: response.json?["code"] as? String))
                    } catch {
                        mine.append(Answer(batch: isBatch, event: body, status: -1, version: nil, bodyVersion: nil, code: "\(error)"))
                    }
                }
                answers.withLock { $0 += mine }
            }
            #expect(ContinuousClock.now - started < .seconds(90))
            let all = answers.withLock { $0 }
            #expect(all.count == 64 * 12, "a client ran out of time")
            let batches = all.filter(\.batch), singles = all.filter { !$0.batch }
            #expect(batches.allSatisfy { $0.status == 200 }, "a batch was refused: \(batches.filter { $0.status != 200 }.prefix(3))")
            #expect(
                singles.allSatisfy { $0.status == 200 || ($0.status == 409 && $0.code == "invalid_navigation") },
                "\(singles.filter { $0.status != 200 && $0.status != 409 }.prefix(3))")
            let ok = all.filter { $0.status == 200 }
            #expect(ok.allSatisfy { $0.version != nil && $0.version == $0.bodyVersion }, "an answer whose ETag is not its body's version")
            // Every 200 here changed the session: each answer has its own version.
            let versions = ok.compactMap(\.version)
            #expect(Set(versions).count == versions.count, "a version answered twice")

            // The history: versions 2...N without a gap, each batch's push of A right before its pop.
            let state = try client.state(id)
            let final = try #require(state.etagVersion)
            let entries = try #require(client.history(id).json?["events"] as? [NSDictionary])
            #expect(entries.compactMap { $0["version"] as? Int } == Array(2...final))
            #expect(final == 2 + 2 * batches.count + singles.filter { $0.status == 200 }.count)
            let events = entries.map {
                ($0["event"] as? NSDictionary).map { ($0["type"] as? String ?? "?") + ($0["screen"] as? String ?? "") } ?? "?"
            }
            for batchVersion in batches.compactMap(\.version) {
                let offset = batchVersion - 2  // the entry of version v is at v - 2
                #expect(
                    events[offset] == "pop" && offset > 0 && events[offset - 1] == "pushA",
                    "batch answered at \(batchVersion): \(events[max(0, offset - 2)...min(events.count - 1, offset + 1)])")
            }
            #expect(events.filter { $0 == "pushA" }.count == batches.count, "a push of A outside a batch's pair")
            // B is on the stack when the singles pushed it once more than they popped it.
            let singlePops = events.filter { $0 == "pop" }.count - batches.count
            let bPushed = events.filter { $0 == "pushB" }.count - singlePops
            #expect(bPushed == 0 || bPushed == 1, "pushes of B \(bPushed) ahead of the singles' pops")
            #expect(state.json?["stack"] as? [String] == (bPushed == 1 ? ["Home", "B"] : ["Home"]))

            // The stream saw every version once, in order.
            let marker = try client.send(id, Self.pushC)
            try #require(marker.status == 200 && marker.etagVersion == final + 1, "\(marker.text)")
            let (seen, lastData, failure) = try #require(frames.wait(seconds: 30), "the stream reader did not finish")
            #expect(failure == nil, "\(failure ?? "")")
            #expect(seen == Array(3...(final + 1)))
            #expect(lastData == marker.text)
        }
    }

    // MARK: - 8. A real store across restarts

    @Test("SQLite store: batches and a creation with events come back after restarts (state, ETag, history, keyed answers byte for byte)")
    func restart() throws {
        try withDataDirectory { directory in
            let keyed = batch([Self.pushA, Self.pushB, Self.pop])
            let first = try withStoredServer(directory: directory) { client, _, _ in
                let deep = try client.request(
                    "POST", "/v1/sessions",
                    body: #"{"app":"navigation","events":[{"type":"push","screen":"A"},{"type":"push","screen":"B"}]}"#)
                try #require(deep.status == 201, "\(deep.text)")
                let deepID = try #require(deep.json?["session"] as? String)
                let id = try client.loggedInSession()
                let answer = try client.send(id, keyed, headers: [("Idempotency-Key", "k-batch")])
                try #require(answer.status == 200 && answer.etagVersion == 5, "\(answer.text)")
                try client.apply(id, batch([Self.pushB, Self.presentProfile]))
                // Refused: not stored either.
                expectProblem(try client.send(id, batch([Self.dismiss, Self.dismiss])), status: 409, code: "invalid_navigation")
                expectProblem(
                    try client.request("POST", "/v1/sessions", body: #"{"events":[{"type":"login","name":"x"},{"type":"pop"}]}"#),
                    status: 409, code: "invalid_navigation")
                return (id: id, deep: deepID, answer: answer.wire, snapshots: [try client.snapshot(id), try client.snapshot(deepID)])
            }
            let afterRestart = try withStoredServer(directory: directory) { client, _, restored in
                #expect(restored == 2)
                try client.expectUnchanged(first.id, since: first.snapshots[0])
                try client.expectUnchanged(first.deep, since: first.snapshots[1])
                #expect(historyVersions(try client.history(first.id)) == Array(2...7))
                // The keyed batch's retry: the first answer, nothing applied again.
                #expect(try client.send(first.id, keyed, headers: [("Idempotency-Key", "k-batch")]).wire == first.answer)
                try client.expectRefusal(
                    first.id, batch([Self.pushA]), status: 422, code: "idempotency_key_reused",
                    headers: [("Idempotency-Key", "k-batch")])
                try client.expectUnchanged(first.id, since: first.snapshots[0])
                // Life goes on with another batch, stored too.
                expectState(
                    try client.send(first.id, batch([Self.dismiss, Self.pop, Self.pushC])),
                    Expected.login(first.id, version: 10, user: "kim", pages: ["A", "C"]))
                expectState(
                    try client.send(first.deep, batch([Self.pushC, Self.pop, Self.pop])),
                    Expected.navigation(first.deep, version: 6, pages: ["A"]))
                return [try client.snapshot(first.id), try client.snapshot(first.deep)]
            }
            try withStoredServer(directory: directory) { client, _, restored in
                #expect(restored == 2)
                try client.expectUnchanged(first.id, since: afterRestart[0])
                try client.expectUnchanged(first.deep, since: afterRestart[1])
                #expect(try client.send(first.id, keyed, headers: [("Idempotency-Key", "k-batch")]).wire == first.answer)
            }
        }
    }

    @Test("SQLite store that cannot commit a batch: 503 store_unavailable, the session as before, its stream told nothing")
    func storeRefusesBatch() throws {
        try withDataDirectory { directory in
            try withStoredServer(directory: directory) { client, store, _ in
                let (id, watcher, before) = try client.watchedLoggedInSession()
                let held = client.service.heldMemory.recordBytes
                store.close()
                for _ in 0..<2 {
                    let refused = try client.send(
                        id, batch([Self.pushA, Self.pushB, Self.presentProfile]), headers: [("Idempotency-Key", "k")])
                    expectProblem(refused, status: 503, code: "store_unavailable")
                    try client.expectUnchanged(id, since: before)
                }
                #expect(client.service.heldMemory.recordBytes == held)
                let count = client.service.sessionCount
                expectProblem(
                    try client.request("POST", "/v1/sessions", body: #"{"events":[{"type":"login","name":"kim"}]}"#),
                    status: 503, code: "store_unavailable")
                #expect(client.service.sessionCount == count)
                client.service.endStreams()
                let next = try watcher.next()
                #expect(next.event == "end", "got \(next.event) \(next.id ?? "-") \(next.data)")
            }
        }
    }
}

// MARK: - Helpers

/// Reads a stream's frames on a thread of its own until one whose data `isLast` says ends it (or the stream
/// fails: its receive timeout is 10 s).
private final class StreamReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written by the reader thread only, read after `done` is signalled.
    private var seen: [Int] = []
    private var lastData = ""
    private var failure: String?

    init(_ watcher: EventStreamClient, isLast: @escaping @Sendable (String) -> Bool) {
        // Read by that thread alone until `wait` returns.
        nonisolated(unsafe) let watcher = watcher
        let thread = Thread { [self] in
            defer { done.signal() }
            do {
                while true {
                    let frame = try watcher.next()
                    seen.append(Int(frame.id ?? "") ?? -1)
                    lastData = frame.data
                    if isLast(frame.data) { return }
                }
            } catch {
                failure = "\(error)"
            }
        }
        thread.start()
    }

    /// The frames' ids, the last frame's data and the failure that ended the reading, if any; nil when the
    /// reader did not finish in time.
    func wait(seconds: Int) -> (seen: [Int], lastData: String, failure: String?)? {
        guard done.wait(timeout: .now() + .seconds(seconds)) == .success else { return nil }
        return (seen, lastData, failure)
    }
}

/// `{"events":[...]}` of the given event bodies.
private func batch(_ events: [String]) -> String {
    #"{"events":["# + events.joined(separator: ",") + "]}"
}

/// A state document with its session id blanked: two sessions' states compare as bytes otherwise.
private func anonymized(_ body: [UInt8], _ id: String) -> String {
    String(decoding: body, as: UTF8.self).replacingOccurrences(of: #""session":"\#(id)""#, with: #""session":"-""#)
}

/// A history document without its times.
private func timeless(_ body: [UInt8]) -> String {
    String(decoding: body, as: UTF8.self).replacing(/,"at":"[^"]*"/, with: "")
}

private func historyVersions(_ history: HTTPResult) -> [Int] {
    ((history.json?["events"] as? [NSDictionary]) ?? []).compactMap { $0["version"] as? Int }
}

/// `ribsd_sessions` in `/metrics`.
private func sessionGauge(_ client: ServiceClient) throws -> Int {
    Int(try #require(try parsePrometheus(try client.get("/metrics").text)["ribsd_sessions"]))
}

/// A problem as `expectProblem` checks it, with the batch's `index` (an integer member, and the detail's prefix),
/// or without one.
private func expectBatchProblem(
    _ response: HTTPResult, status: Int, code: String, index: Int?, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectProblem(response, status: status, code: code, sourceLocation: sourceLocation)
    let detail = response.json?["detail"] as? String ?? ""
    if let index {
        #expect(response.json?["index"] as? Int == index, "\(response.text)", sourceLocation: sourceLocation)
        #expect(
            response.text.contains(#","index":\#(index)"#) || response.text.contains(#"{"index":\#(index)"#),
            "index is not an integer member: \(response.text)", sourceLocation: sourceLocation)
        #expect(detail.hasPrefix("event \(index): "), "\(detail)", sourceLocation: sourceLocation)
    } else {
        #expect(response.json?["index"] == nil, "\(response.text)", sourceLocation: sourceLocation)
        #expect(!detail.hasPrefix("event "), "\(detail)", sourceLocation: sourceLocation)
    }
}
