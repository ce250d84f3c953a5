import HeadlessUI

extension AppEvent {
    /// The longest `name`, `screen` or `step` accepted, in characters (Unicode scalars, as JSON Schema counts).
    /// A session keeps its applied events, and a login's name is in every state after it: unbounded, one
    /// client could fill the server's memory with names of nearly the body limit each.
    public static let maxFieldLength = 256

    /// Decodes an event body strictly (RFC 8259), validating each field its type needs; extra fields are ignored.
    public init(json bytes: [UInt8]) throws(EventDecodingError) {
        let fields: JSONFields
        do {
            fields = try JSONFields(bytes)
        } catch {
            throw .malformed(error.description)
        }
        try self.init(fields: fields)
    }

    /// Decodes an event from a body's fields, read already.
    public init(fields: JSONFields) throws(EventDecodingError) {
        guard let typeValue = fields["type"] else { throw .malformed("`type` is missing") }
        guard case let .string(typeName) = typeValue else { throw .malformed(Self.notAString("type", typeValue)) }
        guard let type = EventType(named: typeName) else {
            let known = EventType.allCases.map(\.rawValue).joined(separator: ", ")
            throw .unknownType("unknown event type \"\(typeName)\"; known types: \(known)")
        }
        // The event fields are strings whatever the type (as the schema says): `{"type":"logout","name":5}` is a
        // client's bug to report, not a field to ignore.
        // One pass over the values: only one that is not a string looks at its name (usually none does).
        for (name, value) in fields.fields {
            switch value {
            case .null, .string: continue
            default: if Self.eventFields.contains(name) { throw .malformed(Self.notAString(name, value)) }
            }
        }
        switch type {
        case .login: self = .login(name: try Self.required("name", in: fields, of: type))
        case .logout: self = .logout
        case .push: self = .push(screen: try Self.required("screen", in: fields, of: type))
        case .pop: self = .pop
        case .didPop: self = .didPop(screen: try Self.required("screen", in: fields, of: type))
        case .present:
            let screen = try Self.required("screen", in: fields, of: type)
            var style: ModalPresentationStyle?
            switch fields["style"] {
            case nil, .null?:
                break
            case let .string(name)?:
                guard let parsed = ModalPresentationStyle(rawValue: name) else {
                    throw .malformed("`style` must be \"fullScreen\" or \"pageSheet\"")
                }
                style = parsed
            case let other?:
                throw .malformed(Self.notAString("style", other))
            }
            self = .present(screen: screen, style: style)
        case .dismiss: self = .dismiss
        case .didDismiss: self = .didDismiss(screen: try Self.required("screen", in: fields, of: type))
        case .step: self = .step(try Self.required("step", in: fields, of: type))
        }
    }

    /// The fields events carry; any event may name them, each only as a string (or null, for absent).
    private static let eventFields = ["name", "screen", "style", "step"]

    private static func required(_ field: String, in fields: JSONFields, of type: EventType) throws(EventDecodingError) -> String {
        guard let value = fields[field] else { throw .malformed("`\(type.rawValue)` needs the string field `\(field)`") }
        guard case let .string(string) = value else { throw .malformed(notAString(field, value)) }
        guard !string.isEmpty else { throw .malformed("`\(field)` must not be empty") }
        // Bytes first: no longer in bytes than the limit, it is no longer in characters either.
        guard string.utf8.count <= maxFieldLength || string.unicodeScalars.count <= maxFieldLength else {
            throw .malformed("`\(field)` must be at most \(maxFieldLength) characters")
        }
        return string
    }

    private static func notAString(_ field: String, _ value: JSONFields.Value) -> String {
        value == .null ? "`\(field)` must be a string, not null" : "`\(field)` must be a string"
    }
}
