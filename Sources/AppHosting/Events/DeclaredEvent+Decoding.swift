import HeadlessUI

extension DeclaredEvent {
    /// Reads the fields `declaration` has from a body's fields: each one present, unless optional, and of its
    /// kind. Fields it does not declare are ignored, as the built-in types ignore theirs. `screens`: what a
    /// screen field may name (nil: any name).
    init(fields: JSONFields, declaration: EventDeclaration, screens: [String]?) throws(EventDecodingError) {
        var values: [(name: String, value: Value)] = []
        values.reserveCapacity(declaration.fields.count)
        for field in declaration.fields {
            // Byte for byte, as types are matched: JSON names are equal when their characters are.
            switch fields.fields.first(where: { $0.name.isSameName(as: field.name) })?.value {
            case nil:
                if field.isOptional { continue }
                throw .malformed("`\(declaration.type)` needs the \(field.kind.name) field `\(field.name)`")
            case .null?:
                if field.isOptional { continue }
                throw .malformed(Self.wrongKind(field) + ", not null")
            case let value?:
                values.append((field.name, try Self.value(value, of: field, screens: screens)))
            }
        }
        self.init(type: declaration.type, values: values)
    }

    private static func value(_ value: JSONFields.Value, of field: EventField, screens: [String]?) throws(EventDecodingError) -> Value {
        switch (field.kind, value) {
        case let (.string, .string(string)):
            return .string(try AppEvent.checked(string, field: field.name))
        case let (.integer(range), .number(literal)):
            // Digits only (JSON has no `+`, and no leading zeros): a fraction or an exponent is no integer here,
            // whatever it equals.
            guard literal.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }) else { break }
            guard let integer = Int(literal), range.contains(integer) else {
                throw .malformed("`\(field.name)` must be an integer from \(range.lowerBound) to \(range.upperBound)")
            }
            return .integer(integer)
        case let (.boolean, .bool(bool)):
            return .boolean(bool)
        case let (.screen, .string(string)):
            let name = try AppEvent.checked(string, field: field.name)
            if let screens, !screens.contains(where: { $0.isSameName(as: name) }) {
                throw .malformed("`\(field.name)` must be one of the app's screens: \(Self.alternatives(screens))")
            }
            return .string(name)
        case let (.oneOf(choices), .string(string)):
            guard let choice = choices.first(where: { $0.isSameName(as: string) }) else { break }
            return .string(choice)
        default:
            break
        }
        throw .malformed(wrongKind(field))
    }

    /// What `field` must be, as the start of a refusal.
    private static func wrongKind(_ field: EventField) -> String {
        switch field.kind {
        case .string, .screen: "`\(field.name)` must be a string"
        case .integer: "`\(field.name)` must be an integer"
        case .boolean: "`\(field.name)` must be a boolean"
        case let .oneOf(choices): "`\(field.name)` must be \(alternatives(choices))"
        }
    }

    /// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
    private static func alternatives(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}
