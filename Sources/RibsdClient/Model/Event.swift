/// One client event: `{"type": "<type>", ...fields}`.
///
/// The built-in events have static constructors (`.login(name:)`, `.push(_:)`, ... in `Event+Builtin.swift`);
/// an app's own event is `Event(type: "rate", fields: ["stars": 5])`, or, checked against what the app declares,
/// `try app.declaration(of: "rate")?.event(["stars": 5], screens: app.screens)`.
public struct Event: Hashable, Sendable {
    public var type: EventType
    /// Every field but `type`.
    public var fields: [String: JSONValue]

    /// An event of `type` with `fields`; a field named `type` is dropped (the event's own `type` is it).
    public init(type: EventType, fields: [String: JSONValue] = [:]) {
        self.type = type
        self.fields = fields.filter { $0.key != Self.typeKey }
    }

    /// The value of a field, nil when the event has none of that name.
    public subscript(field: String) -> JSONValue? { fields[field] }

    static let typeKey = "type"
}

extension Event: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        type = try container.decode(EventType.self, forKey: FieldKey(Self.typeKey))
        var fields: [String: JSONValue] = [:]
        for key in container.allKeys where key.stringValue != Self.typeKey {
            fields[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.fields = fields
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(type, forKey: FieldKey(Self.typeKey))
        for (name, value) in fields {
            try container.encode(value, forKey: FieldKey(name))
        }
    }
}
