import Locking
import Testing

@testable import SessionService

@Suite("handing freed memory back")
struct HeapReturnTests {
    /// Ten idle sessions' worth, as the policy estimates them.
    private static let tenSessions = 10 * HeapReturnPolicy.bytesPerSession

    @Test("the policy asks for a return once the estimate falls a threshold below its peak, then starts a new peak there")
    func policyFollowsThePeak() {
        var policy = HeapReturnPolicy(threshold: 1000)
        let answers = [
            policy.isDue(sessions: 0, heldBytes: 500),
            policy.isDue(sessions: 0, heldBytes: 1500),  // the peak
            policy.isDue(sessions: 0, heldBytes: 501),  // 999 below it
            policy.isDue(sessions: 0, heldBytes: 500),  // 1000 below it
            policy.isDue(sessions: 0, heldBytes: 0),  // 500 below the new peak
            policy.isDue(sessions: 0, heldBytes: 1200),
            policy.isDue(sessions: 0, heldBytes: 200),  // 1000 below 1200
        ]
        #expect(answers == [false, false, false, true, false, false, true])
        #expect(policy.peak == 200)
    }

    @Test("sessions count toward the estimate at what an idle one holds, beside the bytes their histories hold")
    func sessionsAndHeldBytesBothCount() {
        var policy = HeapReturnPolicy(threshold: 2 * HeapReturnPolicy.bytesPerSession)
        let answers = [
            policy.isDue(sessions: 3, heldBytes: 100),
            policy.isDue(sessions: 2, heldBytes: 100),
            policy.isDue(sessions: 1, heldBytes: 100),  // two sessions below the peak
            policy.isDue(sessions: 1, heldBytes: 2 * HeapReturnPolicy.bytesPerSession),
            policy.isDue(sessions: 1, heldBytes: 0),  // two sessions' worth of history below it
        ]
        #expect(answers == [false, false, true, false, true])
    }

    @Test("given sessions at a peak, deleting a threshold's worth makes the upkeep return memory once and count it; churn never does")
    func upkeepReturnsAfterMassDeletion() throws {
        let returns = Lock(0)
        try withTestServer(
            configuration: ServiceConfiguration(heapReturnThreshold: Self.tenSessions),
            returnFreePages: { returns.withLock { $0 += 1 } }
        ) { client in
            var ids = try (0..<12).map { _ in try client.createSession() }
            client.service.maintain()
            // Churn at the peak: the heap reuses what it frees.
            for _ in 0..<3 {
                #expect(try client.delete(ids.removeLast()).status == 204)
                ids.append(try client.createSession())
                client.service.maintain()
            }
            for id in ids.prefix(9) { #expect(try client.delete(id).status == 204) }
            client.service.maintain()
            #expect(returns.withLock { $0 } == 0, "nine sessions' worth is short of the threshold")

            #expect(try client.delete(ids[9]).status == 204)
            client.service.maintain()
            #expect(returns.withLock { $0 } == 1)
            client.service.maintain()
            #expect(returns.withLock { $0 } == 1, "the return starts a new peak")
            let metrics = try parsePrometheus(try client.get("/metrics").text)
            #expect(metrics["ribsd_heap_returns_total"] == 1)
            #expect(metrics["ribsd_sessions"] == 2)
        }
    }

    @Test("sessions the upkeep expires count as freed in the same pass")
    func upkeepReturnsAfterExpiry() throws {
        let clock = ManualClock()
        let returns = Lock(0)
        try withTestServer(
            configuration: ServiceConfiguration(sessionTTL: 10, heapReturnThreshold: Self.tenSessions),
            clock: clock, returnFreePages: { returns.withLock { $0 += 1 } }
        ) { client in
            for _ in 0..<10 { _ = try client.createSession() }
            client.service.maintain()
            #expect(returns.withLock { $0 } == 0)
            clock.advance(seconds: 11)
            client.service.maintain()
            #expect(client.service.sessionCount == 0)
            #expect(returns.withLock { $0 } == 1)
        }
    }
}
