import RibsdClient

/// The fields of an app's declared event, asked one at a time before it is sent: a digit picks an enum's value,
/// a boolean, or one of the app's screens; a string, an integer, or a screen of an app that lists none is typed
/// and ended with Enter. A value the server would refuse is refused here, and the field asked again.
struct EventForm: Equatable {
    /// Where the form stands after a key.
    enum Outcome: Equatable {
        /// A field is still to answer; `problem`: why the value just given was refused.
        case asking(problem: String?)
        /// Every field answered: the event to send.
        case done(Event)
    }

    /// A value a digit picks; `.null` leaves an optional field out.
    struct Choice: Equatable {
        let label: String
        let value: JSONValue
    }

    let declaration: EventDeclaration
    /// What a screen field may name: the app's screens (nil: any name).
    let screens: [String]?
    /// The values answered so far, by field name; a field left out has none.
    private(set) var values: [String: JSONValue] = [:]
    /// The position of the field asked.
    private(set) var index = 0
    /// The bytes typed for the field asked (UTF-8, as the terminal sends them).
    private var typed: [UInt8] = []

    /// A form for `declaration`, which declares at least one field.
    init(_ declaration: EventDeclaration, screens: [String]?) {
        precondition(!declaration.fields.isEmpty, "a form needs a field to ask")
        self.declaration = declaration
        self.screens = screens
    }

    /// The field asked.
    var field: EventFieldDeclaration { declaration.fields[index] }

    /// What has been typed for the field asked.
    var text: String { String(decoding: typed, as: UTF8.self) }

    /// The values digits 1 to 9 pick for the field asked, an optional field's last leaving it out; nil when the
    /// field is typed.
    var choices: [Choice]? {
        var choices: [Choice]
        switch field.kind {
        case .oneOf(let values): choices = values.map { Choice(label: $0, value: .string($0)) }
        case .boolean: choices = [Choice(label: "true", value: true), Choice(label: "false", value: false)]
        case .screen where !(screens ?? []).isEmpty: choices = (screens ?? []).map { Choice(label: $0, value: .string($0)) }
        default: return nil
        }
        if field.isOptional { choices.append(Choice(label: "(none)", value: .null)) }
        return choices
    }

    /// `placeMark row=1 · col (integer 0…2)`: the event so far and the field asked.
    var prompt: String {
        let answered = declaration.fields.prefix(index).compactMap { field in values[field.name].map { "\(field.name)=\(Self.text($0))" } }
        let asked = "\(field.name) (\(field.kind)\(field.isOptional ? ", optional" : ""))"
        return ([declaration.type.rawValue] + answered).joined(separator: " ") + " · " + asked
    }

    /// Takes a key: a digit for a choice; for a typed field, a character, Backspace, or Enter to answer.
    mutating func press(_ key: UInt8) -> Outcome {
        if let choices {
            guard (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(key) else { return .asking(problem: nil) }
            let position = Int(key - UInt8(ascii: "1"))
            guard position < choices.count else { return .asking(problem: nil) }
            return answer(choices[position].value)
        }
        switch key {
        case 10, 13:
            return enter()
        case 8, 127:
            // A whole character: its continuation bytes, then its first.
            while let last = typed.popLast(), (0x80...0xBF).contains(last) {}
            return .asking(problem: nil)
        case 0..<32:
            return .asking(problem: nil)
        default:
            typed.append(key)
            return .asking(problem: nil)
        }
    }

    /// The typed text as the field's value: an optional field left empty is left out.
    private mutating func enter() -> Outcome {
        guard !typed.isEmpty else {
            return field.isOptional ? answer(.null) : .asking(problem: "`\(field.name)` needs a value")
        }
        if case .integer = field.kind {
            guard let number = Int(text) else { return refuse(.wrongKind) }
            return answer(.integer(number))
        }
        return answer(.string(text))
    }

    /// Keeps `value` for the field asked and moves to the next, or refuses it; after the last, the event.
    private mutating func answer(_ value: JSONValue) -> Outcome {
        if value != .null, let reason = field.refusal(of: value, screens: screens) { return refuse(reason) }
        if value != .null { values[field.name] = value }
        typed = []
        index += 1
        guard index == declaration.fields.count else { return .asking(problem: nil) }
        do {
            return .done(try declaration.event(values, screens: screens))
        } catch {
            // Each field passed its check, so this is not expected; should it happen, the form starts over.
            (index, values) = (0, [:])
            return .asking(problem: error.description)
        }
    }

    private mutating func refuse(_ reason: EventFieldError.Reason) -> Outcome {
        typed = []
        return .asking(problem: EventFieldError(type: declaration.type, field: field.name, reason: reason).description)
    }

    /// A value as a label shows it: a string bare, anything else as JSON would write it.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .bool(let flag): String(flag)
        case .number(let number): String(number)
        case .null: "null"
        case .array, .object: "…"
        }
    }
}
