import HeadlessUI

extension AppEvent {
    /// The longest `name`, `screen` or `step` accepted, in characters (Unicode scalars, as JSON Schema counts).
    /// A session keeps its applied events, and a login's name is in every state after it: unbounded, one
    /// client could fill the server's memory with names of nearly the body limit each.
    public static let maxFieldLength = 256

    /// Decodes an event body strictly (RFC 8259), validating each field its type needs; extra fields are ignored.
    /// `catalog` holds the types the session's app declares beside the built-in ones. Borrowed: an initializer
    /// takes its arguments owned, which costs a retain and a release of the catalog for every event decoded.
    public init(json bytes: [UInt8], catalog: borrowing EventCatalog = .builtIn) throws(EventDecodingError) {
        let fields: JSONFields
        do {
            fields = try JSONFields(bytes)
        } catch {
            throw .malformed(error.description)
        }
        try self.init(fields: fields, catalog: catalog)
    }

    /// Decodes an event from a body's fields, read already.
    public init(fields: JSONFields, catalog: borrowing EventCatalog = .builtIn) throws(EventDecodingError) {
        guard let typeValue = fields["type"] else { throw .malformed("`type` is missing") }
        guard case let .string(typeName) = typeValue else { throw .malformed(Self.notAString("type", typeValue)) }
        guard let type = EventType(named: typeName) else {
            guard let declaration = catalog.declaration(of: typeName) else {
                throw .unknownType("unknown event type \"\(typeName)\"; known types: \(catalog.knownTypes)")
            }
            try Self.checkStringFields(fields)
            self = .declared(try DeclaredEvent(fields: fields, declaration: declaration, screens: catalog.screens))
            return
        }
        try Self.checkStringFields(fields)
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
        case .declared: preconditionFailure("`EventType(named:)` gives built-in types only")
        }
    }

    /// The fields the built-in events carry; any event may name them, each only as a string (or null, for absent).
    static let stringFields = ["name", "screen", "style", "step"]

    /// Refuses a body whose `name`, `screen`, `style` or `step` is not a string, whatever its type (as the schema
    /// says): `{"type":"logout","name":5}` is a client's bug to report, not a field to ignore. An app's own types
    /// keep that rule: no declaration gives those names another kind.
    @inline(__always)
    private static func checkStringFields(_ fields: JSONFields) throws(EventDecodingError) {
        // One pass over the values: only one that is not a string looks at its name (usually none does).
        for (name, value) in fields.fields {
            switch value {
            case .null, .string: continue
            default: if stringFields.contains(name) { throw .malformed(notAString(name, value)) }
            }
        }
    }

    private static func required(_ field: String, in fields: JSONFields, of type: EventType) throws(EventDecodingError) -> String {
        guard let value = fields[field] else { throw .malformed("`\(type.rawValue)` needs the string field `\(field)`") }
        guard case let .string(string) = value else { throw .malformed(notAString(field, value)) }
        return try checked(string, field: field)
    }

    /// `string` as a field's value: not empty, and at most `maxFieldLength` characters.
    @inline(__always)
    static func checked(_ string: String, field: String) throws(EventDecodingError) -> String {
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
