/// A byte-level JSON writer: the state is written straight into bytes (Foundation's encoder costs ~15× more).
///
/// It writes what it is told in order; callers keep objects and arrays balanced. `comma()` handling is
/// automatic: each value or key after the first in a container is preceded by a comma.
///
/// It owns one growable buffer and appends by copying bytes into it; being non-copyable, two writers never share it.
///
/// The small structural writes (braces, brackets, constant keys, booleans) are always inlined: the optimizer
/// left them as calls, and a render paid for the calls and the reloads around them.
public struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written so far.
    public private(set) var count = 0
    private var needsComma = false

    /// Creates an empty writer with room for `capacity` bytes (it grows past that as needed).
    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written so far, copied out.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Ends the writer and hands its buffer over without a copy; the caller must `deallocate()` its base address.
    public consuming func takeBytes() -> UnsafeMutableBufferPointer<UInt8> {
        let bytes = UnsafeMutableBufferPointer(start: base, count: count)
        discard self
        return bytes
    }

    /// Reads the bytes written so far without copying them.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Opens an object.
    @inline(__always)
    public mutating func beginObject() {
        separate()
        append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Opens an object and writes fields rendered earlier that end in a key (`"a":1,"b":`); the next call
    /// writes that key's value.
    public mutating func beginObject(fields: [UInt8]) {
        fields.withUnsafeBufferPointer { beginObject(fields: $0) }
    }

    /// `beginObject(fields:)` from bytes the caller holds (a part of a document written earlier).
    @inline(__always)
    public mutating func beginObject(fields: UnsafeBufferPointer<UInt8>) {
        separate()
        append(UInt8(ascii: "{"))
        append(fields)
        needsComma = false
    }

    /// Closes an object.
    @inline(__always)
    public mutating func endObject() {
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    @inline(__always)
    public mutating func beginArray() {
        separate()
        append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes an array.
    @inline(__always)
    public mutating func endArray() {
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a constant object key (no escaping needed: the program's own names); the next call writes its value.
    @inline(__always)
    public mutating func key(_ key: StaticString) {
        // One capacity check and plain stores: states write dozens of keys.
        let length = key.utf8CodeUnitCount
        if count + length + 4 > capacity { grow(toAtLeast: count + length + 4) }
        var cursor = base + count
        if needsComma {
            cursor.pointee = UInt8(ascii: ",")
            cursor += 1
        }
        cursor.pointee = UInt8(ascii: "\"")
        Self.copy(key.utf8Start, to: cursor + 1, count: length)
        cursor += length + 1
        cursor[0] = UInt8(ascii: "\"")
        cursor[1] = UInt8(ascii: ":")
        count = cursor + 2 - base
        needsComma = false
    }

    /// Writes an object key that comes from data, escaped; the next call writes its value.
    public mutating func key(named key: String) {
        separate()
        writeEscaped(key)
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value; returns where its bytes (quotes included) are, to be written again (`repeatValue`).
    @discardableResult
    public mutating func string(_ value: String) -> Range<Int> {
        separate()
        let start = count
        writeEscaped(value)
        needsComma = true
        return start..<count
    }

    /// Writes an integer value.
    public mutating func int(_ value: Int) {
        separate()
        if value < 0 { append(UInt8(ascii: "-")) }
        // Digits last to first into a fixed buffer (a UInt64 has at most 20), then copied in order.
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
        needsComma = true
    }

    /// Writes `true` or `false`.
    @inline(__always)
    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        append("null")
        needsComma = true
    }

    /// Writes bytes that already are one complete JSON value.
    public mutating func raw(_ json: [UInt8]) {
        separate()
        json.withUnsafeBufferPointer { append($0) }
        needsComma = true
    }

    /// Writes a constant that is one complete JSON value (`"push"`, with its quotes).
    @inline(__always)
    public mutating func constant(_ json: StaticString) {
        separate()
        append(json)
        needsComma = true
    }

    /// Writes again the value written earlier at `range` of this writer's bytes (one list under two keys).
    public mutating func repeatValue(at range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the bytes written")
        separate()
        if count + range.count > capacity { grow(toAtLeast: count + range.count) }
        // After the growth: `base` may have moved. The source lies before `count`, the target from it.
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
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

    @inline(__always)
    private mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
    }

    /// Appends a constant's bytes (no lazy global, no closure: this runs dozens of times per state).
    @inline(__always)
    private mutating func append(_ constant: StaticString) {
        append(UnsafeBufferPointer(start: constant.utf8Start, count: constant.utf8CodeUnitCount))
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard let source = chunk.baseAddress, chunk.count > 0 else { return }
        if count + chunk.count > capacity { grow(toAtLeast: count + chunk.count) }
        Self.copy(source, to: base + count, count: chunk.count)
        count += chunk.count
    }

    /// Copies bytes that do not overlap. Most runs here are short (keys, names, constants): up to 16 bytes
    /// they take two overlapping loads and stores instead of a call to `memmove`, a good share of a render.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        switch count {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 1..<4:
            for index in 0..<count { target[index] = source[index] }
        default:
            target.update(from: source, count: count)
        }
    }

    private mutating func grow(toAtLeast needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// RFC 8259 escaping: quote, backslash and control characters; everything else is valid UTF-8 already
    /// (a Swift `String` always is), so non-BMP characters pass through as their four UTF-8 bytes.
    private mutating func writeEscaped(_ value: String) {
        // Native and small strings lend their bytes without a copy (or a retain of a copy); others are copied once.
        if value.utf8.withContiguousStorageIfAvailable({ writeQuoted($0) }) == nil {
            var copy = value
            copy.withUTF8 { writeQuoted($0) }
        }
    }

    /// Quotes `utf8`: names and screens need no escape, so that case is one scan, one capacity check, one copy.
    private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            if count + utf8.count + 2 > capacity { grow(toAtLeast: count + utf8.count + 2) }
            base[count] = UInt8(ascii: "\"")
            if let source = utf8.baseAddress { Self.copy(source, to: base + count + 1, count: utf8.count) }
            base[count + 1 + utf8.count] = UInt8(ascii: "\"")
            count += utf8.count + 2
            return
        }
        append(UInt8(ascii: "\""))
        writeEscapedBytes(utf8)
        append(UInt8(ascii: "\""))
    }

    private mutating func writeEscapedBytes(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if start < index { append(UnsafeBufferPointer(rebasing: utf8[start..<index])) }
            start = index + 1
            append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): append(UInt8(ascii: "\\"))
            case 0x0A: append(UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "t"))
            case 0x08: append(UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "f"))
            default:
                append("u00")
                append(Self.hexDigit(byte >> 4))
                append(Self.hexDigit(byte & 0xF))
            }
        }
        if start < utf8.count { append(UnsafeBufferPointer(rebasing: utf8[start...])) }
    }
}
