/// A byte-level JSON writer: the state is written straight into bytes (Foundation's encoder costs ~15× more).
///
/// It writes what it is told in order; callers keep objects and arrays balanced. `comma()` handling is
/// automatic: each value or key after the first in a container is preceded by a comma.
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]
    private var needsComma = false

    /// Creates an empty writer with room for a typical state.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Opens an object.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes an object.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes an array.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a constant object key (no escaping needed: the program's own names); the next call writes its value.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: Self.quoteColon)
        needsComma = false
    }

    /// Writes an object key that comes from data, escaped; the next call writes its value.
    public mutating func key(named key: String) {
        separate()
        writeEscaped(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        separate()
        writeEscaped(value)
        needsComma = true
    }

    /// Writes an integer value.
    public mutating func int(_ value: Int) {
        separate()
        // Integers print as small strings, which Swift keeps inline: no allocation.
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: Self.nullBytes)
        needsComma = true
    }

    /// Writes bytes that already are one complete JSON value.
    public mutating func raw(_ json: some Collection<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    /// Writes a constant key then a string value.
    public mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes a constant key then an integer value.
    public mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        int(value)
    }

    /// Writes a key from data then a string value.
    public mutating func field(named name: String, _ value: String) {
        key(named: name)
        string(value)
    }

    /// Writes an array of strings.
    public mutating func strings(_ values: some Sequence<String>) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private static let quoteColon: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: ":")]
    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let nullBytes: [UInt8] = Array("null".utf8)
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// RFC 8259 escaping: quote, backslash and control characters; everything else is valid UTF-8 already
    /// (a Swift `String` always is), so non-BMP characters pass through as their four UTF-8 bytes.
    private mutating func writeEscaped(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]])
                }
            }
            if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
