import Foundation

/// The service's only source of time, injected so that tests and replays control it.
public protocol ServiceClock: Sendable {
    /// Milliseconds since the Unix epoch.
    func nowMilliseconds() -> Int64
}

/// The system's wall clock.
public struct SystemClock: ServiceClock {
    /// Creates it.
    public init() {}

    public func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
