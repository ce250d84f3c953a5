extension EventDeclaration {
    /// Writes the declaration as `GET /v1/apps` lists it: `type`, `description`, and `fields`, each with its
    /// `name`, `type` (`string`, `integer`, `boolean`, `screen`, `enum`), `optional`, and its bounds or values.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("type", type)
        json.field("description", description)
        json.key("fields")
        json.beginArray()
        for field in fields {
            json.beginObject()
            json.field("name", field.name)
            json.field("type", field.kind.name)
            json.key("optional")
            json.bool(field.isOptional)
            switch field.kind {
            case let .integer(range):
                json.field("minimum", range.lowerBound)
                json.field("maximum", range.upperBound)
            case let .oneOf(values):
                json.key("values")
                json.strings(values)
            case .string, .boolean, .screen:
                break
            }
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}
