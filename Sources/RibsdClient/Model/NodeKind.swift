/// What an attached node of the tree is: a RIB's kind, or, in the `flow` app, a flow or a presentable.
public struct NodeKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let launch = NodeKind(rawValue: "launch")
    public static let viewable = NodeKind(rawValue: "viewable")
    public static let viewless = NodeKind(rawValue: "viewless")
    public static let flow = NodeKind(rawValue: "flow")
    public static let presentable = NodeKind(rawValue: "presentable")
}
