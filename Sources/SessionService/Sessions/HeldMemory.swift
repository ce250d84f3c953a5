import Synchronization

/// What the sessions hold that grows with their use: histories, remembered `Idempotency-Key` answers and
/// prepared `history` documents, in approximate bytes, against one limit for the whole server.
///
/// Per-session limits alone cannot keep these within the machine: 100,000 sessions at 100,000 events each
/// would need hundreds of gigabytes. At the limit, events are refused (503 `memory_limit`) until sessions are
/// deleted or expire.
///
/// History documents are a cache: a read that finds none writes it again. So they have a share of the limit of
/// their own, and never take room an event needs: reads alone cannot bring the server to refuse events.
package final class HeldMemory: Sendable {
    /// The most bytes held in all.
    package let limit: Int
    /// The part of `limit` that prepared history documents may hold (an eighth).
    package let documentShare: Int
    /// Bytes of histories and remembered answers.
    private let records = Atomic<Int>(0)
    /// Bytes of prepared history documents.
    private let documents = Atomic<Int>(0)

    package init(limit: Int) {
        self.limit = limit
        documentShare = limit / 8
    }

    /// The most bytes of histories and remembered answers before events are refused: the limit less the
    /// documents' share.
    package var recordLimit: Int { limit - documentShare }

    /// Bytes held now, documents included.
    package var bytes: Int { recordBytes + documentBytes }
    /// Bytes of histories and remembered answers held now.
    package var recordBytes: Int { records.load(ordering: .relaxed) }
    /// Bytes of prepared history documents held now.
    package var documentBytes: Int { documents.load(ordering: .relaxed) }

    /// Whether the histories and remembered answers fill their part of the limit. (Checked before an event is
    /// applied, not reserved: with several threads the total may pass the limit by a few events' worth.)
    package var isFull: Bool { recordBytes >= recordLimit }

    /// Whether a history document of `bytes` more would still fit in the documents' share.
    package func hasRoom(forDocument bytes: Int) -> Bool {
        documentBytes <= documentShare - bytes
    }

    /// Counts `delta` bytes more (or fewer, when negative) of histories and remembered answers.
    func change(by delta: Int) {
        records.wrappingAdd(delta, ordering: .relaxed)
    }

    /// Counts `delta` bytes more (or fewer) of prepared history documents.
    func changeDocuments(by delta: Int) {
        documents.wrappingAdd(delta, ordering: .relaxed)
    }
}
