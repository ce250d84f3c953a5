/// Something detached that should have gone: RIBs' leak assertion, as data.
public struct Leak: Equatable, Hashable, Sendable {
    /// What kind of object leaked.
    public enum Kind: String, Sendable { case router, interactor, viewController, flow, presentable }
    /// Why it counts as a leak.
    public enum Reason: String, Sendable {
        /// Still referenced after its RIB was detached.
        case stillAlive
        /// Its view is still in the window after its RIB was detached ("appearance has leaked").
        case stillOnScreen
    }

    /// The RIB (or screen) it belonged to.
    public let name: String
    /// What kind of object it is.
    public let kind: Kind
    /// Why it is reported.
    public let reason: Reason

    /// Creates a leak record.
    public init(name: String, kind: Kind, reason: Reason) {
        self.name = name
        self.kind = kind
        self.reason = reason
    }
}
