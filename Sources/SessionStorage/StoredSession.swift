/// A stored session's summary: who it is, and what its replay must come back to.
public struct StoredSession: Sendable, Equatable {
    public let id: String
    /// The app's id, as the registry names it.
    public let app: String
    /// When it was created (wall clock, milliseconds since the epoch).
    public let createdAt: Int64
    /// When a request last used it (wall clock); the idle TTL counts from here across restarts.
    public var lastAccessAt: Int64
    /// Its current version: 1 plus the events in its log.
    public var version: Int
    /// The digest of its state document at `version`.
    public var stateDigest: [UInt8]
    /// The digest of the definition it was created with (`StoredDefinition`, kept once beside the sessions):
    /// its replay runs that one whatever is loaded under `app` now. Nil for an app compiled into the server, and
    /// in records from before definitions were kept: those replay with the app hosted under `app` now.
    public let definition: String?

    public init(
        id: String, app: String, createdAt: Int64, lastAccessAt: Int64, version: Int, stateDigest: [UInt8], definition: String? = nil
    ) {
        self.id = id
        self.app = app
        self.createdAt = createdAt
        self.lastAccessAt = lastAccessAt
        self.version = version
        self.stateDigest = stateDigest
        self.definition = definition
    }
}
