import Foundation
import Locking
import TestSupport
import Testing

@testable import SessionService

/// Several instances sharing their sessions through a real redis-server: any instance serves any session with
/// the guarantees one instance gives.
@Suite("many instances through Redis", .serialized)
struct SharedStoreTests {
    /// The event that changes `stack` (navigation's): push the first of A, B, C not on it, else pop.
    static func nextEvent(_ stack: [String]) -> String {
        if let screen = ["A", "B", "C"].first(where: { !stack.contains($0) }) { return #"{"type":"push","screen":"\#(screen)"}"# }
        return #"{"type":"pop"}"#
    }

    @Test(
        "64 clients on one session over 3 instances, with If-Match retries: gapless versions, the history as applied, the same state everywhere, and it replays"
    )
    func contention() throws {
        let redis = try SharedRedis()
        try withSharedServers(3, redis: redis) { clients in
            let id = try clients[0].createSession(app: "navigation")
            let applied = Lock<[Int]>([])
            let targets = clients.map { ($0.port, $0.service) }
            onThreads(64) { thread in
                let (port, service) = targets[thread % 3]
                let client = ServiceClient(port: port, service: service)
                var done = 0
                var tries = 0
                while done < 3, tries < 600 {
                    tries += 1
                    guard let state = try? client.state(id), let version = state.etagVersion,
                        let stack = state.json?["stack"] as? [String]
                    else { continue }
                    guard let answer = try? client.send(id, Self.nextEvent(stack), headers: [("If-Match", "\"\(version)\"")]) else {
                        continue
                    }
                    if answer.status == 200, let made = answer.etagVersion {
                        applied.withLock { $0.append(made) }
                        done += 1
                    } else if answer.status != 412 {
                        Issue.record("unexpected \(answer.status): \(answer.text)")
                        return
                    }
                }
            }
            let versions = applied.withLock { $0 }.sorted()
            #expect(versions == Array(2..<(2 + versions.count)), "each version acknowledged once, none skipped")
            #expect(versions.count == 192)
            // Every instance answers the same last state; the history holds each applied event once.
            let last = try clients[0].state(id)
            for client in clients { #expect(try client.state(id).body == last.body) }
            let history = try #require(clients[1].history(id).json?["events"] as? [[String: Any]])
            #expect(history.map { $0["version"] as? Int } == versions.map { Optional($0) })
            // The history replays to the state: a session made from its events shows the same.
            let events = history.compactMap { $0["event"] as? [String: Any] }
            func json(_ object: Any) throws -> String {
                String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            }
            // In batches within --max-batch (100).
            let copy = try clients[2].createSession(app: "navigation")
            var replayed = try clients[2].state(copy)
            for start in stride(from: 0, to: events.count, by: 100) {
                replayed = try clients[2].request(
                    "POST", "/v1/sessions/\(copy)/events", body: try json(["events": Array(events[start..<min(start + 100, events.count)])])
                )
            }
            #expect(replayed.json?["stack"] as? [String] == last.json?["stack"] as? [String])
            #expect(replayed.json?["tree"] as? NSDictionary == last.json?["tree"] as? NSDictionary)
        }
    }

    @Test("a stream on one instance sees every version the others apply, in order, once")
    func streamAcrossInstances() throws {
        let redis = try SharedRedis()
        try withSharedServers(3, redis: redis) { clients in
            let id = try clients[0].createSession(app: "navigation")
            let watcher = try EventStreamClient(port: clients[0].port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            #expect(try watcher.next().id == "1")
            var stack: [String] = ["Navigation"]
            for round in 0..<8 {
                let answer = try clients[1 + round % 2].send(id, Self.nextEvent(stack))
                #expect(answer.status == 200, "\(answer.text)")
                stack = answer.json?["stack"] as? [String] ?? []
            }
            for version in 2...9 {
                let frame = try watcher.next()
                #expect(frame.event == "state" && frame.id == "\(version)", "\(frame.event) \(frame.id ?? "-")")
            }
        }
    }

    @Test("a session made on one instance is served by another; a key retried elsewhere gets the first answer; a delete is seen everywhere")
    func anyInstance() throws {
        let redis = try SharedRedis()
        try withSharedServers(2, redis: redis) { clients in
            let id = try clients[0].createSession(app: "login")
            let key = [("Idempotency-Key", "k-1")]
            let first = try clients[1].send(id, #"{"type":"login","name":"kim"}"#, headers: key)
            #expect(first.status == 200 && first.etagVersion == 2)
            let retried = try clients[0].send(id, #"{"type":"login","name":"kim"}"#, headers: key)
            #expect(retried.status == 200 && retried.body == first.body, "the first answer, byte for byte")
            #expect((try clients[0].history(id).json?["events"] as? [Any])?.count == 1, "applied once")
            // A refusal from an old copy is never answered: the instance that saw version 2 only through the
            // key's catch-up takes a push after the other instance's.
            _ = try clients[1].send(id, #"{"type":"push","screen":"A"}"#)
            let onZero = try clients[0].send(id, #"{"type":"push","screen":"B"}"#)
            #expect(onZero.json?["stack"] as? [String] == ["Home", "A", "B"], "\(onZero.text)")
            #expect(try clients[1].delete(id).status == 204)
            expectProblem(try clients[0].state(id), status: 404, code: "session_not_found")
            expectProblem(try clients[0].send(id, #"{"type":"pop"}"#), status: 404, code: "session_not_found")
        }
    }

    @Test(
        "Redis killed (-9) and restarted: 503 store_unavailable meanwhile, no other 5xx, recovery without a restart, nothing acknowledged lost"
    )
    func redisOutage() throws {
        let redis = try SharedRedis(appendOnly: true)
        try withSharedServers(2, redis: redis) { clients in
            let id = try clients[0].createSession(app: "navigation")
            var stack = ["Navigation"]
            var acknowledged = 1
            for round in 0..<4 {
                let answer = try clients[round % 2].send(id, Self.nextEvent(stack))
                stack = answer.json?["stack"] as? [String] ?? []
                acknowledged = answer.etagVersion ?? acknowledged
            }
            redis.kill()
            for client in clients {
                let refused = try client.send(id, Self.nextEvent(stack))
                expectProblem(refused, status: 503, code: "store_unavailable")
                #expect(refused.header("Retry-After") != nil)
                expectProblem(try client.state(id), status: 503, code: "store_unavailable")
                #expect(try client.get("/readyz").status == 503)
            }
            try redis.start()
            // Recovered by themselves (the pool reconnects), with every acknowledged version.
            for client in clients {
                #expect(try client.get("/readyz").status == 200)
                #expect(try client.state(id).etagVersion == acknowledged)
            }
            let after = try clients[1].send(id, Self.nextEvent(stack))
            #expect(after.status == 200 && after.etagVersion == acknowledged + 1)
        }
    }
}
