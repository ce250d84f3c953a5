import Testing

@testable import RibsdClient

@Suite("RetryPolicy: attempts and backoff")
struct RetryPolicyTests {
    @Test("attempts count the first; nil is no limit")
    func attempts() {
        let three = RetryPolicy(maxAttempts: 3)
        #expect(three.allowsAttempt(after: 1) && three.allowsAttempt(after: 2) && !three.allowsAttempt(after: 3))
        #expect(!RetryPolicy.never.allowsAttempt(after: 1))
        #expect(RetryPolicy.unlimited.allowsAttempt(after: 1_000_000))
    }

    @Test("delays double from the first up to the cap, less at most the jitter's share")
    func delays() {
        let exact = RetryPolicy(maxAttempts: nil, initialDelay: .milliseconds(100), maxDelay: .seconds(1), jitter: 0)
        #expect((1...6).map { exact.delay(beforeRetry: $0) } == [100, 200, 400, 800, 1000, 1000].map { .milliseconds($0) })
        let jittered = RetryPolicy(maxAttempts: nil, initialDelay: .milliseconds(100), maxDelay: .seconds(1), jitter: 0.5)
        for _ in 0..<100 {
            let delay = jittered.delay(beforeRetry: 3)
            #expect(delay >= .milliseconds(200) && delay <= .milliseconds(400))
        }
    }
}
