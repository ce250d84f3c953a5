import AppHosting

/// An event a link's step sends, as its file writes it: a body whose string fields may hold `{parameter}`s,
/// filled from the URL when the link opens and then decoded as a client's body is.
struct EventTemplate: Sendable {
    /// A piece of a string field: text as written, or a parameter's value.
    enum Piece: Sendable, Equatable {
        case text(String)
        case parameter(String)
    }

    /// A field's value: a string made of pieces, or any other JSON value as written.
    enum Value: Sendable {
        case string([Piece])
        case literal(JSONNode)
    }

    /// The event's type, as written (a refusal names it).
    let type: String
    let fields: [(name: String, value: Value)]

    /// `text`'s pieces: each `{name}` a parameter; nil when a `{` opens no such reference (an empty name or no `}`).
    static func pieces(of text: String) -> [Piece]? {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}"), rest.index(after: open) < close else { return nil }
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }

    /// The event with `parameters` put in, decoded against `catalog`; a parameter the template names and
    /// `parameters` lacks gives an empty string (the loader checks every name is the pattern's).
    func event(_ parameters: [String: String], catalog: EventCatalog) throws(EventDecodingError) -> AppEvent {
        try AppEvent(json: body(parameters), catalog: catalog)
    }

    /// The event's JSON body with `parameters` put in.
    func body(_ parameters: [String: String]) -> [UInt8] {
        var json = JSONWriter(capacity: 128)
        json.beginObject()
        for (name, value) in fields {
            json.key(named: name)
            switch value {
            case let .string(pieces):
                _ = json.string(
                    pieces.map { piece in
                        switch piece {
                        case let .text(text): text
                        case let .parameter(name): parameters[name] ?? ""
                        }
                    }.joined())
            case let .literal(node):
                Self.write(node, to: &json)
            }
        }
        json.endObject()
        return json.bytes
    }

    /// A value that is not a string, as the file wrote it (an event's fields are plain values: the reader
    /// refuses objects and arrays).
    private static func write(_ node: JSONNode, to json: inout JSONWriter) {
        switch node {
        case let .number(literal): json.raw(Array(literal.utf8))
        case let .bool(value): json.bool(value)
        case let .string(value): _ = json.string(value)
        case .null, .object, .array: json.null()
        }
    }
}
