import HeadlessUI

/// RIBs' assertions as values: misuse of the tree never traps.
public enum RoutingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `attachChild` of a router that is already attached.
    case alreadyAttached(String)
    /// `detachChild` of a router that is not a child.
    case notAChild(String)
    /// A view operation UIKit refuses.
    case view(ViewHierarchyError)

    public var description: String {
        switch self {
        case let .alreadyAttached(name): return "\(name) is already attached"
        case let .notAChild(name): return "\(name) is not a child of this router"
        case let .view(error): return error.description
        }
    }
}
