/// One field of an event type an app declares: its name, what values it takes, and whether it may be left out.
public struct EventField: Sendable, Equatable {
    /// What values a field takes.
    public enum Kind: Sendable, Equatable {
        /// A non-empty string of at most `AppEvent.maxFieldLength` characters.
        case string
        /// A JSON integer (digits, no fraction or exponent) in the range.
        case integer(ClosedRange<Int>)
        /// `true` or `false`.
        case boolean
        /// The name of one of the app's screens (any non-empty string when the app lists none).
        case screen
        /// One of these strings.
        case oneOf([String])

        /// The kind's name, as `GET /v1/apps` and the errors give it.
        public var name: String {
            switch self {
            case .string: "string"
            case .integer: "integer"
            case .boolean: "boolean"
            case .screen: "screen"
            case .oneOf: "enum"
            }
        }

        /// Whether the values are JSON strings.
        public var isString: Bool {
            switch self {
            case .string, .screen, .oneOf: true
            case .integer, .boolean: false
            }
        }
    }

    /// The field's name in the event's JSON object.
    public let name: String
    /// The values it takes.
    public let kind: Kind
    /// Whether an event may leave it out (or send null, which counts as left out).
    public let isOptional: Bool

    /// Creates a field; `EventDeclaration` checks its name.
    public init(_ name: String, _ kind: Kind, optional: Bool = false) {
        if case let .oneOf(values) = kind {
            precondition(!values.isEmpty, "the enum field `\(name)` needs at least one value")
            precondition(Set(values).count == values.count, "the enum field `\(name)` lists a value twice")
            for value in values {
                precondition(
                    !value.isEmpty && value.unicodeScalars.count <= AppEvent.maxFieldLength,
                    "the enum field `\(name)` has a value that is empty or longer than \(AppEvent.maxFieldLength) characters")
            }
        }
        self.name = name
        self.kind = kind
        self.isOptional = optional
    }

    /// A string field.
    public static func string(_ name: String, optional: Bool = false) -> EventField {
        EventField(name, .string, optional: optional)
    }

    /// An integer field, within `range` (any 64-bit integer by default).
    public static func integer(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max, optional: Bool = false) -> EventField {
        EventField(name, .integer(range), optional: optional)
    }

    /// A boolean field.
    public static func boolean(_ name: String, optional: Bool = false) -> EventField {
        EventField(name, .boolean, optional: optional)
    }

    /// A field naming one of the app's screens.
    public static func screen(_ name: String, optional: Bool = false) -> EventField {
        EventField(name, .screen, optional: optional)
    }

    /// A field taking one of `values`.
    public static func oneOf(_ name: String, _ values: [String], optional: Bool = false) -> EventField {
        EventField(name, .oneOf(values), optional: optional)
    }
}
