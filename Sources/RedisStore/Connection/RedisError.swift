import SessionStorage

/// Why a Redis call failed, before the store says what its callers should make of it.
enum RedisError: Error, CustomStringConvertible {
    /// The connection could not be made, broke, or timed out: it is dropped, and the next call makes a new one.
    case connection(String)
    /// The server answered with an error (`-ERR ...`, `-WRONGTYPE ...`); the connection is still good.
    case server(String)
    /// The server answered with something this store never asked for.
    case unexpected(String)

    var description: String {
        switch self {
        case let .connection(message): message
        case let .server(message): "redis answered: \(message)"
        case let .unexpected(message): "redis answered unexpectedly: \(message)"
        }
    }

    /// What the store's callers should make of it: an unreachable, slow, loading or full server passes; keys
    /// that hold something else, or a reply that makes no sense, do not.
    var storeError: StoreError {
        switch self {
        case .connection: StoreError(.unavailable, description)
        case let .server(message) where message.hasPrefix("WRONGTYPE"): StoreError(.unusable, description)
        case .server: StoreError(.unavailable, description)
        case .unexpected: StoreError(.unusable, description)
        }
    }
}
