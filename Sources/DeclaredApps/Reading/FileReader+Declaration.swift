import AppHosting

extension FileReader {
    /// What values a declared field takes, as `GET /v1/apps` names them.
    enum FieldKind: String, CaseIterable {
        case string, integer, boolean, screen, `enum`
    }

    /// The members of an event declaration, and of one of its fields (docs/app.schema.json lists the same).
    static let declarationMembers = ["type", "description", "fields"]
    static let fieldMembers = ["name", "type", "optional", "minimum", "maximum", "values"]

    /// The fields every event may carry, and only as strings (`AppEvent`'s rule): a declaration may use them
    /// with a string kind only.
    private static let builtInStringFields = ["name", "screen", "style", "step"]

    /// Reads one app-defined event type. `EventDeclaration` traps on what it refuses (a bug in a Swift app);
    /// from a file, each such thing is a problem, checked here before one is made.
    mutating func readDeclaration(_ node: JSONNode, at pointer: JSONPointer) -> Located<EventDeclaration>? {
        guard let members = object(node, at: pointer, known: Self.declarationMembers),
            let type = string(members, "type", required: true)
        else { return nil }
        var valid = true
        if !Self.isIdentifier(type.value) {
            report(type.pointer, Self.notIdentifier(type.value))
            valid = false
        } else if EventType(named: type.value) != nil {
            report(type.pointer, "`\(type.value)` is a built-in event type; an app declares types of its own")
            valid = false
        }
        let description = text(members, "description") ?? ""
        var fields: [EventField] = []
        var names: Set<String> = []
        for (node, pointer) in array(members, "fields") ?? [] {
            guard let field = readField(node, at: pointer) else {
                valid = false
                continue
            }
            guard names.insert(field.name).inserted else {
                report(pointer.appending("name"), "the field `\(field.name)` is declared twice")
                valid = false
                continue
            }
            fields.append(field)
        }
        guard valid else { return nil }
        return Located(value: EventDeclaration(type.value, description: description, fields: fields), pointer: pointer)
    }

    private mutating func readField(_ node: JSONNode, at pointer: JSONPointer) -> EventField? {
        guard let members = object(node, at: pointer, known: Self.fieldMembers) else { return nil }
        let name = string(members, "name", required: true)
        let kind = choice(members, "type", as: FieldKind.self)
        if kind == nil, members["type"] == nil { report(pointer, "`type` is missing") }
        let optional = bool(members, "optional") ?? false
        let minimum = integer(members, "minimum")
        let maximum = integer(members, "maximum")
        let values = strings(members, "values")
        var valid = name != nil && kind != nil
        if let name {
            if !Self.isIdentifier(name.value) {
                report(name.pointer, Self.notIdentifier(name.value))
                valid = false
            } else if name.value == "type" {
                report(name.pointer, "no field may be named `type`: it names the event's type")
                valid = false
            } else if let kind, Self.builtInStringFields.contains(name.value), kind == .integer || kind == .boolean {
                report(name.pointer, "`\(name.value)` must take strings, as it does in every event")
                valid = false
            }
        }
        if kind != .integer {
            for bound in ["minimum", "maximum"] where members[bound] != nil {
                report(pointer.appending(bound), "only an integer field has a `\(bound)`")
            }
        }
        if kind != .enum, members["values"] != nil { report(pointer.appending("values"), "only an enum field has `values`") }
        guard valid, let name, let kind else { return nil }
        switch kind {
        case .string: return .string(name.value, optional: optional)
        case .boolean: return .boolean(name.value, optional: optional)
        case .screen: return .screen(name.value, optional: optional)
        case .integer:
            let range = (minimum ?? Int.min, maximum ?? Int.max)
            guard range.0 <= range.1 else {
                report(pointer.appending("maximum"), "must not be less than `minimum`")
                return nil
            }
            return .integer(name.value, in: range.0...range.1, optional: optional)
        case .enum:
            guard let values else {
                report(pointer, "`values` is missing: an enum field needs at least one value")
                return nil
            }
            guard checkEnumValues(values, at: pointer) else { return nil }
            return .oneOf(name.value, values.map(\.value), optional: optional)
        }
    }

    /// `EventField`'s rules for an enum's values: at least one, each once, none longer than a field may be.
    private mutating func checkEnumValues(_ values: [Located<String>], at pointer: JSONPointer) -> Bool {
        guard !values.isEmpty else {
            report(pointer.appending("values"), "an enum field needs at least one value")
            return false
        }
        var valid = true
        var seen: Set<String> = []
        for value in values {
            if !seen.insert(value.value).inserted {
                report(value.pointer, "\"\(value.value)\" is listed twice")
                valid = false
            }
            if value.value.unicodeScalars.count > AppEvent.maxFieldLength {
                report(value.pointer, "is longer than \(AppEvent.maxFieldLength) characters")
                valid = false
            }
        }
        return valid
    }

    /// `EventDeclaration`'s rule for a type's or a field's name: ASCII letters, digits and `_`, starting with a
    /// letter, at most `EventDeclaration.maxNameLength` long (safe in a URL, a schema's name and a form's id).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= EventDeclaration.maxNameLength else { return false }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        return isLetter(first) && name.utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }
    }

    static func notIdentifier(_ name: String) -> String {
        "`\(name)` is not a name of ASCII letters, digits and _ starting with a letter, at most \(EventDeclaration.maxNameLength) long"
    }
}
