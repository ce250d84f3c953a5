import SQLiteStore

/// Where sessions are kept: `--store`, `--data-dir`, `--sync`, `--max-store-bytes`.
public struct StoreOptions: Sendable, Equatable {
    /// The engine behind the sessions.
    public enum Engine: String, Sendable, CaseIterable {
        /// In this process's memory only: a restart loses every session.
        case memory
        /// An SQLite database in `dataDirectory`: sessions survive restarts and crashes.
        case sqlite
        /// A Redis server many instances share (`redisURL`): any instance serves any session.
        case redis
    }

    public var engine = Engine.sqlite
    /// The folder of the SQLite database (made if only it is missing).
    public var dataDirectory = "./ribsd-data"
    /// How a commit reaches the disk.
    public var sync = SQLiteSessionStore.Sync.normal
    /// The most bytes the database may hold; past it, changes answer 503 `store_unavailable`. Nil: the disk's room.
    public var maxBytes: Int?
    /// The Redis server, `redis://HOST[:PORT][/DB]`, for `.redis`.
    public var redisURL: String?

    public init() {}
}
