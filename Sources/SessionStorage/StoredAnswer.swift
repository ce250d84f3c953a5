/// The answer kept for an `Idempotency-Key`: what a retry of the same request gets, byte for byte.
public struct StoredAnswer: Sendable, Equatable {
    /// The session's count of remembered answers when this one was kept: the oldest are dropped by it.
    public let sequence: Int
    /// The key's bytes, as the client sent them.
    public let key: [UInt8]
    /// The digest of the first request's body: a retry must send the same bytes.
    public let bodyDigest: [UInt8]
    /// The session's version the answer showed (its `ETag`).
    public let version: Int
    /// The answer's body.
    public let body: [UInt8]

    public init(sequence: Int, key: [UInt8], bodyDigest: [UInt8], version: Int, body: [UInt8]) {
        self.sequence = sequence
        self.key = key
        self.bodyDigest = bodyDigest
        self.version = version
        self.body = body
    }
}
