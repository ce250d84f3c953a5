import SessionStorage

// Records for the stores' tests, each engine's suite alike: bytes that name their session and version, so that
// nothing matches by accident, with the awkward bytes (NUL, 0xFF) a store must keep as they are.

/// `text`'s bytes, then `extra`.
public func bytes(_ text: String, _ extra: [UInt8] = []) -> [UInt8] { Array(text.utf8) + extra }

/// A stored session at version 1.
public func storedSession(_ id: String, app: String = "login", at: Int64) -> StoredSession {
    StoredSession(id: id, app: app, createdAt: at, lastAccessAt: at, version: 1, stateDigest: bytes("digest-\(id)-1", [0, 255]))
}

/// The event making `version`, with bytes that name the session, the version and `writer` (an instance, where
/// several write one session).
public func storedEvent(_ id: String, version: Int, at: Int64, size: Int = 0, by writer: String = "") -> StoredEvent {
    StoredEvent(
        version: version, event: bytes(#"{"type":"push","screen":"\#(id)-\#(version)\#(writer)"}"#, [UInt8](repeating: 0x41, count: size)),
        at: at, stateDigest: bytes("digest-\(id)-\(version)", [0, 1, 128, 255]))
}

/// An answer kept for an `Idempotency-Key`, `size` bytes of body past its name.
public func storedAnswer(_ id: String, sequence: Int, version: Int, size: Int = 0) -> StoredAnswer {
    StoredAnswer(
        sequence: sequence, key: bytes("key-\(sequence)", [0, 0xFE]), bodyDigest: bytes("body-\(sequence)", [7]),
        version: version, body: bytes("state-\(id)-\(version)", [UInt8](repeating: UInt8(sequence % 256), count: size)))
}

/// The summary as it is after `event` was appended at `lastAccess`.
public func advanced(_ session: StoredSession, to event: StoredEvent, lastAccess: Int64) -> StoredSession {
    var copy = session
    copy.version = event.version
    copy.stateDigest = event.stateDigest
    copy.lastAccessAt = lastAccess
    return copy
}
