/// One applied event in a session's log.
public struct StoredEvent: Sendable, Equatable {
    /// The version the event made.
    public let version: Int
    /// The event in its canonical JSON (what `history` shows and a replay decodes).
    public let event: [UInt8]
    /// When it was applied (wall clock, milliseconds since the epoch).
    public let at: Int64
    /// The digest of the state document at `version`.
    public let stateDigest: [UInt8]

    public init(version: Int, event: [UInt8], at: Int64, stateDigest: [UInt8]) {
        self.version = version
        self.event = event
        self.at = at
        self.stateDigest = stateDigest
    }
}
