import AppHosting
import Foundation

extension OpenAPIDocument {
    /// The document for a server hosting `apps`: their ids (`json(hosting:)`), and a schema for each event type
    /// they declare, so that generators and validators see every event a client may send. The built-in types
    /// stay as `docs/openapi.json` has them; a declared type joins `EventType` (and so `accepts` and `events`)
    /// and the `Event` union, under the name `AppEvent_<type>`.
    static func json(hosting apps: [AppDefinition]) -> String {
        var document = json(hosting: apps.map(\.id))
        // The built-in apps' own types are in `docs/openapi.json` already: one another app declares otherwise
        // gets its schema as an alternative there; the others join as below.
        let types = declaredTypes(of: apps).filter { type in !mergeVariants(type, into: &document) }
        guard !types.isEmpty else { return document }
        // `EventType`'s list, which starts with the built-in types: the new ones go at its end.
        let builtIn = EventType.builtIn.map { quote($0.rawValue) }
        if let list = document.range(of: "\"enum\": [\(builtIn.joined(separator: ", "))"),
            let end = document[list.upperBound...].firstIndex(of: "]")
        {
            document.insert(contentsOf: types.map { ", " + quote($0.type) }.joined(), at: end)
        } else {
            assertionFailure("the OpenAPI document no longer lists the event types as `json(hosting:)` expects")
        }
        insert(after: ##"{"$ref": "#/components/schemas/StepEvent"}"##, in: &document) { indentation in
            types.map { ",\n\(indentation){\"$ref\": \(quote("#/components/schemas/" + schemaName($0.type)))}" }.joined()
        }
        insert(after: ##""step": "#/components/schemas/StepEvent""##, in: &document) { indentation in
            types.map { ",\n\(indentation)\(quote($0.type)): \(quote("#/components/schemas/" + schemaName($0.type)))" }.joined()
        }
        insert(before: #""State": {"#, in: &document) { indentation in
            types.map { "\(quote(schemaName($0.type))): \(schema(of: $0.variants)),\n\(indentation)" }.joined()
        }
        return document
    }

    /// When the document describes `type` already (one line, `"AppEvent_<type>": <schema>,`), adds the variants
    /// it lacks as alternatives and answers true; false when it does not describe it.
    private static func mergeVariants(_ type: (type: String, variants: [String]), into document: inout String) -> Bool {
        guard let start = document.range(of: "\(quote(schemaName(type.type))): ") else { return false }
        let lineEnd = document[start.upperBound...].firstIndex(of: "\n") ?? document.endIndex
        var existing = String(document[start.upperBound..<lineEnd])
        if existing.hasSuffix(",") { existing.removeLast() }
        let missing = type.variants.filter { !existing.contains($0) }
        guard !missing.isEmpty else { return true }
        let alternatives =
            existing.hasPrefix("{\"anyOf\": [")
            ? String(existing.dropFirst(11).dropLast(2)) : existing
        let merged = "{\"anyOf\": [\(([alternatives] + missing).joined(separator: ", "))]}"
        document.replaceSubrange(start.upperBound..<lineEnd, with: merged + (document[..<lineEnd].hasSuffix(",") ? "," : ""))
        return true
    }

    /// The component naming a declared type's schema: a prefix keeps it apart from the document's own names
    /// (a type `stream` would otherwise meet `StreamEvent`), and declared names are identifiers already.
    static func schemaName(_ type: String) -> String {
        "AppEvent_" + type
    }

    /// Each type declared by some app, in the registry's order, with the schema of each app's declaration of it.
    private static func declaredTypes(of apps: [AppDefinition]) -> [(type: String, variants: [String])] {
        var types: [(type: String, variants: [String])] = []
        for app in apps {
            for declaration in app.declarations {
                let variant = schema(of: declaration, in: app)
                if let index = types.firstIndex(where: { $0.type == declaration.type }) {
                    if !types[index].variants.contains(variant) { types[index].variants.append(variant) }
                } else {
                    types.append((declaration.type, [variant]))
                }
            }
        }
        return types
    }

    /// One type's schema: its one declaration's, or, when apps declare it differently, any of theirs.
    private static func schema(of variants: [String]) -> String {
        guard variants.count > 1 else { return variants.first ?? "{}" }
        return "{\"anyOf\": [\(variants.joined(separator: ", "))]}"
    }

    /// The schema of `declaration` as `app` declares it: its `type`, its required fields and each field's values.
    private static func schema(of declaration: EventDeclaration, in app: AppDefinition) -> String {
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.field("type", "object")
        let summary = declaration.description.isEmpty ? "Declared by the app `\(app.id)`." : "\(declaration.description) (app `\(app.id)`)"
        json.field("description", summary)
        json.key("required")
        json.strings(["type"] + declaration.fields.filter { !$0.isOptional }.map(\.name))
        json.key("properties")
        json.beginObject()
        json.key("type")
        json.beginObject()
        json.field("const", declaration.type)
        json.endObject()
        for field in declaration.fields {
            json.key(named: field.name)
            writeSchema(of: field, screens: app.screens, to: &json)
        }
        json.endObject()
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// A field's values as JSON Schema; an optional field may also be null, which counts as left out.
    private static func writeSchema(of field: EventField, screens: [String]?, to json: inout JSONWriter) {
        json.beginObject()
        func type(_ name: String) {
            json.key("type")
            if field.isOptional { json.strings([name, "null"]) } else { json.string(name) }
        }
        func choices(_ values: [String]) {
            json.key("enum")
            json.beginArray()
            for value in values { json.string(value) }
            if field.isOptional { json.null() }
            json.endArray()
        }
        switch field.kind {
        case .screen where screens != nil:
            choices(screens ?? [])
        case .string, .screen:
            type("string")
            json.field("minLength", 1)
            json.field("maxLength", AppEvent.maxFieldLength)
        case let .integer(range):
            type("integer")
            json.field("minimum", range.lowerBound)
            json.field("maximum", range.upperBound)
        case .boolean:
            type("boolean")
        case let .oneOf(values):
            choices(values)
        }
        json.endObject()
    }

    /// Inserts what `text` makes of the anchor line's indentation right after the one occurrence of `anchor`.
    private static func insert(after anchor: String, in document: inout String, _ text: (String) -> String) {
        guard let range = document.range(of: anchor) else {
            assertionFailure("the OpenAPI document no longer has `\(anchor)`, where declared events go")
            return
        }
        document.insert(contentsOf: text(indentation(at: range.lowerBound, in: document)), at: range.upperBound)
    }

    /// Inserts what `text` makes of the anchor line's indentation right before the one occurrence of `anchor`.
    private static func insert(before anchor: String, in document: inout String, _ text: (String) -> String) {
        guard let range = document.range(of: anchor) else {
            assertionFailure("the OpenAPI document no longer has `\(anchor)`, where declared events go")
            return
        }
        document.insert(contentsOf: text(indentation(at: range.lowerBound, in: document)), at: range.lowerBound)
    }

    /// The spaces that start the line holding `index`.
    private static func indentation(at index: String.Index, in document: String) -> String {
        let lineStart = document[..<index].lastIndex(of: "\n").map { document.index(after: $0) } ?? document.startIndex
        return String(document[lineStart...].prefix { $0 == " " })
    }
}
