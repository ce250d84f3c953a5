import Dispatch
import Foundation
import SessionService
import Locking
import Testing

@Suite("sessions in parallel")
struct ParallelSessionTests {
    @Test("16 threads, each with its own session, 50 push/pop pairs each: all succeed, each ends at version 102")
    func sixteenSessions() throws {
        try withTestServer(server: testServerConfiguration(threads: 4)) { client in
            let port = client.port
            let service = client.service
            let failures = Lock<[String]>([])
            let finals = Lock<[String: Int]>([:])
            let group = DispatchGroup()
            for thread in 0..<16 {
                group.enter()
                let worker = Thread {
                    defer { group.leave() }
                    do {
                        let own = ServiceClient(port: port, service: service)
                        let id = try own.createSession()
                        var events = [#"{"type":"login","name":"user\#(thread)"}"#]
                        for _ in 0..<50 { events += [#"{"type":"push","screen":"A"}"#, #"{"type":"pop"}"#] }
                        for event in events {
                            let response = try own.send(id, event)
                            if response.status != 200 {
                                failures.withLock { $0.append("thread \(thread): \(event) → \(response.status) \(response.text)") }
                                return
                            }
                        }
                        let state = try own.state(id)
                        finals.withLock { $0[id] = state.json?["version"] as? Int ?? -1 }
                        let history = try own.history(id).json?["events"] as? [NSDictionary]
                        if history?.count != 101 { failures.withLock { $0.append("thread \(thread): history has \(history?.count ?? -1) entries") } }
                    } catch {
                        failures.withLock { $0.append("thread \(thread): \(error)") }
                    }
                }
                worker.start()
            }
            group.wait()
            #expect(failures.withLock { $0 } == [])
            let versions = finals.withLock { $0 }
            #expect(versions.count == 16)
            #expect(versions.values.allSatisfy { $0 == 1 + 1 + 100 }, "\(versions)")
            #expect(service.sessionCount == 16)
            // Each session's own user, untouched by the others.
            for id in versions.keys {
                let name = EscapingTests.homeName(try client.state(id).json)
                #expect(name?.hasPrefix("user") == true)
            }
            #expect(Set(try versions.keys.map { EscapingTests.homeName(try client.state($0).json) ?? "" }).count == 16)
        }
    }
}
