/// One field of a declared event type: its name, the values it takes, and whether it may be left out.
public struct EventFieldDeclaration: Hashable, Sendable {
    /// The field's name in the event's JSON object.
    public var name: String
    public var kind: EventFieldKind
    /// Whether an event may leave it out (or send null, which counts as left out).
    public var isOptional: Bool

    public init(name: String, kind: EventFieldKind, isOptional: Bool = false) {
        self.name = name
        self.kind = kind
        self.isOptional = isOptional
    }
}

extension EventFieldDeclaration: Codable {
    // The contract names the kind `type`, and spreads an integer's bounds and an enum's values beside it.
    private enum CodingKeys: String, CodingKey {
        case name, type, optional, minimum, maximum, values
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        isOptional = try container.decodeIfPresent(Bool.self, forKey: .optional) ?? false
        let kindName = try container.decode(String.self, forKey: .type)
        switch kindName {
        case "string": kind = .string
        case "boolean": kind = .boolean
        case "screen": kind = .screen
        case "integer":
            let minimum = try container.decodeIfPresent(Int.self, forKey: .minimum) ?? .min
            let maximum = try container.decodeIfPresent(Int.self, forKey: .maximum) ?? .max
            guard minimum <= maximum else {
                throw DecodingError.dataCorruptedError(
                    forKey: .maximum, in: container, debugDescription: "maximum \(maximum) below minimum \(minimum)")
            }
            kind = .integer(minimum...maximum)
        case "enum":
            kind = .oneOf(try container.decode([String].self, forKey: .values))
        default:
            kind = .unknown(kindName)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind.name, forKey: .type)
        try container.encode(isOptional, forKey: .optional)
        switch kind {
        case .integer(let range):
            try container.encode(range.lowerBound, forKey: .minimum)
            try container.encode(range.upperBound, forKey: .maximum)
        case .oneOf(let values):
            try container.encode(values, forKey: .values)
        case .string, .boolean, .screen, .unknown:
            break
        }
    }
}
