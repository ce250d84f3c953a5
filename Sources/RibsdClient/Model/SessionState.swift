/// A session's state: the body of every success but a delete, and of every frame of its stream.
public struct SessionState: Hashable, Sendable {
    /// The session's id.
    public var session: String
    public var app: String
    /// 1 on creation, +1 for every event that changed something (the `ETag`).
    public var version: Int
    /// The attached RIBs from the root.
    public var tree: Node
    /// What is on screen, from the window's root outward.
    public var layers: [Layer]
    /// The stack of the frontmost layer, bottom to top.
    public var stack: [String]
    /// The last screen of `stack`; nil when it is empty.
    public var top: String?
    /// The event types that the RIBs now on screen would handle with a change.
    public var accepts: [EventType]
    public var leaks: [Leak]
    /// Fields an app adds to its state (the `flow` app's `steps`), and fields added to the contract later.
    public var extras: [String: JSONValue]

    public init(
        session: String, app: String, version: Int, tree: Node, layers: [Layer], stack: [String], top: String?,
        accepts: [EventType], leaks: [Leak] = [], extras: [String: JSONValue] = [:]
    ) {
        self.session = session
        self.app = app
        self.version = version
        self.tree = tree
        self.layers = layers
        self.stack = stack
        self.top = top
        self.accepts = accepts
        self.leaks = leaks
        self.extras = extras
    }
}

extension SessionState: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case session, app, version, tree, layers, stack, top, accepts, leaks
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        session = try container.decode(String.self, forKey: .session)
        app = try container.decode(String.self, forKey: .app)
        version = try container.decode(Int.self, forKey: .version)
        tree = try container.decode(Node.self, forKey: .tree)
        layers = try container.decode([Layer].self, forKey: .layers)
        stack = try container.decode([String].self, forKey: .stack)
        top = try container.decodeIfPresent(String.self, forKey: .top)
        accepts = try container.decode([EventType].self, forKey: .accepts)
        leaks = try container.decode([Leak].self, forKey: .leaks)
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        let all = try decoder.container(keyedBy: FieldKey.self)
        var extras: [String: JSONValue] = [:]
        for key in all.allKeys where !known.contains(key.stringValue) {
            extras[key.stringValue] = try all.decode(JSONValue.self, forKey: key)
        }
        self.extras = extras
    }

    public func encode(to encoder: any Encoder) throws {
        var extra = encoder.container(keyedBy: FieldKey.self)
        for (name, value) in extras where CodingKeys(rawValue: name) == nil {
            try extra.encode(value, forKey: FieldKey(name))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session, forKey: .session)
        try container.encode(app, forKey: .app)
        try container.encode(version, forKey: .version)
        try container.encode(tree, forKey: .tree)
        try container.encode(layers, forKey: .layers)
        try container.encode(stack, forKey: .stack)
        try container.encode(top, forKey: .top)
        try container.encode(accepts, forKey: .accepts)
        try container.encode(leaks, forKey: .leaks)
    }
}
