import Synchronization

/// A counter that many threads change on every request without sharing a cache line: each thread adds to
/// its own stripe (`ThreadStripe`), and a read sums the stripes. One shared atomic would move its cache line
/// between cores on every change.
///
/// A read is the sum of loads taken one after another, not a snapshot: exact once changes stop, which is
/// what its readers need (draining requests, counting live objects in tests).
public final class StripedCounter: Sendable {
    private final class Stripe: Sendable {
        let value = Atomic<Int>(0)
        /// Unused: keeps neighbouring stripes off each other's cache line.
        private let padding: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    }

    private static let bits = 3
    private let stripes: [Stripe] = (0..<(1 << StripedCounter.bits)).map { _ in Stripe() }

    /// A counter at zero.
    public init() {}

    /// Adds `amount` (negative to subtract) on the calling thread's stripe.
    @inline(__always)
    public func add(_ amount: Int) {
        stripes[ThreadStripe.index(bits: Self.bits)].value.add(amount, ordering: .releasing)
    }

    /// The sum of every stripe.
    public var total: Int {
        stripes.reduce(0) { $0 + $1.value.load(ordering: .acquiring) }
    }
}
