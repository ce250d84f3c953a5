import AppHosting

/// An app loaded from a file: what a server registers, and what tells which content it came from.
public struct DeclaredApp: Sendable {
    /// The app as a server hosts it; each session's launch builds a fresh RIB tree (or flows) from the file's
    /// checked model.
    public let definition: AppDefinition
    /// SHA-256 of the file's bytes, 64 lowercase hex digits: stored with a session, it tells whether the app a
    /// later load gives under the same id is still the one the session ran.
    public let digest: String
    /// The file's bytes, which `digest` is of: a store keeps them, and loading them again gives this app (a
    /// session created with it replays with it after the file changed or went away).
    public let bytes: [UInt8]
    /// The path the file was handed over with.
    public let path: String
}
