/// Why a session's stream ended (`event: end`, `data: {"reason": ...}`).
public struct StreamEndReason: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// The session was deleted.
    public static let deleted = StreamEndReason(rawValue: "deleted")
    /// The session was idle past the server's TTL.
    public static let expired = StreamEndReason(rawValue: "expired")
    /// The server stops; the stream reconnects (the session outlives a restart with the durable store).
    public static let shutdown = StreamEndReason(rawValue: "shutdown")
    /// The session's app did not replay its history to the state it showed: the session was closed.
    public static let failed = StreamEndReason(rawValue: "failed")
}
