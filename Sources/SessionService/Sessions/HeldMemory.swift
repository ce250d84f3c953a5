import Synchronization

/// What the sessions hold that grows with their use: histories, remembered `Idempotency-Key` answers and
/// prepared `history` documents, in approximate bytes, against one limit for the whole server.
///
/// Per-session limits alone cannot keep these within the machine: 100,000 sessions at 100,000 events each
/// would need hundreds of gigabytes. At the limit, events are refused (503 `memory_limit`) until sessions are
/// deleted or expire.
package final class HeldMemory: Sendable {
    /// The most bytes held before events are refused.
    package let limit: Int
    private let used = Atomic<Int>(0)

    package init(limit: Int) {
        self.limit = limit
    }

    /// Bytes held now.
    package var bytes: Int { used.load(ordering: .relaxed) }

    /// Whether the sessions hold the limit or more. (Checked before an event is applied, not reserved: with
    /// several threads the total may pass the limit by a few events' worth.)
    package var isFull: Bool { bytes >= limit }

    /// Whether `bytes` more would still be within the limit.
    package func hasRoom(for bytes: Int) -> Bool {
        self.bytes <= limit - bytes
    }

    /// Counts `delta` bytes more (or fewer, when negative).
    func change(by delta: Int) {
        used.wrappingAdd(delta, ordering: .relaxed)
    }
}
