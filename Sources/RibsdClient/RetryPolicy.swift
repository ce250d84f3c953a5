import Foundation

/// How often, and how patiently, a call is tried again after it got no answer.
///
/// The delay before retry `n` (from 1) is `initialDelay * multiplier^(n-1)`, at most `maxDelay`, less up to
/// `jitter` of itself at random, so that clients cut off together do not come back together.
public struct RetryPolicy: Hashable, Sendable {
    /// Attempts in all, the first included; nil: no limit.
    public var maxAttempts: Int?
    public var initialDelay: Duration
    public var maxDelay: Duration
    public var multiplier: Double
    /// The share of a delay (0 to 1) that may be taken off at random.
    public var jitter: Double

    public init(
        maxAttempts: Int?, initialDelay: Duration = .milliseconds(100), maxDelay: Duration = .seconds(2),
        multiplier: Double = 2, jitter: Double = 0.2
    ) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.multiplier = multiplier
        self.jitter = min(max(jitter, 0), 1)
    }

    /// Four attempts over about 0.7 s: what a request gets by default.
    public static let standard = RetryPolicy(maxAttempts: 4)
    /// One attempt, no retry.
    public static let never = RetryPolicy(maxAttempts: 1)
    /// Without end, every 5 s at the slowest: what a stream gets by default, to outlive a server's restart.
    public static let unlimited = RetryPolicy(maxAttempts: nil, maxDelay: .seconds(5))

    /// Whether another attempt may follow attempt number `attempt` (from 1).
    public func allowsAttempt(after attempt: Int) -> Bool {
        maxAttempts.map { attempt < $0 } ?? true
    }

    /// The wait before retry number `retry` (from 1).
    public func delay(beforeRetry retry: Int) -> Duration {
        let initial = initialDelay.seconds
        let exponent = Double(max(retry - 1, 0))
        let full = min(initial * pow(multiplier, exponent), maxDelay.seconds)
        let cut = jitter > 0 ? Double.random(in: 0...jitter) : 0
        return .milliseconds(Int((full * (1 - cut) * 1000).rounded()))
    }
}

extension Duration {
    /// This duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
