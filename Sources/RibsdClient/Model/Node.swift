/// An attached RIB (or, in the `flow` app, a flow or a presentable) and the nodes attached under it.
public struct Node: Hashable, Sendable, Codable {
    public var name: String
    public var kind: NodeKind
    /// Its interactor's state.
    public var active: Bool
    /// Data the RIB holds worth showing (Home: `["name": "kim"]`); nil when it holds none.
    public var state: [String: String]?
    /// In attach order.
    public var children: [Node]

    public init(name: String, kind: NodeKind, active: Bool, state: [String: String]? = nil, children: [Node] = []) {
        self.name = name
        self.kind = kind
        self.active = active
        self.state = state
        self.children = children
    }

    /// This node and every node under it, depth first, in attach order.
    public var allNodes: [Node] { [self] + children.flatMap(\.allNodes) }
}
