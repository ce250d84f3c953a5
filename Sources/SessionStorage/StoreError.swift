/// Why a store could not do what it was asked.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The store cannot take the write now (a full disk, an I/O error, a server out of reach): retry later.
        case unavailable
        /// What the store holds cannot be used (not a ribsd store, a newer schema, damaged): an operator's matter.
        case unusable
    }

    public let kind: Kind
    /// What went wrong, for logs and problem details.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
