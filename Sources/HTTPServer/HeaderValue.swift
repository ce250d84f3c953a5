/// What a header's value says, read as bytes in place: media types, charsets, content codings, list elements
/// and their whitespace (RFC 9110). Byte-level because some of it runs on every request.
public enum HeaderValue {
    /// `application/json` or `application/<anything>+json`, any case, with a `charset` parameter, if any, of
    /// UTF-8 (the only one JSON has, RFC 8259 §8.1) and other parameters ignored; compared as bytes because
    /// this runs on every event.
    public static func isJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
        let type = UnsafeBufferPointer(rebasing: trimmingOWS(bytes[..<end]))
        guard type.count >= 16, asciiLowercaseEquals(type[0..<12], "application/") else { return false }
        let subtype = type[12...]
        guard asciiLowercaseEquals(subtype, "json") || (subtype.count > 5 && asciiLowercaseEquals(subtype.suffix(5), "+json"))
        else { return false }
        return end == bytes.count || charsetIsUTF8(UnsafeBufferPointer(rebasing: bytes[(end + 1)...]))
    }

    /// Whether the parameters (`a=b; c="d"`, after the media type) are well formed and name no charset but
    /// UTF-8 (`utf-8` or `utf8`, any case, quoted or not). A quoted value is one, semicolons and all; a quote
    /// anywhere else, or one left open, makes them malformed, so that nobody in front reads them another way.
    private static func charsetIsUTF8(_ parameters: UnsafeBufferPointer<UInt8>) -> Bool {
        let quote = UInt8(ascii: "\""), semicolon = UInt8(ascii: ";"), equals = UInt8(ascii: "="), backslash = UInt8(ascii: "\\")
        var index = 0
        func skipWhitespace() {
            while index < parameters.count, parameters[index] == 0x20 || parameters[index] == 0x09 { index += 1 }
        }
        while index < parameters.count {
            let nameStart = index
            while index < parameters.count, parameters[index] != equals, parameters[index] != semicolon {
                if parameters[index] == quote { return false }
                index += 1
            }
            let name = trimmingOWS(parameters[nameStart..<index])
            // Empty, or a name without a value: nothing to read.
            guard index < parameters.count, parameters[index] == equals else {
                index += 1
                continue
            }
            index += 1
            skipWhitespace()
            let value: Slice<UnsafeBufferPointer<UInt8>>
            var escaped = false
            if index < parameters.count, parameters[index] == quote {
                index += 1
                let start = index
                while index < parameters.count, parameters[index] != quote {
                    if parameters[index] == backslash {
                        escaped = true
                        index += 1
                    }
                    index += 1
                }
                guard index < parameters.count else { return false }  // never closed
                value = parameters[start..<index]
                index += 1
                skipWhitespace()
                guard index == parameters.count || parameters[index] == semicolon else { return false }
            } else {
                let start = index
                while index < parameters.count, parameters[index] != semicolon {
                    if parameters[index] == quote { return false }
                    index += 1
                }
                value = trimmingOWS(parameters[start..<index])
            }
            index += 1
            guard asciiLowercaseEquals(name, "charset") else { continue }
            // Backslashes quote the byte after them (RFC 9110 §5.6.4): rare enough to undo in a copy.
            let isUTF8 = escaped ? unescapingQuotedPairs(value).withUnsafeBufferPointer { namesUTF8($0[...]) } : namesUTF8(value)
            if !isUTF8 { return false }
        }
        return true
    }

    private static func namesUTF8(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        asciiLowercaseEquals(value, "utf-8") || asciiLowercaseEquals(value, "utf8")
    }

    /// The bytes of a quoted string's inside with each `\x` pair read as `x`.
    private static func unescapingQuotedPairs(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
        var result: [UInt8] = []
        var pending = false
        for byte in bytes {
            if !pending && byte == UInt8(ascii: "\\") {
                pending = true
                continue
            }
            pending = false
            result.append(byte)
        }
        return result
    }

    /// Whether a `Content-Encoding` value is empty or only `identity` (any case): the body is as sent.
    public static func isIdentityCoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).allSatisfy { coding in
            let name = trimmingOWS(coding)
            return name.isEmpty || asciiLowercaseEquals(name, "identity")
        }
    }

    /// Whether `bytes` equal `expected` (given in lowercase), ignoring ASCII case.
    private static func asciiLowercaseEquals(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ expected: StaticString) -> Bool {
        guard bytes.count == expected.utf8CodeUnitCount else { return false }
        var position = expected.utf8Start
        for byte in bytes {
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard folded == position.pointee else { return false }
            position += 1
        }
        return true
    }

    /// `bytes` without the whitespace HTTP allows around a header value or a list element (RFC 9110 OWS:
    /// spaces and tabs, nothing else).
    public static func trimmingOWS<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        let isOWS = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isOWS($0) }), let last = bytes.lastIndex(where: { !isOWS($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }
}
