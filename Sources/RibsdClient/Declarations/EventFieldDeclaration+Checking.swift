/// A field's value checked as the server checks it (docs/CONTRACT.md, "Events"), before a round trip ends in
/// `malformed_event`.
extension EventFieldDeclaration {
    /// The longest string a string or screen field takes, in characters (Unicode scalars).
    public static let maxStringLength = 256

    /// What is wrong with `value` (not null) for this field; nil when the server would take it.
    public func refusal(of value: JSONValue, screens: [String]? = nil) -> EventFieldError.Reason? {
        switch (kind, value) {
        case (.string, .string(let text)):
            return Self.lengthProblem(text)
        case (.screen, .string(let text)):
            if let screens, !screens.contains(text) { return .notOneOf(screens) }
            return Self.lengthProblem(text)
        case (.oneOf(let values), .string(let text)):
            return values.contains(text) ? nil : .notOneOf(values)
        case (.integer(let range), .integer(let number)):
            return range.contains(number) ? nil : .outOfRange(range)
        case (.boolean, .bool), (.unknown, _):
            return nil
        default:
            return .wrongKind
        }
    }

    private static func lengthProblem(_ text: String) -> EventFieldError.Reason? {
        (1...maxStringLength).contains(text.unicodeScalars.count) ? nil : .length
    }
}
