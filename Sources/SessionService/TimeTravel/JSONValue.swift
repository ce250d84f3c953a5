import AppHosting

/// A JSON document as a tree: what a diff between two state documents walks, and what a rewind's or a fork's
/// body is read into once `JSONFields` has checked it strictly. Numbers keep their text, so a value written
/// back is the bytes it was read from.
indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    /// The members in document order.
    case object([Member])

    struct Member: Equatable, Sendable {
        let name: String
        let value: JSONValue
    }

    /// Why bytes are not one JSON value.
    struct ParseError: Error, Equatable {
        let offset: Int
    }

    /// Reads `bytes` as one JSON value (surrounding whitespace allowed).
    init(parsing bytes: [UInt8]) throws(ParseError) {
        var parser = JSONValueParser(bytes: bytes)
        self = try parser.document()
    }

    /// The value of member `name` of an object; nil for a missing member or a value that is no object.
    subscript(name: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// The value as an integer, when it is a number with no fraction or exponent that fits in an `Int`.
    var int: Int? {
        guard case let .number(text) = self else { return nil }
        return Int(text)
    }

    /// The value when it is a whole number however written (`3`, `3.0`, `3e0`: JSON Schema's `integer`),
    /// `Int.max` for one too large for an `Int`; nil for anything else.
    var wholeNumber: Int? {
        guard case let .number(text) = self else { return nil }
        if let exact = Int(text) { return exact }
        guard let value = Double(text), value.rounded() == value else { return nil }
        return value.magnitude < 0x1p62 ? Int(value) : (value < 0 ? Int.min : Int.max)
    }

    /// Writes the value.
    func write(to json: inout JSONWriter) {
        switch self {
        case .null: json.null()
        case let .bool(value): json.bool(value)
        case let .number(text): json.raw(Array(text.utf8))
        case let .string(text): json.string(text)
        case let .array(elements):
            json.beginArray()
            for element in elements { element.write(to: &json) }
            json.endArray()
        case let .object(members):
            json.beginObject()
            for member in members {
                json.key(named: member.name)
                member.value.write(to: &json)
            }
            json.endObject()
        }
    }
}

/// A recursive-descent reader over bytes (RFC 8259). Depth is bounded like `JSONFields`'s.
private struct JSONValueParser {
    let bytes: [UInt8]
    var offset = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONValue.ParseError) -> JSONValue {
        let value = try value()
        skipWhitespace()
        guard offset == bytes.count else { throw JSONValue.ParseError(offset: offset) }
        return value
    }

    private mutating func value() throws(JSONValue.ParseError) -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw fail() }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func object() throws(JSONValue.ParseError) -> JSONValue {
        var members: [JSONValue.Member] = []
        try list(closing: UInt8(ascii: "}")) { (parser: inout JSONValueParser) throws(JSONValue.ParseError) in
            parser.skipWhitespace()
            guard parser.peek(UInt8(ascii: "\"")) else { throw parser.fail() }
            let name = try parser.string()
            parser.skipWhitespace()
            try parser.expect(UInt8(ascii: ":"))
            members.append(JSONValue.Member(name: name, value: try parser.value()))
        }
        return .object(members)
    }

    private mutating func array() throws(JSONValue.ParseError) -> JSONValue {
        var elements: [JSONValue] = []
        try list(closing: UInt8(ascii: "]")) { (parser: inout JSONValueParser) throws(JSONValue.ParseError) in
            elements.append(try parser.value())
        }
        return .array(elements)
    }

    /// The elements of an object or an array, between its opening byte (at `offset`) and `closing`, separated by
    /// commas; `element` reads each.
    private mutating func list(
        closing: UInt8, _ element: (inout JSONValueParser) throws(JSONValue.ParseError) -> Void
    ) throws(JSONValue.ParseError) {
        try enter()
        offset += 1
        skipWhitespace()
        if peek(closing) {
            offset += 1
            depth -= 1
            return
        }
        while true {
            try element(&self)
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                continue
            }
            try expect(closing)
            depth -= 1
            return
        }
    }

    private mutating func string() throws(JSONValue.ParseError) -> String {
        offset += 1
        var scalars: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &scalars)
            case 0..<0x20:
                throw fail()
            default:
                scalars.append(byte)
            }
        }
        throw fail()
    }

    private mutating func escape(into scalars: inout [UInt8]) throws(JSONValue.ParseError) {
        guard offset < bytes.count else { throw fail() }
        let byte = bytes[offset]
        offset += 1
        let plain: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "b"): 8
            case UInt8(ascii: "f"): 12
            case UInt8(ascii: "n"): 10
            case UInt8(ascii: "r"): 13
            case UInt8(ascii: "t"): 9
            default: nil
            }
        if let plain {
            scalars.append(plain)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw fail() }
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code) {
            // A high surrogate must be followed by its low one.
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw fail()
            }
            offset += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail() }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            throw fail()
        }
        guard let scalar = Unicode.Scalar(code) else { throw fail() }
        scalars.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(JSONValue.ParseError) -> UInt32 {
        guard offset + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16) else {
            throw fail()
        }
        offset += 4
        return code
    }

    private mutating func number() throws(JSONValue.ParseError) -> JSONValue {
        let start = offset
        if peek(UInt8(ascii: "-")) { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        // No digits, or a leading zero (`01`).
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw fail() }
        if peek(UInt8(ascii: ".")) {
            offset += 1
            guard digits() > 0 else { throw fail() }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            offset += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
            guard digits() > 0 else { throw fail() }
        }
        return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
    }

    private mutating func digits() -> Int {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset - start
    }

    private mutating func literal(_ text: StaticString, _ value: JSONValue) throws(JSONValue.ParseError) -> JSONValue {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            bytes[offset..<offset + count].elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: count))
        else { throw fail() }
        offset += count
        return value
    }

    private mutating func enter() throws(JSONValue.ParseError) {
        depth += 1
        guard depth <= JSONFields.maxDepth else { throw fail() }
    }

    private mutating func expect(_ byte: UInt8) throws(JSONValue.ParseError) {
        guard peek(byte) else { throw fail() }
        offset += 1
    }

    private func peek(_ byte: UInt8) -> Bool {
        offset < bytes.count && bytes[offset] == byte
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    private func fail() -> JSONValue.ParseError {
        JSONValue.ParseError(offset: offset)
    }
}
