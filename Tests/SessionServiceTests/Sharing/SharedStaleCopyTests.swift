import Foundation
import TestSupport
import Testing

@testable import SessionService

/// An instance whose copy of a session is behind the store (another instance moved the session on): every
/// answer it gives is the store's version's, never its old copy's.
@Suite("many instances through Redis: a copy that is behind", .serialized)
struct SharedStaleCopyTests {
    static let push = #"{"type":"push","screen":"C"}"#

    /// A `navigation` session made on `a` (which holds its copy at version 1) and taken to version 4 on `b`;
    /// returns its id and `b`'s last answer.
    static func movedOn(_ a: ServiceClient, _ b: ServiceClient) throws -> (id: String, last: HTTPResult) {
        let id = try a.createSession(app: "navigation")
        #expect(try a.state(id).etagVersion == 1)
        try b.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#)
        let last = try b.send(id, #"{"type":"pop"}"#)
        try #require(last.status == 200 && last.etagVersion == 4, "\(last.text)")
        return (id, last)
    }

    @Test(
        "a copy hundreds of versions behind catches up exactly: its state and history, and every kept key answered byte for byte"
    )
    func farBehind() throws {
        let redis = try SharedRedis()
        try withSharedServers(2, redis: redis) { clients in
            let (a, b) = (clients[0], clients[1])
            let id = try a.createSession(app: "navigation")
            #expect(try a.state(id).etagVersion == 1)
            // On b: 300 changes (events, a few rewinds and links among them), some with an Idempotency-Key.
            var stack = ["Navigation"]
            var version = 1
            var kept: [(key: String, path: String, body: String, answer: HTTPResult)] = []
            for step in 0..<300 {
                let (path, body): (String, String) =
                    switch step % 50 {
                    case 17: ("/v1/sessions/\(id)/rewind", #"{"version":\#(version / 2 + 1)}"#)
                    case 33: ("/v1/sessions/\(id)/links", #"{"url":"app://navigation/C"}"#)
                    default: ("/v1/sessions/\(id)/events", SharedStoreTests.nextEvent(stack))
                    }
                let key = step % 23 == 5 ? "key-\(step)" : nil
                let answer = try b.request("POST", path, body: body, headers: key.map { [("Idempotency-Key", $0)] } ?? [])
                try #require(answer.status == 200, "step \(step): \(answer.text)")
                version = try #require(answer.etagVersion)
                stack = answer.json?["stack"] as? [String] ?? []
                if let key { kept.append((key, path, body, answer)) }
            }
            let last = try b.state(id)
            // Retried on a (its copy at version 1): each gets b's answer, byte for byte, and changes nothing. The
            // first lands on the old copy, is refused by the store and catches up; the others find the copy current.
            for retry in kept {
                let answer = try a.request("POST", retry.path, body: retry.body, headers: [("Idempotency-Key", retry.key)])
                #expect(answer.status == 200, "\(retry.key): \(answer.text)")
                #expect(answer.body == retry.answer.body, "\(retry.key): not the first answer")
                #expect(answer.header("ETag") == retry.answer.header("ETag"))
            }
            let caughtUp = try a.state(id)
            #expect(version > 290 && caughtUp.etagVersion == version)
            #expect(caughtUp.body == last.body, "a's state is not b's")
            #expect(try a.history(id).body == b.history(id).body, "a's history is not b's")
            // And it goes on from there, on either.
            let next = try a.send(id, SharedStoreTests.nextEvent(stack))
            #expect(next.status == 200 && next.etagVersion == version + 1, "\(next.text)")
            #expect(try b.state(id).body == next.body)
        }
    }

    @Test("DELETE with If-Match on a copy behind: the new version deletes (204), the old one is 412 and deletes nothing")
    func deleteIfMatch() throws {
        let redis = try SharedRedis()
        try withSharedServers(2, redis: redis) { clients in
            let (a, b) = (clients[0], clients[1])
            let (current, _) = try Self.movedOn(a, b)
            #expect(try a.delete(current, headers: [("If-Match", #""4""#)]).status == 204)
            expectProblem(try b.state(current), status: 404, code: "session_not_found")
            expectProblem(try a.state(current), status: 404, code: "session_not_found")

            let (old, last) = try Self.movedOn(a, b)
            expectProblem(try a.delete(old, headers: [("If-Match", #""1""#)]), status: 412, code: "version_mismatch")
            let after = try b.state(old)
            #expect(after.status == 200 && after.body == last.body, "deleted, or changed, by a refused DELETE")
            #expect(try a.state(old).body == last.body)
            // If-None-Match of the store's version refuses too, on a copy that only has older ones.
            let (matched, _) = try Self.movedOn(a, b)
            expectProblem(try a.delete(matched, headers: [("If-None-Match", #""4""#)]), status: 412, code: "version_mismatch")
            #expect(try b.state(matched).status == 200)
        }
    }

    @Test("a DELETE on a copy of a session another instance deleted is session_not_found")
    func deleteDeleted() throws {
        let redis = try SharedRedis()
        try withSharedServers(2, redis: redis) { clients in
            let (a, b) = (clients[0], clients[1])
            let (id, _) = try Self.movedOn(a, b)
            #expect(try b.delete(id).status == 204)
            expectProblem(try a.delete(id), status: 404, code: "session_not_found")
        }
    }

    @Test("each path that reads a version or checks one answers the store's version on a copy behind")
    func everyPath() throws {
        let redis = try SharedRedis()
        try withSharedServers(2, redis: redis) { clients in
            let (a, b) = (clients[0], clients[1])
            let newest = [("If-Match", #""4""#)]
            // Changes with If-Match of b's version: applied on a, at version 5.
            let changes: [(String, String)] = [
                ("events", Self.push), ("events", #"{"events":[\#(Self.push)]}"#), ("rewind", #"{"version":3}"#),
                ("links", #"{"url":"app://navigation/C"}"#),
            ]
            for (path, body) in changes {
                let (id, _) = try Self.movedOn(a, b)
                let answer = try a.request("POST", "/v1/sessions/\(id)/\(path)", body: body, headers: newest)
                #expect(answer.status == 200 && answer.etagVersion == 5, "\(path) with If-Match \"4\": \(answer.text)")
                // With the old version's: refused, nothing applied.
                let (stale, last) = try Self.movedOn(a, b)
                let refused = try a.request("POST", "/v1/sessions/\(stale)/\(path)", body: body, headers: [("If-Match", #""1""#)])
                expectProblem(refused, status: 412, code: "version_mismatch")
                #expect(try b.state(stale).body == last.body, "\(path) with If-Match \"1\" changed the session")
            }
            // A rewind to a version only the store has yet (3: the copy is at 1).
            let (rewound, _) = try Self.movedOn(a, b)
            let rewind = try a.request("POST", "/v1/sessions/\(rewound)/rewind", body: #"{"version":3}"#)
            #expect(rewind.status == 200 && rewind.etagVersion == 5, "\(rewind.text)")
            // Reads: a past version the old copy does not have, a diff to it, the history, the state's tags.
            let (read, last) = try Self.movedOn(a, b)
            let past = try a.get("/v1/sessions/\(read)?version=3")
            #expect(past.status == 200 && past.etagVersion == 3, "\(past.text)")
            #expect(try past.body == b.get("/v1/sessions/\(read)?version=3").body)
            let (diffed, _) = try Self.movedOn(a, b)
            let diff = try a.get("/v1/sessions/\(diffed)/diff?from=1&to=4")
            let fresh = try b.get("/v1/sessions/\(diffed)/diff?from=1&to=4")
            #expect(diff.status == 200 && diff.body == fresh.body, "\(diff.text)")
            let (listed, _) = try Self.movedOn(a, b)
            #expect((try a.history(listed).json?["events"] as? [Any])?.count == 3)
            let (tagged, _) = try Self.movedOn(a, b)
            #expect(try a.state(tagged, headers: [("If-None-Match", #""4""#)]).status == 304)
            let (matched, _) = try Self.movedOn(a, b)
            #expect(try a.state(matched, headers: [("If-Match", #""4""#)]).status == 200)
            #expect(try a.state(read).body == last.body)
            // A fork from a version only the store has yet.
            let (forked, _) = try Self.movedOn(a, b)
            let fork = try a.request("POST", "/v1/sessions", body: #"{"from":{"session":"\#(forked)","version":4}}"#)
            #expect(fork.status == 201 && fork.etagVersion == 4, "\(fork.text)")
        }
    }

    @Test("an answer kept without a new version on one instance is not written over by the next keyed change on another")
    func answerKeptWithoutVersion() throws {
        let redis = try SharedRedis()
        try withSharedServers(2, redis: redis) { clients in
            let (a, b) = (clients[0], clients[1])
            let id = try a.createSession(app: "navigation")
            #expect(try a.state(id).etagVersion == 1)
            // On b: a swipe of a screen already gone changes nothing, and its key keeps that answer (version 1).
            let swipe = #"{"type":"didPop","screen":"B"}"#
            let first = try b.request("POST", "/v1/sessions/\(id)/events", body: swipe, headers: [("Idempotency-Key", "swipe")])
            try #require(first.status == 200 && first.etagVersion == 1, "\(first.text)")
            // On a, whose copy knows no kept answer: a keyed change takes the next answer sequence, not b's.
            let push = try a.request(
                "POST", "/v1/sessions/\(id)/events", body: #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "push")])
            #expect(push.status == 200 && push.etagVersion == 2, "\(push.text)")
            // The swipe retried anywhere gets its first answer, byte for byte; the push retried too.
            for client in [a, b] {
                let again = try client.request("POST", "/v1/sessions/\(id)/events", body: swipe, headers: [("Idempotency-Key", "swipe")])
                #expect(again.status == 200 && again.body == first.body, "\(again.text)")
                #expect(again.header("ETag") == #""1""#)
                let pushAgain = try client.request(
                    "POST", "/v1/sessions/\(id)/events", body: #"{"type":"push","screen":"A"}"#, headers: [("Idempotency-Key", "push")])
                #expect(pushAgain.status == 200 && pushAgain.body == push.body, "\(pushAgain.text)")
            }
            #expect(try a.state(id).etagVersion == 2)
        }
    }
}
