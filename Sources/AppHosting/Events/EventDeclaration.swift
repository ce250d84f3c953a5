/// An event type an app declares beside the contract's nine: a domain action of its interactors
/// (`placeMark(row:col:)`), sent as `{"type": "placeMark", "row": 1, "col": 2}`.
///
/// A declaration that could not be sent or documented is a bug in the app, refused when the app is defined
/// (a precondition): a name that is not an identifier or is one of the nine built-in types, a field named
/// `type` or twice, or one of the built-in fields (`name`, `screen`, `style`, `step`) taking other than
/// strings, which every event's schema says they are.
public struct EventDeclaration: Sendable, Equatable {
    /// The longest type or field name, in characters.
    public static let maxNameLength = 64

    /// The type's name, the event's `type`.
    public let type: String
    /// One line on what the event does.
    public let description: String
    /// Its fields, in the order the canonical JSON (and the history) writes them.
    public let fields: [EventField]

    /// Declares the type `type` with `fields`.
    public init(_ type: String, description: String = "", fields: [EventField] = []) {
        precondition(Self.isIdentifier(type), "the event type `\(type)` is not a name of letters, digits and _ starting with a letter")
        precondition(EventType(named: type) == nil, "the event type `\(type)` is one of the built-in types")
        var seen: Set<String> = []
        for field in fields {
            precondition(Self.isIdentifier(field.name), "`\(type)`: the field `\(field.name)` is not a name of letters, digits and _")
            precondition(field.name != "type", "`\(type)`: no field may be named `type`")
            precondition(seen.insert(field.name).inserted, "`\(type)`: the field `\(field.name)` is declared twice")
            precondition(
                field.kind.isString || !AppEvent.stringFields.contains(field.name),
                "`\(type)`: the field `\(field.name)` must take strings, as it does in every event")
        }
        self.type = type
        self.description = description
        self.fields = fields
    }

    /// ASCII letters, digits and `_`, starting with a letter: safe in a URL, a schema's name and a form's id.
    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= maxNameLength else { return false }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        return isLetter(first) && name.utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }
    }
}
