import Foundation
import Testing

@testable import SessionService

/// A session's timeline against `--max-held-bytes`: counted in the documents' share, given back with the
/// session, and, like a history document, a cache that is let go rather than held past that share.
@Suite("time travel: what timelines hold")
struct TimelineMemoryTests {
    /// A `navigation` session taken through `events` pushes and pops of A; every version's document as answered.
    static func session(_ client: ServiceClient, events: Int) throws -> (id: String, answered: [Int: [UInt8]]) {
        let created = try client.create(app: "navigation")
        let id = try #require(created.json?["session"] as? String)
        var answered = [1: created.body]
        for event in 0..<events {
            let response = try client.send(id, event % 2 == 0 ? #"{"type":"push","screen":"A"}"# : #"{"type":"pop"}"#)
            try #require(response.status == 200, "\(response.text)")
            answered[event + 2] = response.body
        }
        return (id, answered)
    }

    static func timelineBytes(_ client: ServiceClient, _ id: String) -> Int? {
        client.service.store.session(id)?.withLive { core, _ in core.timelineBytes }
    }

    static func heldBytesMetric(_ client: ServiceClient) throws -> Double? {
        try parsePrometheus(try client.get("/metrics").text)["ribsd_held_bytes"]
    }

    @Test("the first past read keeps a timeline, counted in ribsd_held_bytes; each event adds to it; a DELETE gives it back")
    func countedAndGivenBack() throws {
        try withTestServer(configuration: ServiceConfiguration(maxHeldBytes: 1 << 20)) { client in
            let memory = client.service.heldMemory
            let (id, answered) = try Self.session(client, events: 40)
            let before = try #require(try Self.heldBytesMetric(client))
            #expect(memory.documentBytes == 0 && Self.timelineBytes(client, id) == 0, "no timeline before a past read")

            #expect(try client.get("/v1/sessions/\(id)?version=2").body == answered[2])
            let kept = try #require(Self.timelineBytes(client, id))
            // At least version 1's document and a difference for each of the 40 versions after it.
            #expect(kept > answered[1]!.count + 40 * 16)
            #expect(memory.documentBytes == kept)
            #expect(try Self.heldBytesMetric(client) == before + Double(kept))

            try client.apply(id, #"{"type":"push","screen":"B"}"#)
            let grown = try #require(Self.timelineBytes(client, id))
            #expect(grown > kept && memory.documentBytes == grown)
            #expect(try client.get("/v1/sessions/\(id)?version=2").body == answered[2], "read from the kept timeline")

            #expect(try client.delete(id).status == 204)
            #expect(memory.documentBytes == 0 && memory.recordBytes == 0)
            #expect(try Self.heldBytesMetric(client) == 0)
        }
    }

    @Test("under a limit too small for the timeline, every past read still answers the bytes answered: replayed, not kept")
    func tooLargeToKeep() throws {
        // A documents' share of 2,000 bytes; 61 versions of `navigation` make a timeline of several times that.
        try withTestServer(configuration: ServiceConfiguration(maxHeldBytes: 16_000)) { client in
            let memory = client.service.heldMemory
            let (id, answered) = try Self.session(client, events: 60)
            for (version, body) in answered.sorted(by: { $0.key < $1.key }) {
                #expect(try client.get("/v1/sessions/\(id)?version=\(version)").body == body, "version \(version)")
                #expect(Self.timelineBytes(client, id) == 0 && memory.documentBytes == 0, "version \(version): kept")
            }
            let patch = try client.get("/v1/sessions/\(id)/diff?from=1&to=2")
            #expect(patch.status == 200 && patch.text != "[]")
            // A rewind checks the replay against a timeline it builds too, and is refused for nothing.
            let rewound = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":2}"#)
            #expect(rewound.status == 200 && rewound.header("ETag") == "\"62\"", "\(rewound.text)")
            #expect(memory.documentBytes == 0)
        }
    }

    @Test("a kept timeline that outgrows the documents' share is let go; past reads answer as before")
    func letGoWhenItOutgrowsTheShare() throws {
        try withTestServer(configuration: ServiceConfiguration(maxHeldBytes: 16_000)) { client in
            let memory = client.service.heldMemory
            let (id, first) = try Self.session(client, events: 2)
            var answered = first
            #expect(try client.get("/v1/sessions/\(id)?version=1").body == answered[1])
            let kept = try #require(Self.timelineBytes(client, id))
            #expect(kept > 0 && memory.documentBytes == kept)

            var dropped = false
            for event in 0..<60 where !dropped {
                let response = try client.send(id, event % 2 == 0 ? #"{"type":"push","screen":"A"}"# : #"{"type":"pop"}"#)
                answered[answered.count + 1] = response.body
                #expect(memory.documentBytes <= memory.documentShare, "after event \(event)")
                dropped = Self.timelineBytes(client, id) == 0
            }
            #expect(dropped, "the timeline grew past the share")
            #expect(memory.documentBytes == 0)
            for (version, body) in answered {
                #expect(try client.get("/v1/sessions/\(id)?version=\(version)").body == body, "version \(version)")
            }
        }
    }
}
