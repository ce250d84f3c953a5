import Foundation
import SessionService
import TestSupport
import Testing

@Suite("Idempotency-Key")
struct IdempotencyTests {
    @Test("the same key and body replays the first answer byte for byte and applies nothing")
    func replay() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let key = ("Idempotency-Key", "push-A-1")
            let first = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [key])
            expectState(first, Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            let afterFirst = try client.snapshot(id)

            let retry = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [key])
            #expect(retry.status == first.status)
            #expect(retry.body == first.body)
            #expect(retry.header("ETag") == first.header("ETag"))
            try client.expectUnchanged(id, since: afterFirst)

            // Still the first answer after the session moved on, and still nothing applied.
            try client.apply(id, #"{"type":"push","screen":"B"}"#)
            let moved = try client.snapshot(id)
            let late = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [key])
            #expect(late.status == 200)
            #expect(late.body == first.body)
            #expect(late.header("ETag") == "\"3\"")
            try client.expectUnchanged(id, since: moved)
            expectState(try client.state(id), Expected.login(id, version: 4, user: "kim", pages: ["A", "B"]))
        }
    }

    @Test("whitespace around the key is not part of it: a retry that drops or adds it names the same key")
    func keyWhitespace() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let push = #"{"type":"push","screen":"A"}"#
            let first = try client.send(id, push, headers: [("Idempotency-Key", "k1 \t")])
            expectState(first, Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            let applied = try client.snapshot(id)
            for spelling in ["k1", "k1 ", " k1\t"] {
                #expect(
                    try client.send(id, push, headers: [("Idempotency-Key", spelling)]).body == first.body, "\(spelling.debugDescription)")
            }
            try client.expectUnchanged(id, since: applied)
            // Inside the key, whitespace is part of it.
            try client.expectRefusal(id, push, status: 409, code: "invalid_navigation", headers: [("Idempotency-Key", "k 1")])
        }
    }

    @Test("the same key with another body is 422 idempotency_key_reused")
    func reusedKey() throws {
        try withTestServer { client in
            let id = try client.createSession()
            #expect(try client.send(id, #"{"type":"login","name":"kim"}"#, headers: [("Idempotency-Key", "k")]).status == 200)
            try client.expectRefusal(
                id, #"{"type":"login","name":"lee"}"#, status: 422, code: "idempotency_key_reused", headers: [("Idempotency-Key", "k")])
            try client.expectRefusal(
                id, #"{"type":"push","screen":"A"}"#, status: 422, code: "idempotency_key_reused", headers: [("Idempotency-Key", "k")])
            // Another key is free.
            expectState(
                try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "k2")]),
                Expected.login(id, version: 3, user: "kim", pages: ["A"]))
        }
    }

    @Test("a key whose first request failed is not remembered")
    func failedFirstRequestIsForgotten() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            // 409, then the same key with a valid body succeeds.
            try client.expectRefusal(id, #"{"type":"pop"}"#, status: 409, code: "invalid_navigation", headers: [("Idempotency-Key", "k1")])
            expectState(
                try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "k1")]),
                Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            // 409, then the very same request once it has become valid is applied, not replayed.
            try client.expectRefusal(
                id, #"{"type":"push","screen":"A"}"#, status: 409, code: "invalid_navigation", headers: [("Idempotency-Key", "k2")])
            try client.apply(id, #"{"type":"pop"}"#)
            expectState(
                try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "k2")]),
                Expected.login(id, version: 5, user: "kim", pages: ["A"]))
            // 400 and 412 are not remembered either.
            try client.expectRefusal(id, #"{"type":"push"}"#, status: 400, code: "malformed_event", headers: [("Idempotency-Key", "k3")])
            try client.expectRefusal(
                id, #"{"type":"push","screen":"B"}"#, status: 412, code: "version_mismatch",
                headers: [("Idempotency-Key", "k4"), ("If-Match", "\"1\"")])
            expectState(
                try client.send(id, #"{"type":"push","screen":"B"}"#, headers: [("Idempotency-Key", "k3")]),
                Expected.login(id, version: 6, user: "kim", pages: ["A", "B"]))
            expectState(
                try client.send(id, #"{"type":"push","screen":"C"}"#, headers: [("Idempotency-Key", "k4")]),
                Expected.login(id, version: 7, user: "kim", pages: ["A", "B", "C"]))
        }
    }

    @Test("an empty key, one over 255 bytes or two keys are 400 invalid_header and apply nothing; 255 bytes is a key")
    func invalidKey() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let push = #"{"type":"push","screen":"A"}"#
            for key in ["", " \t ", String(repeating: "k", count: 256)] {
                let refused = try client.expectRefusal(id, push, status: 400, code: "invalid_header", headers: [("Idempotency-Key", key)])
                #expect(refused.json?["detail"] as? String == "Idempotency-Key must be 1 to 255 bytes")
            }
            // Two keys, the same or not, name no one request to repeat.
            for second in ["one", "two"] {
                let refused = try client.expectRefusal(
                    id, push, status: 400, code: "invalid_header",
                    headers: [("Idempotency-Key", "one"), ("Idempotency-Key", second)])
                #expect(refused.json?["detail"] as? String == "Idempotency-Key must be sent once")
            }
            let longest = [("Idempotency-Key", String(repeating: "k", count: 255))]
            let first = try client.send(id, push, headers: longest)
            expectState(first, Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            #expect(try client.send(id, push, headers: longest).body == first.body)
        }
    }

    @Test("keys are compared byte for byte: bytes that are not UTF-8, and canonically equivalent texts, are different keys")
    func keysAreBytes() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            func push(_ screen: String, key: [UInt8]) throws -> HTTPResult {
                try client.http.request(
                    "POST", "/v1/sessions/\(id)/events", body: Array(#"{"type":"push","screen":"\#(screen)"}"#.utf8),
                    headers: [("Content-Type", "application/json")], rawHeaders: [("Idempotency-Key", key)])
            }
            // \xff and \xfe would both read as U+FFFD; "é" and "e" + U+0301 are equal as Swift strings.
            expectState(try push("A", key: [0xFF]), Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            expectState(try push("B", key: [0xFE]), Expected.login(id, version: 4, user: "kim", pages: ["A", "B"]))
            expectState(try push("C", key: [0xC3, 0xA9]), Expected.login(id, version: 5, user: "kim", pages: ["A", "B", "C"]))
            try client.apply(id, #"{"type":"pop"}"#)
            expectState(try push("C", key: [0x65, 0xCC, 0x81]), Expected.login(id, version: 7, user: "kim", pages: ["A", "B", "C"]))
            // Each key replays its own first answer.
            expectState(try push("A", key: [0xFF]), Expected.login(id, version: 3, user: "kim", pages: ["A"]))
            expectState(try push("B", key: [0xFE]), Expected.login(id, version: 4, user: "kim", pages: ["A", "B"]))
            // 255 bytes that are not UTF-8 are a key of 255 bytes, not of 765 (255 replacement characters).
            let long = [UInt8](repeating: 0x80, count: 255)
            try client.apply(id, #"{"type":"pop"}"#)
            expectState(try push("C", key: long), Expected.login(id, version: 9, user: "kim", pages: ["A", "B", "C"]))
        }
    }

    @Test("a body near the size limit: the same bytes replay the first answer, one byte changed is 422")
    func largeBodies() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let padding = String(repeating: " ", count: 60_000)
            func push(_ screen: String) -> String { #"{"type":"push",\#(padding)"screen":"\#(screen)"}"# }
            let key = [("Idempotency-Key", "large")]
            let first = try client.send(id, push("A"), headers: key)
            expectState(first, Expected.login(id, version: 3, user: "kim", pages: ["A"]))

            let retry = try client.send(id, push("A"), headers: key)
            #expect(retry.status == 200 && retry.body == first.body)
            try client.expectRefusal(id, push("B"), status: 422, code: "idempotency_key_reused", headers: key)
            expectState(try client.state(id), Expected.login(id, version: 3, user: "kim", pages: ["A"]))
        }
    }

    @Test("keys belong to their session")
    func keysPerSession() throws {
        try withTestServer { client in
            let first = try client.createSession()
            let second = try client.createSession()
            let key = [("Idempotency-Key", "shared")]
            expectState(
                try client.send(first, #"{"type":"login","name":"kim"}"#, headers: key), Expected.login(first, version: 2, user: "kim"))
            expectState(
                try client.send(second, #"{"type":"login","name":"kim"}"#, headers: key), Expected.login(second, version: 2, user: "kim"))
        }
    }

    @Test("at least the last 1,000 keys are kept")
    func thousandKeys() throws {
        try withTestServer { client in
            let id = try client.loggedInSession()
            let first = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "key-0")])
            #expect(first.status == 200)
            for index in 1..<1000 {
                // A report of a screen already gone (B was never pushed): succeeds and changes nothing.
                let response = try client.send(id, #"{"type":"didPop","screen":"B"}"#, headers: [("Idempotency-Key", "key-\(index)")])
                try #require(response.status == 200)
            }
            try client.apply(id, #"{"type":"pop"}"#)
            let replay = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "key-0")])
            #expect(replay.body == first.body, "key-0 was forgotten among the last 1,000")
            expectState(try client.state(id), Expected.login(id, version: 4, user: "kim"))
        }
    }

    @Test("ServiceConfiguration.idempotencyKeysPerSession above 1,000 is honoured")
    func configuredKeyLimit() throws {
        try withTestServer(configuration: ServiceConfiguration(idempotencyKeysPerSession: 1100)) { client in
            let id = try client.loggedInSession()
            let first = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "key-0")])
            for index in 1..<1050 {
                let response = try client.send(id, #"{"type":"didPop","screen":"B"}"#, headers: [("Idempotency-Key", "key-\(index)")])
                try #require(response.status == 200)
            }
            try client.apply(id, #"{"type":"pop"}"#)
            let replay = try client.send(id, #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "key-0")])
            #expect(replay.text == first.text)
            expectState(try client.state(id), Expected.login(id, version: 4, user: "kim"))
        }
    }
}
