import Foundation
import Testing

@testable import SessionService

@Suite("memory_limit: what all sessions hold, against ServiceConfiguration.maxHeldBytes")
struct MemoryLimitTests {
    /// Pushes and pops `A` on `id` until an event is refused; returns the refusal and how many were applied.
    private static func fill(_ client: ServiceClient, _ id: String) throws -> (refusal: HTTPResult, applied: Int) {
        for applied in 0..<200 {
            let event = applied % 2 == 0 ? #"{"type":"push","screen":"A"}"# : #"{"type":"pop"}"#
            let response = try client.send(id, event)
            if response.status != 200 { return (response, applied) }
        }
        Issue.record("200 events fit in the limit")
        return (try client.send(id, #"{"type":"pop"}"#), 200)
    }

    @Test("at the limit every event but a no-op swipe is refused, in every session; nothing changes; a DELETE gives the room back")
    func eventsRefusedAtTheLimit() throws {
        try withTestServer(configuration: ServiceConfiguration(maxHeldBytes: 1000)) { client in
            let full = try client.createSession(app: "navigation")
            let other = try client.createSession(app: "navigation")
            let keyed = [("Idempotency-Key", "first-push")]
            let first = try client.send(full, #"{"type":"push","screen":"B"}"#, headers: keyed)
            #expect(first.status == 200)
            #expect(try client.send(full, #"{"type":"pop"}"#).status == 200)
            let (refusal, applied) = try Self.fill(client, full)
            #expect(applied > 2, "a few events fit")
            expectProblem(refusal, status: 503, code: "memory_limit")
            #expect(
                refusal.json?["detail"] as? String
                    == "the sessions hold the server's maximum of 875 bytes of history and remembered answers; delete sessions or retry later"
            )
            #expect(refusal.header("Retry-After").flatMap { Int($0) }.map { $0 >= 1 } == true)
            #expect(client.service.heldMemory.recordBytes >= 875)

            // Refused before anything was applied, in this session and in any other.
            let before = try client.snapshot(full)
            // The fill pushes first: an odd number applied leaves `A` pushed.
            let pages = applied % 2 == 1 ? ["A"] : []
            let version = 3 + applied
            expectState(try client.state(full), Expected.navigation(full, version: version, pages: pages))
            try client.expectRefusal(full, #"{"type":"push","screen":"C"}"#, status: 503, code: "memory_limit")
            try client.expectRefusal(other, #"{"type":"push","screen":"C"}"#, status: 503, code: "memory_limit")
            expectState(try client.state(other), Expected.navigation(other, version: 1))
            try client.expectUnchanged(full, since: before)
            // What changes nothing is still answered: a swipe of a screen already gone, a retry of an applied request.
            expectState(
                try client.send(full, #"{"type":"didPop","screen":"B"}"#), Expected.navigation(full, version: version, pages: pages))
            let retried = try client.send(full, #"{"type":"push","screen":"B"}"#, headers: keyed)
            #expect(retried.status == 200 && retried.body == first.body)
            // A no-op swipe with a new key is refused too: its answer would have to be remembered (a late retry
            // must get it, not act on a screen shown since), and that is what the limit bounds.
            let held = client.service.heldMemory.bytes
            for number in 0..<20 {
                let key = [("Idempotency-Key", String(repeating: "k", count: 200) + "\(number)")]
                try client.expectRefusal(full, #"{"type":"didPop","screen":"B"}"#, status: 503, code: "memory_limit", headers: key)
            }
            #expect(client.service.heldMemory.bytes == held)
            // The history reads as ever (not kept for the next read: it is larger than the documents' share).
            #expect((try client.history(full).json?["events"] as? [Any])?.count == version - 1)
            #expect(client.service.store.session(full)?.withLive { $1.preparedHistory == nil } == true)
            try client.expectUnchanged(full, since: before)
            let metrics = String(decoding: try client.get("/metrics").body, as: UTF8.self)
            #expect(metrics.contains("ribsd_held_bytes \(client.service.heldMemory.bytes)\n"))

            #expect(try client.delete(full).status == 204)
            // What is left is the other session's history document, `{"events":[]}`, kept from a read above.
            #expect(client.service.heldMemory.recordBytes == 0)
            #expect(client.service.heldMemory.documentBytes == #"{"events":[]}"#.utf8.count)
            expectState(try client.send(other, #"{"type":"push","screen":"C"}"#), Expected.navigation(other, version: 2, pages: ["C"]))
        }
    }

    @Test("each session holds its history, remembered answers and kept history document, and gives them back when it goes")
    func whatASessionHolds() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 10, maxHeldBytes: 1 << 20), clock: clock) { client in
            let id = try client.createSession(app: "navigation")
            let memory = client.service.heldMemory
            #expect(memory.bytes == 0, "a new session has no history")
            func held() -> Int { client.service.store.session(id)?.withLive { $0.heldBytes + $1.heldBytes } ?? -1 }

            try client.apply(id, #"{"type":"push","screen":"A"}"#)
            let entry = held()
            #expect(entry > 0 && memory.bytes == entry)
            // A remembered answer holds the state it answered with.
            let keyed = try client.send(id, #"{"type":"push","screen":"B"}"#, headers: [("Idempotency-Key", "k")])
            #expect(held() >= 2 * entry + keyed.body.count)
            let beforeRead = held()
            // A history document read is kept until the next event.
            let history = try client.history(id)
            #expect(held() == beforeRead + history.body.count)
            try client.apply(id, #"{"type":"pop"}"#)
            #expect(held() == beforeRead + entry)
            #expect(memory.bytes == held())

            // An expired session gives its bytes back when the sweep tears it down.
            clock.advance(seconds: 11)
            #expect(client.service.expireIdleSessions() == 1)
            #expect(memory.bytes == 0)
        }
    }

    @Test("history documents are kept in a share of the limit of their own: reads, however many, never refuse an event")
    func historyReadsDoNotFillTheLimit() throws {
        try withTestServer(configuration: ServiceConfiguration(maxHeldBytes: 8000)) { client in
            let memory = client.service.heldMemory
            #expect(memory.documentShare == 1000 && memory.recordLimit == 7000)
            var readers: [String] = []
            for _ in 0..<12 {
                let id = try client.createSession(app: "navigation")
                try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"pop"}"#)
                readers.append(id)
            }
            func document(_ id: String) -> Int? { client.service.store.session(id)?.withLive { $1.preparedHistory?.heldBytes } }

            for id in readers {
                #expect((try client.history(id).json?["events"] as? [Any])?.count == 2)
            }

            // Kept while the share had room, then written for each read and let go.
            let kept = readers.compactMap(document)
            #expect(!kept.isEmpty && kept.count < readers.count)
            #expect(memory.documentBytes == kept.reduce(0, +) && memory.documentBytes <= memory.documentShare)
            // Events go on until the histories and answers fill their own part, the documents kept as they were.
            let writer = try client.createSession(app: "navigation")
            let (refusal, applied) = try Self.fill(client, writer)
            expectProblem(refusal, status: 503, code: "memory_limit")
            #expect(applied > 40)
            #expect(memory.recordBytes >= memory.recordLimit)
            #expect(readers.compactMap(document) == kept)
        }
    }

    @Test("at the limit, an event first sweeps sessions idle past their TTL, so their room serves it")
    func fullServerSweepsIdleSessions() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 10, maxHeldBytes: 1000), clock: clock) { client in
            let idle = try client.createSession(app: "navigation")
            expectProblem(try Self.fill(client, idle).refusal, status: 503, code: "memory_limit")
            clock.advance(seconds: 6)
            let fresh = try client.createSession(app: "navigation")
            try client.expectRefusal(fresh, #"{"type":"push","screen":"A"}"#, status: 503, code: "memory_limit")
            // `idle` is now idle past its TTL, `fresh` (touched by its refusal) is not.
            clock.advance(seconds: 5)
            expectState(try client.send(fresh, #"{"type":"push","screen":"A"}"#), Expected.navigation(fresh, version: 2, pages: ["A"]))
            expectProblem(try client.state(idle), status: 404, code: "session_not_found")
            #expect(client.service.heldMemory.bytes == client.service.store.session(fresh)?.withLive { $0.heldBytes + $1.heldBytes })
        }
    }
}
