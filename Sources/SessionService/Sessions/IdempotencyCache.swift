/// An `Idempotency-Key` as the client sent it: compared byte for byte. (As a `String` it would be decoded
/// lossily, so `\xff` and `\xfe` both became U+FFFD, and compared by canonical equivalence, so `é` and
/// `e` + U+0301 were one key: two different requests answered as one.)
struct IdempotencyKey: Hashable {
    let bytes: [UInt8]
}

/// The answers to a session's recent `Idempotency-Key`s, oldest dropped first past the limit.
struct IdempotencyCache {
    struct Entry {
        /// The first request's body, as a digest: a retry must send the same bytes.
        let body: BodyDigest
        /// The version the answer showed (its `ETag`).
        let version: Int
        /// The answer's body: the state document at `version`.
        let answer: [UInt8]
    }

    /// The longest key accepted, in bytes.
    static let maxKeyLength = 255

    private let limit: Int
    /// About what the remembered answers hold (each one's body, key and bookkeeping).
    private(set) var heldBytes = 0
    private var entries: [IdempotencyKey: Entry] = [:]
    private var order: [IdempotencyKey] = []
    private var head = 0
    /// How many answers were ever remembered: each answer's sequence number, by which a store drops the oldest.
    private(set) var sequence = 0

    init(limit: Int) {
        self.limit = limit
    }

    subscript(key: IdempotencyKey) -> Entry? { entries[key] }

    /// The most answers kept.
    var capacity: Int { limit }

    /// Remembers the answer to a successful request; returns its sequence number.
    @discardableResult
    mutating func remember(_ key: IdempotencyKey, _ entry: Entry, sequence: Int? = nil) -> Int {
        self.sequence = sequence ?? self.sequence + 1
        defer { trimOrder() }
        heldBytes += Self.heldBytes(key, entry)
        if let replaced = entries.updateValue(entry, forKey: key) {
            heldBytes -= Self.heldBytes(key, replaced)
            return self.sequence
        }
        order.append(key)
        return self.sequence
    }

    private mutating func trimOrder() {
        if order.count - head > limit {
            let oldest = order[head]
            if let dropped = entries.removeValue(forKey: oldest) { heldBytes -= Self.heldBytes(oldest, dropped) }
            head += 1
            // Compact now and then so the order list stays bounded too.
            if head > limit {
                order.removeFirst(head)
                head = 0
            }
        }
    }

    /// About what one remembered answer holds: its body, its key, and the dictionary's and order list's slots.
    /// Counted high on purpose: answers at one version share that version's state bytes, but each is charged
    /// them (they stop being shared with the session's own state once it moves on).
    private static func heldBytes(_ key: IdempotencyKey, _ entry: Entry) -> Int {
        128 + key.bytes.count + entry.answer.count
    }
}
