extension DeclaredEvent {
    /// Writes the event in its canonical form: `type`, then its fields in the declaration's order.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("type", type)
        for (name, value) in values {
            json.key(named: name)
            switch value {
            case let .string(string): json.string(string)
            case let .integer(integer): json.int(integer)
            case let .boolean(bool): json.bool(bool)
            }
        }
        json.endObject()
    }
}
