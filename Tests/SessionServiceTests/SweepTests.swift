import Dispatch
import Foundation
import Locking
import TestSupport
import Testing

@testable import SessionService

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

    @Test(
        "a full server refuses a creation while its session lives, and takes the next one as soon as that session expired, not a second after the refusal's sweep"
    )
    func creationRightAfterExpiry() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(maxSessions: 1, sessionTTL: 10), clock: clock) { client in
            let stale = try client.createSession()
            clock.advance(milliseconds: 9_500)
            expectProblem(try client.create(), status: 503, code: "session_limit")
            clock.advance(milliseconds: 700)
            let fresh = try client.createSession(app: "todo")
            expectState(try client.state(fresh), Expected.todo(fresh, version: 1))
            expectProblem(try client.state(stale), status: 404, code: "session_not_found")
        }
    }

    @Test("at the memory limit, an event refused while the idle session lives is served as soon as that session expired")
    func eventRightAfterExpiry() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 10, maxHeldBytes: 1000), clock: clock) { client in
            let idle = try client.createSession(app: "navigation")
            let fresh = try client.createSession(app: "navigation")
            var refusal = try client.send(idle, #"{"type":"push","screen":"A"}"#)
            var applied = 0
            while refusal.status == 200, applied < 200 {
                applied += 1
                refusal = try client.send(idle, applied % 2 == 0 ? #"{"type":"push","screen":"A"}"# : #"{"type":"pop"}"#)
            }
            expectProblem(refusal, status: 503, code: "memory_limit")
            clock.advance(milliseconds: 9_500)
            try client.expectRefusal(fresh, #"{"type":"push","screen":"A"}"#, status: 503, code: "memory_limit")
            clock.advance(milliseconds: 700)
            expectState(try client.send(fresh, #"{"type":"push","screen":"A"}"#), Expected.navigation(fresh, version: 2, pages: ["A"]))
            expectProblem(try client.state(idle), status: 404, code: "session_not_found")
        }
    }

    @Test("a refused request sweeps once a second, sooner once a session the last sweep saw may have expired, but never twice in 100 ms")
    func sweepRate() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 10), clock: clock) { client in
            let service = client.service
            _ = try client.createSession()
            clock.advance(milliseconds: 50)
            _ = try client.createSession()
            clock.advance(milliseconds: 9_850)  // 9.9 s: both live, the first expires after 10 s
            #expect(service.claimSweep())
            #expect(service.expireIdleSessions() == 0)
            clock.advance(milliseconds: 60)
            #expect(!service.claimSweep(), "nothing could have expired yet")
            clock.advance(milliseconds: 50)  // 10.01 s: the first may have expired
            #expect(service.claimSweep())
            #expect(service.expireIdleSessions() == 1)
            clock.advance(milliseconds: 50)  // 10.06 s: the second may have expired, but a sweep ran 50 ms ago
            #expect(!service.claimSweep())
            clock.advance(milliseconds: 50)
            #expect(service.claimSweep())
            #expect(service.expireIdleSessions() == 1)
            clock.advance(milliseconds: 500)
            #expect(!service.claimSweep(), "no session left to expire, and less than a second since the last sweep")
            clock.advance(milliseconds: 500)
            #expect(service.claimSweep())
        }
    }

    @Test(
        "the upkeep walks the sessions only when one may have expired: once a session was added, once the earliest expiry came, once one was in use during a walk"
    )
    func upkeepWalksOnlyWhenDue() throws {
        let clock = ManualClock()
        try withTestServer(configuration: ServiceConfiguration(sessionTTL: 10), clock: clock) { client in
            let service = client.service
            let used = try client.createSession()
            let idle = try client.createSession(app: "todo")
            #expect(service.sweepIfDue(), "the first upkeep walks")
            #expect(!service.sweepIfDue(), "nothing added, nothing due")
            clock.advance(seconds: 5)
            _ = try client.state(used)
            #expect(!service.sweepIfDue(), "an access only moves an expiry later")
            let later = try client.createSession(app: "todo")
            #expect(service.sweepIfDue(), "a session was added since the last walk")
            #expect(!service.sweepIfDue())

            // `idle` was last used at 0: due at 10 s and a bit, when the upkeep walks and expires it.
            clock.advance(milliseconds: 5_000)
            #expect(!service.sweepIfDue(), "10 s after its last use, the TTL has not passed")
            clock.advance(milliseconds: 1)
            #expect(service.sweepIfDue())
            expectProblem(try client.state(idle), status: 404, code: "session_not_found")
            #expect(service.sessionCount == 2)

            // A session in use during a walk is not seen: the next upkeep walks again, whatever else holds.
            let session = try #require(service.store.session(used))
            whileHeldOnAnotherThread({ whileHeld in session.withCore { _ in whileHeld() } }) {
                #expect(service.sweepIfDue() == false, "nothing due: this one does not walk")
                _ = service.expireIdleSessions()
            }
            #expect(service.sweepIfDue(), "the walk that skipped a held session leaves the next one due")
            #expect(!service.sweepIfDue())
            expectState(try client.state(later), Expected.todo(later, version: 1))
        }
    }
}
