/// An event type an app declares beside the built-in ones (`GET /v1/apps`, `declaredEvents`): sent as
/// `{"type": <type>, <field>: <value>, ...}`, each field of its kind (docs/CONTRACT.md, "Events").
public struct EventDeclaration: Hashable, Sendable, Codable {
    public var type: EventType
    public var description: String
    /// In the order the history writes them.
    public var fields: [EventFieldDeclaration]

    public init(type: EventType, description: String, fields: [EventFieldDeclaration] = []) {
        self.type = type
        self.description = description
        self.fields = fields
    }

    /// The field called `name`, if the type declares one.
    public func field(_ name: String) -> EventFieldDeclaration? {
        fields.first { $0.name == name }
    }
}
