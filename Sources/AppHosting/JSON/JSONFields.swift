/// The top-level fields of a JSON object body, read strictly (RFC 8259: no trailing commas, no comments,
/// valid UTF-8, no lone surrogates). Nested values are checked and skipped; only their kind is kept, and a
/// top-level scalar's value.
///
/// Event bodies are small and their fields flat, so this beats a general decoder and, unlike Foundation's,
/// refuses what is not JSON.
public struct JSONFields: Sendable {
    /// A field's value, as far as a flat body needs it.
    public enum Value: Equatable, Sendable {
        case string(String)
        /// The number as written (an app's integer field reads it; nested ones are kept as "").
        case number(String)
        case bool(Bool)
        case null
        case array
        case object
    }

    /// Why a body is not a JSON object.
    public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong and where.
        public let description: String

        /// Creates an error with its description.
        public init(description: String) {
            self.description = description
        }
    }

    /// The deepest nesting accepted.
    public static let maxDepth = 64

    /// The fields in body order (a repeated name is refused). A list, not a dictionary: bodies have a handful
    /// of fields, and a linear scan beats hashing each name with a per-process random seed.
    public let fields: [(name: String, value: Value)]

    /// The fields, by name. Two names that Swift's `String` equates (canonically equivalent, different bytes)
    /// are two fields to JSON; here the first of them wins.
    public var values: [String: Value] {
        Dictionary(fields.lazy.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads `bytes` as one JSON object.
    public init(_ bytes: [UInt8]) throws(ReadError) {
        var reader = Reader(bytes: bytes)
        fields = try reader.readTopObject()
    }

    /// The value of field `name`.
    public subscript(name: String) -> Value? {
        fields.first { $0.name == name }?.value
    }

    /// Where each element of the array held by the top-level field `name` lies in `bytes`, a body this type
    /// read (so valid JSON); nil when that field is no array.
    public static func elementRanges(ofArrayField name: String, in bytes: [UInt8]) -> [Range<Int>]? {
        var reader = Reader(bytes: bytes)
        return try? reader.elementRanges(ofArrayField: name)
    }
}

private struct Reader {
    /// Up to this many fields, a repeated name is found by a linear scan.
    static let scanLimit = 8
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func readTopObject() throws(JSONFields.ReadError) -> [(name: String, value: JSONFields.Value)] {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else {
            if index >= bytes.count { throw fail(bytes.isEmpty ? "the body is empty" : "the body holds only whitespace") }
            _ = try readValue(depth: 0)
            skipWhitespace()
            guard index == bytes.count else { throw fail("unexpected bytes after the value") }
            throw JSONFields.ReadError(description: "the body must be a JSON object")
        }
        index += 1
        var fields: [(name: String, value: JSONFields.Value)] = []
        // Events have two or three fields: one allocation for them instead of a first one and its regrowth.
        fields.reserveCapacity(4)
        // Past a few fields, duplicates are found by hashing: a scan per field would be quadratic in a hostile body.
        var names: Set<[UInt8]>?
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw fail("expected a field name") }
                let name = try readString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                let value = try readValue(depth: 1)
                if fields.count == Self.scanLimit { names = Set(fields.map { Array($0.name.utf8) }) }
                // JSON names are equal when their characters are (RFC 8259), not when Swift's canonical
                // equivalence says so ("é" and "e" + U+0301 are two names): confirm a match by its bytes.
                let repeated: Bool
                if names != nil {
                    repeated = !names!.insert(Array(name.utf8)).inserted
                } else {
                    repeated = fields.contains { $0.name == name && $0.name.utf8.elementsEqual(name.utf8) }
                }
                guard !repeated else { throw fail("the field `\(name)` appears twice") }
                fields.append((name, value))
                skipWhitespace()
                if peek() == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"))
                break
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected bytes after the object") }
        return fields
    }

    /// The byte ranges of the elements of the array in the top-level field `name`; nil when the field holds no
    /// array.
    mutating func elementRanges(ofArrayField name: String) throws(JSONFields.ReadError) -> [Range<Int>]? {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { return nil }
            let field = try readString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            if field == name {
                guard peek() == UInt8(ascii: "[") else { return nil }
                index += 1
                var ranges: [Range<Int>] = []
                skipWhitespace()
                if peek() == UInt8(ascii: "]") { return ranges }
                while true {
                    skipWhitespace()
                    let start = index
                    _ = try readValue(depth: 2)
                    ranges.append(start..<index)
                    skipWhitespace()
                    if peek() == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect(UInt8(ascii: "]"))
                    return ranges
                }
            }
            _ = try readValue(depth: 1)
            skipWhitespace()
            guard peek() == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    private mutating func readValue(depth: Int) throws(JSONFields.ReadError) -> JSONFields.Value {
        guard depth <= JSONFields.maxDepth else { throw fail("nested deeper than \(JSONFields.maxDepth) levels") }
        skipWhitespace()
        guard let byte = peek() else { throw fail("a value is missing") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "{"):
            try skipContainer(close: UInt8(ascii: "}"), depth: depth, keyed: true)
            return .object
        case UInt8(ascii: "["):
            try skipContainer(close: UInt8(ascii: "]"), depth: depth, keyed: false)
            return .array
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            try readNumber()
            // Only a top-level field's is read: a body's nested numbers cost no string each.
            return .number(depth == 1 ? String(decoding: bytes[start..<index], as: UTF8.self) : "")
        default: throw fail("unexpected character")
        }
    }

    private mutating func skipContainer(close: UInt8, depth: Int, keyed: Bool) throws(JSONFields.ReadError) {
        index += 1
        skipWhitespace()
        if peek() == close {
            index += 1
            return
        }
        while true {
            if keyed {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw fail("expected a field name") }
                _ = try readString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
            }
            _ = try readValue(depth: depth + 1)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(close)
            return
        }
    }

    private mutating func readNumber() throws(JSONFields.ReadError) {
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw fail("a number needs digits") }
        index += 1
        if first != UInt8(ascii: "0") { while let digit = peek(), isDigit(digit) { index += 1 } }
        if peek() == UInt8(ascii: ".") {
            index += 1
            try digits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
    }

    private mutating func digits() throws(JSONFields.ReadError) {
        guard let digit = peek(), isDigit(digit) else { throw fail("a number needs digits") }
        while let digit = peek(), isDigit(digit) { index += 1 }
    }

    /// A string: raw UTF-8 is validated, escapes decoded, lone surrogates refused.
    private mutating func readString() throws(JSONFields.ReadError) -> String {
        index += 1
        let start = index
        var hasEscapes = false
        while true {
            guard let byte = peek() else { throw fail("a string is not closed") }
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw fail("a control character in a string must be escaped") }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 2
            } else {
                index += 1
            }
        }
        let end = index
        index += 1
        if !hasEscapes {
            // ASCII (every name and almost every value) needs no UTF-8 validation.
            if !bytes[start..<end].contains(where: { $0 >= 0x80 }) { return String(decoding: bytes[start..<end], as: UTF8.self) }
            guard let string = String(validating: bytes[start..<end], as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
            return string
        }
        return try unescape(start..<end)
    }

    private func unescape(_ range: Range<Int>) throws(JSONFields.ReadError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            guard position + 1 < range.upperBound else { throw fail("an escape is cut short") }
            let code = bytes[position + 1]
            position += 2
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(code)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: position, end: range.upperBound)
                position += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard position + 6 <= range.upperBound, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    else {
                        throw fail("a lone surrogate is not a character")
                    }
                    let low = try hex4(at: position + 2, end: range.upperBound)
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate is not a character") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("a lone surrogate is not a character")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw fail("not a character") }
                output.append(contentsOf: Array(String(Character(unicode)).utf8))
            default:
                throw fail("an unknown escape")
            }
        }
        guard let string = String(validating: output, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
        return string
    }

    private func hex4(at position: Int, end: Int) throws(JSONFields.ReadError) -> UInt32 {
        guard position + 4 <= end else { throw fail("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func literal(_ word: StaticString) throws(JSONFields.ReadError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end") }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw fail("unexpected character") }
        index += count
    }

    private mutating func expect(_ byte: UInt8) throws(JSONFields.ReadError) {
        guard peek() == byte else { throw fail("expected `\(Character(Unicode.Scalar(byte)))`") }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func fail(_ reason: String) -> JSONFields.ReadError {
        JSONFields.ReadError(description: "the body is not valid JSON: \(reason) (at byte \(min(index, bytes.count)))")
    }
}
