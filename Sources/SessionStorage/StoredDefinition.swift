/// An app's definition as data (a declared app's file), kept once per distinct content beside the sessions that
/// name it by its digest: a session outlives a change to the file it was created from, or the file's removal.
public struct StoredDefinition: Sendable, Equatable {
    /// SHA-256 of `bytes`, 64 lowercase hex digits: what a store keeps it under and a session names it by.
    public let digest: String
    /// The definition's bytes, exactly as it was loaded from: loading them again gives the same app.
    public let bytes: [UInt8]

    public init(digest: String, bytes: [UInt8]) {
        self.digest = digest
        self.bytes = bytes
    }
}
