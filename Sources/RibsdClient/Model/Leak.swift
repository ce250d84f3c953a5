/// A RIB, interactor or view controller detached but still alive or on screen (empty in a correct app).
public struct Leak: Hashable, Sendable, Codable {
    public var name: String
    /// `router`, `interactor`, `viewController`, `flow` or `presentable`.
    public var kind: String
    /// `stillAlive` or `stillOnScreen`.
    public var reason: String

    public init(name: String, kind: String, reason: String) {
        self.name = name
        self.kind = kind
        self.reason = reason
    }
}
