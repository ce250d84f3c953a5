import Foundation

/// The service's only source of time, injected so that tests and replays control it.
public protocol ServiceClock: Sendable {
    /// Milliseconds since the Unix epoch: the times a client reads (history, logs). It may step.
    func nowMilliseconds() -> Int64
    /// Milliseconds since an arbitrary start on a clock that never steps: idle times are measured on it, so
    /// that setting the wall clock forward does not expire every session, nor setting it back stop expiry.
    func uptimeMilliseconds() -> Int64
}

/// The system's wall clock, and its monotonic clock for idle times.
public struct SystemClock: ServiceClock {
    /// Creates it.
    public init() {}

    public func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    public func uptimeMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
