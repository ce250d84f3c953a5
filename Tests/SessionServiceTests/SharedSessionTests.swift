import Dispatch
import Foundation
import Locking
import Testing

@Suite("one session from many connections")
struct SharedSessionTests {
    @Test("concurrent events on one session are serialized: each 200 has its own version, history is contiguous")
    func serialized() throws {
        try withTestServer(server: testServerConfiguration(threads: 4)) { client in
            let id = try client.createSession(app: "navigation")
            let port = client.port
            let service = client.service
            let versions = Lock<[Int]>([])
            let failures = Lock<[String]>([])
            let group = DispatchGroup()
            for thread in 0..<8 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    let own = ServiceClient(port: port, service: service)
                    let screen = ["A", "B", "C"][thread % 3]
                    do {
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
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }.start()
            }
            group.wait()
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
}
