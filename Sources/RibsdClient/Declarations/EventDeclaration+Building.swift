/// An app's own event built from its declaration and checked as the server checks it, so that a form (or a
/// typo) finds out before a round trip ends in `malformed_event`.
extension EventDeclaration {
    /// The event of this type with `values`: each declared field present unless optional (null counts as left
    /// out, and is dropped), each of its kind. `screens`: what a `screen` field may name (the app's `screens`;
    /// nil: any name). A value for a field the type does not declare is refused, since the server would ignore it.
    public func event(_ values: [String: JSONValue], screens: [String]? = nil) throws(EventFieldError) -> Event {
        if let stray = values.keys.sorted().first(where: { field($0) == nil }) {
            throw EventFieldError(type: type, field: stray, reason: .undeclared)
        }
        var fields: [String: JSONValue] = [:]
        for field in self.fields {
            let value = values[field.name] ?? .null
            guard value != .null else {
                if field.isOptional { continue }
                throw EventFieldError(type: type, field: field.name, reason: .missing)
            }
            if let reason = field.refusal(of: value, screens: screens) {
                throw EventFieldError(type: type, field: field.name, reason: reason)
            }
            fields[field.name] = value
        }
        return Event(type: type, fields: fields)
    }
}
