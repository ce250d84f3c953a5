import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension SharedProcessTests {
    @Test(
        "a stream on A, events at B and C, A killed (-9): the watcher resumes on B with Last-Event-ID, then B killed and it resumes on C, and it sees every version once, in order, with the bytes the writers were answered"
    )
    func streamResumesOnAnotherInstance() throws {
        let redis = try SharedRedis(appendOnly: true)
        let fleet = try RibsdFleet(Self.instanceCount, redis: redis)
        let clients = fleet.ports.map { HTTPClient(port: $0) }
        let id = try Self.create("navigation", on: clients[1])
        let path = "/v1/sessions/\(id)/stream"
        var watcher = try EventStreamClient(port: fleet.ports[0])
        #expect(try watcher.open(path).status == 200)
        var seen: [Int] = []
        var answers: [Int: String] = [:]
        var mismatched: [String] = []
        func take(_ frame: EventStreamClient.Event) {
            let version = Int(frame.id ?? "") ?? -1
            seen.append(version)
            if let answer = answers[version], answer != frame.data { mismatched.append("version \(version): the frame is not its answer") }
        }
        var stack = ["Navigation"]
        func write(on instance: Int) throws -> Int {
            let answer = try Self.event(id, SharedStoreTests.nextEvent(stack), key: nil, on: clients[instance])
            guard answer.status == 200, let version = answer.etagVersion else {
                throw ClientError("event: \(answer.status) \(answer.text)")
            }
            stack = answer.json?["stack"] as? [String] ?? []
            answers[version] = answer.text
            return version
        }
        /// A change, then its frame on the watcher's stream before the next change.
        func writeAndHear(on instance: Int) throws {
            let version = try write(on: instance)
            take(try watcher.next())
            #expect(seen.last == version, "the stream after a change at \(instance): \(seen)")
        }
        /// The watcher's instance killed: what it sent before it died, then the end of its stream.
        func killWatched(_ instance: Int) {
            fleet.kill(instance)
            while let frame = try? watcher.next() { take(frame) }
        }
        func resume(on instance: Int) throws {
            watcher = try EventStreamClient(port: fleet.ports[instance])
            let head = try watcher.open(path, headers: [("Last-Event-ID", "\(seen.last ?? 0)")])
            #expect(head.status == 200)
        }

        take(try watcher.next())
        for round in 0..<5 { try writeAndHear(on: 1 + round % 2) }
        // A change at B, and A killed before its watcher is known to have heard it: the frame may have gone out
        // or died with A. Resumed on B, the watcher gets it once either way.
        let raced = try write(on: 1)
        killWatched(0)
        #expect(seen.last == raced || seen.last == raced - 1, "A's stream before it died: \(seen)")
        let heardRaced = seen.last == raced
        try resume(on: 1)
        if !heardRaced { take(try watcher.next()) }
        for round in 0..<3 { try writeAndHear(on: 2 - round % 2) }
        // B killed once its watcher heard every version: resumed on C with the last id, nothing is sent again.
        let final = try #require(seen.last)
        killWatched(1)
        try resume(on: 2)
        for _ in 0..<3 { try writeAndHear(on: 2) }
        #expect(seen == Array(1...(final + 3)), "every version once, in order: \(seen)")
        #expect(mismatched.isEmpty, "\(mismatched)")
    }
}
