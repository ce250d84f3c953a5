import Dispatch
import Foundation
import Locking
import Testing

@Suite("one session from many connections")
struct SharedSessionTests {
    /// Starts `count` threads, each on a connection of its own to `client`'s server, running `body` with its
    /// index; what `body` throws goes to `failures`. Wait on the group returned.
    private static func startClients(
        _ count: Int, of client: ServiceClient, failures: Lock<[String]>,
        _ body: @escaping @Sendable (Int, ServiceClient) throws -> Void
    ) -> DispatchGroup {
        let (port, service) = (client.port, client.service)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    try body(index, ServiceClient(port: port, service: service))
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }.start()
        }
        return group
    }

    @Test("concurrent events on one session are serialized: each 200 has its own version, history is contiguous")
    func serialized() throws {
        try withTestServer(server: testServerConfiguration(threads: 4)) { client in
            let id = try client.createSession(app: "navigation")
            let versions = Lock<[Int]>([])
            let failures = Lock<[String]>([])
            Self.startClients(8, of: client, failures: failures) { thread, own in
                let screen = ["A", "B", "C"][thread % 3]
                for round in 0..<40 {
                    let event = round % 2 == 0 ? #"{"type":"push","screen":"\#(screen)"}"# : #"{"type":"pop"}"#
                    let response = try own.send(id, event)
                    switch response.status {
                    case 200:
                        if let version = response.etagVersion { versions.withLock { $0.append(version) } }
                    case 409:
                        if response.json?["code"] as? String != "invalid_navigation" {
                            failures.withLock { $0.append("\(event): \(response.text)") }
                        }
                    default:
                        failures.withLock { $0.append("\(event): \(response.status) \(response.text)") }
                    }
                }
            }.wait()
            #expect(failures.withLock { $0 } == [])
            // Every push or pop that succeeded changed the stack, so each has a version of its own.
            let seen = versions.withLock { $0 }.sorted()
            #expect(seen == Array(2..<(2 + seen.count)))
            let final = try client.state(id)
            #expect(final.etagVersion == 1 + seen.count)
            let history = try #require(try client.history(id).json?["events"] as? [NSDictionary])
            #expect(history.map { $0["version"] as? Int ?? 0 } == seen)
            #expect((final.json?["leaks"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("GETs during events: each answer is one version's whole state under that version's ETag; after an event, GET answers its state")
    func readersDuringEvents() throws {
        try withTestServer(server: testServerConfiguration(threads: 4)) { client in
            let id = try client.createSession(app: "navigation")
            // Read once first: the answer prepared for version 1 must not outlive it.
            #expect(try client.state(id).etagVersion == 1)
            let failures = Lock<[String]>([])
            let writing = Lock(true)
            let readers = Self.startClients(4, of: client, failures: failures) { _, own in
                while writing.withLock({ $0 }) {
                    let response = try own.state(id)
                    let version = response.json?["version"] as? Int
                    if response.status != 200 || version == nil || version != response.etagVersion {
                        failures.withLock { $0.append("\(response.status) \(response.header("ETag") ?? "-") \(response.text)") }
                    }
                }
            }
            var last: HTTPResult?
            for round in 0..<60 {
                last = try client.send(id, round % 2 == 0 ? #"{"type":"push","screen":"A"}"# : #"{"type":"pop"}"#)
                #expect(last?.status == 200)
                let read = try client.state(id)
                #expect(read.body == last?.body)
                #expect(read.etagVersion == last?.etagVersion)
            }
            writing.withLock { $0 = false }
            readers.wait()
            #expect(failures.withLock { $0 } == [])
            #expect(try client.state(id).body == last?.body)
            #expect(last?.etagVersion == 61)
        }
    }
}
