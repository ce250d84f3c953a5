/// Reads an app file strictly (RFC 8259: no comments, no trailing commas, valid UTF-8, no lone surrogates) into
/// a tree. A file is a person's work: a refusal says the line and column, not only the byte.
struct JSONParser {
    /// Why the bytes are not JSON, and where.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// The deepest nesting accepted: an app file is a few levels deep, and the reader recurses.
    static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    /// Parses `bytes` as one JSON value with nothing after it.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        // A byte order mark is no JSON, but editors write one: skipped rather than refused.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let node = try parser.readValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.fail("unexpected text after the value") }
        return node
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func readValue(depth: Int) throws(Failure) -> JSONNode {
        guard depth <= Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth) levels") }
        skipWhitespace()
        guard let byte = peek() else { throw fail("a value is missing") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
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
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        default: throw fail("unexpected character")
        }
    }

    private mutating func readObject(depth: Int) throws(Failure) -> JSONNode {
        index += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
            let name = try readString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            members.append(JSONNode.Member(name: name, value: try readValue(depth: depth + 1)))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return .object(members)
        }
    }

    private mutating func readArray(depth: Int) throws(Failure) -> JSONNode {
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            return .array(elements)
        }
    }

    private mutating func readNumber() throws(Failure) {
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

    private mutating func digits() throws(Failure) {
        guard let digit = peek(), isDigit(digit) else { throw fail("a number needs digits") }
        while let digit = peek(), isDigit(digit) { index += 1 }
    }

    /// A string: raw UTF-8 validated, escapes decoded, lone surrogates refused.
    private mutating func readString() throws(Failure) -> String {
        index += 1
        var output: [UInt8] = []
        while true {
            guard let byte = peek() else { throw fail("a string is not closed") }
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw fail("a control character in a string must be escaped") }
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            index += 1
            guard let code = peek() else { throw fail("an escape is cut short") }
            index += 1
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(code)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"): output.append(contentsOf: try readEscapedScalar())
            default: throw fail("an unknown escape")
            }
        }
        index += 1
        guard let string = String(validating: output, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
        return string
    }

    /// The character of a `\u` escape (the `\u` read already), a surrogate pair's two escapes together, as UTF-8.
    private mutating func readEscapedScalar() throws(Failure) -> [UInt8] {
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw fail("a lone surrogate is not a character")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate is not a character") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw fail("a lone surrogate is not a character")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail("not a character") }
        return Array(String(Character(unicode)).utf8)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end") }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw fail("unexpected character") }
        index += count
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
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

    /// A refusal at the current position, as an editor shows it: line and column, both from 1 (columns in bytes).
    private func fail(_ reason: String) -> Failure {
        let position = min(index, bytes.count)
        let before = bytes[..<position]
        let line = before.count { $0 == 0x0A } + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return Failure(message: "not valid JSON: \(reason) (line \(line), column \(position - lineStart + 1))")
    }
}
