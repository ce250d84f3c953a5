import Dispatch
import Foundation
import Locking
import SessionService
import Testing

@Suite("sessions in parallel")
struct ParallelSessionTests {
    @Test("16 threads, each with its own session, 50 push/pop pairs each: all succeed, each session ends with its own user and history")
    func sixteenSessions() throws {
        try withTestServer(server: testServerConfiguration(threads: 4)) { client in
            let port = client.port
            let service = client.service
            let failures = Lock<[String]>([])
            let owners = Lock<[Int: String]>([:])
            let group = DispatchGroup()
            for thread in 0..<16 {
                group.enter()
                let worker = Thread {
                    defer { group.leave() }
                    do {
                        let own = ServiceClient(port: port, service: service)
                        let id = try own.createSession()
                        owners.withLock { $0[thread] = id }
                        var events = [#"{"type":"login","name":"user\#(thread)"}"#]
                        for _ in 0..<50 { events += [#"{"type":"push","screen":"A"}"#, #"{"type":"pop"}"#] }
                        for event in events {
                            let response = try own.send(id, event)
                            if response.status != 200 {
                                failures.withLock { $0.append("thread \(thread): \(event) → \(response.status) \(response.text)") }
                                return
                            }
                        }
                    } catch {
                        failures.withLock { $0.append("thread \(thread): \(error)") }
                    }
                }
                worker.start()
            }
            group.wait()
            #expect(failures.withLock { $0 } == [])
            let ids = owners.withLock { $0 }
            #expect(ids.count == 16 && Set(ids.values).count == 16)
            #expect(service.sessionCount == 16)
            // Each session holds its own user and exactly its own events, whatever ran beside it.
            var expectedEvents: [NSDictionary] = []
            for pair in 0..<50 {
                expectedEvents.append(["version": 3 + 2 * pair, "event": ["type": "push", "screen": "A"] as NSDictionary])
                expectedEvents.append(["version": 4 + 2 * pair, "event": ["type": "pop"] as NSDictionary])
            }
            for (thread, id) in ids.sorted(by: { $0.key < $1.key }) {
                expectState(try client.state(id), Expected.login(id, version: 1 + 1 + 100, user: "user\(thread)"))
                let events = try #require(try client.history(id).json?["events"] as? [[String: Any]])
                let login: NSDictionary = ["version": 2, "event": ["type": "login", "name": "user\(thread)"] as NSDictionary]
                let withoutTimes = events.map { NSDictionary(dictionary: $0.filter { $0.key != "at" }) }
                #expect(withoutTimes == [login] + expectedEvents, "session of thread \(thread)")
            }
        }
    }
}
