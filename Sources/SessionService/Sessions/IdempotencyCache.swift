import HTTPServer

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
        let response: HTTPResponse
    }

    /// The longest key accepted, in bytes.
    static let maxKeyLength = 255

    private let limit: Int
    private var entries: [IdempotencyKey: Entry] = [:]
    private var order: [IdempotencyKey] = []
    private var head = 0

    init(limit: Int) {
        self.limit = limit
    }

    subscript(key: IdempotencyKey) -> Entry? { entries[key] }

    /// Remembers the answer to a successful request.
    mutating func remember(_ key: IdempotencyKey, body: BodyDigest, response: HTTPResponse) {
        guard entries.updateValue(Entry(body: body, response: response), forKey: key) == nil else { return }
        order.append(key)
        if order.count - head > limit {
            entries[order[head]] = nil
            head += 1
            // Compact now and then so the order list stays bounded too.
            if head > limit {
                order.removeFirst(head)
                head = 0
            }
        }
    }
}
