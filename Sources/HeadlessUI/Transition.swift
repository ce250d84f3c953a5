/// A view operation as UIKit would have animated it; recorded, never timed.
public struct Transition: Sendable, Equatable {
    /// The operation performed.
    public enum Kind: String, Sendable {
        case push, pop, setViewControllers, present, dismiss, interactivePop, interactiveDismiss, selectTab
    }

    /// What happened.
    public let kind: Kind
    /// The `animated` flag the caller passed.
    public let animated: Bool

    /// Creates a record of one operation.
    public init(kind: Kind, animated: Bool) {
        self.kind = kind
        self.animated = animated
    }
}
