import HTTPServer

/// The answers to a session's recent `Idempotency-Key`s, oldest dropped first past the limit.
struct IdempotencyCache {
    struct Entry {
        /// The first request's body, as a digest: a retry must send the same bytes.
        let body: BodyDigest
        let response: HTTPResponse
    }

    /// The longest key accepted.
    static let maxKeyLength = 255

    private let limit: Int
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    private var head = 0

    init(limit: Int) {
        self.limit = limit
    }

    subscript(key: String) -> Entry? { entries[key] }

    /// Remembers the answer to a successful request.
    mutating func remember(_ key: String, body: BodyDigest, response: HTTPResponse) {
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
