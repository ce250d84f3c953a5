import Dispatch
import Foundation
import Locking
@testable import SessionService
import TestSupport
import Testing

@Suite("the idle sweep")
struct SweepTests {
    @Test("a session held by a long request is skipped, not waited for: the others still expire; the held one expires at its next access")
    func busySessionDoesNotHoldUpTheSweep() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 10), clock: clock) { client in
            let busy = try client.createSession()
            let idle = try client.createSession(app: "todo")
            clock.advance(seconds: 11)
            let session = try #require(client.service.store.session(busy))

            // A request on `busy` that takes a while (a long history, say) holds its lock meanwhile.
            let service = client.service
            let swept = Lock<Int?>(nil)
            let sweepDone = DispatchSemaphore(value: 0)
            let finished = whileHeldOnAnotherThread({ whileHeld in session.withCore { _ in whileHeld() } }) {
                Thread.detachNewThread {
                    let count = service.expireIdleSessions()
                    swept.withLock { $0 = count }
                    sweepDone.signal()
                }
                return sweepDone.wait(timeout: .now() + 5) == .success
            }
            if !finished { sweepDone.wait() }
            #expect(finished, "the sweep waited for the held session")
            #expect(swept.withLock { $0 } == 1)
            expectProblem(try client.state(idle), status: 404, code: "session_not_found")
            #expect(client.service.sessionCount == 1)
            // Nobody marked it accessed while it was held: idle past the TTL, it expires when next asked for.
            expectProblem(try client.state(busy), status: 404, code: "session_not_found")
            #expect(client.service.sessionCount == 0)
        }
    }
}
