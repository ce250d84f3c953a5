import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// What the server reads off a request target before routing it. MHD hands it over twice: raw at the request
/// line (the URI log callback), then decoded in place, without its query, to the access handler.
enum RequestTarget {
    /// How a raw target names its resource.
    enum Form: Equatable {
        /// `/path?query`, as nearly every request has it.
        case origin
        /// `http://authority/path?query`, which RFC 9112 §3.2.2 has every server accept although clients send
        /// it only to proxies: the path starts `pathOffset` bytes in, in the raw target and the decoded one
        /// alike (an authority has no percent-encoding here, so decoding leaves it as it is).
        case absolute(pathOffset: Int)
        /// An absolute form whose authority is not one (no host, a character an authority cannot have), is
        /// percent-encoded (no path can be told from it with certainty once MHD has decoded it), or carries
        /// userinfo (RFC 9110 §4.2.4: an error, likely there to disguise the host).
        case invalid
    }

    /// The form of a raw target.
    static func form(of uri: UnsafePointer<CChar>) -> Form {
        if uri[0] == 0x2F { return .origin }  // "/": the origin form of nearly every request
        let scheme: Int
        if strncasecmp(uri, "http://", 7) == 0 {
            scheme = 7
        } else if strncasecmp(uri, "https://", 8) == 0 {
            scheme = 8
        } else {
            return .origin  // "*" and the like: routed as they are, to no resource
        }
        // The authority ends at the path's "/", a query's "?", a fragment's "#" or the end (RFC 3986 §3.2).
        let authority = strcspn(uri + scheme, "/?#")
        let bytes = UnsafeRawBufferPointer(start: uri + scheme, count: authority)
        return isHostAndPort(bytes) ? .absolute(pathOffset: scheme + authority) : .invalid
    }

    /// Whether `authority` is `host[:port]` (RFC 3986 §3.2.2-3): a host (RFC 9110 §4.2.1 has an http URI without
    /// one rejected), either an IP literal in brackets or a name of the characters a name may have, without
    /// percent-encoding and without userinfo (`@`); then a port of at most 65535, or none. A Host header's value
    /// has the same form (RFC 9112 §3.2).
    static func isHostAndPort(_ authority: UnsafeRawBufferPointer) -> Bool {
        // Index loops, not slices and closures: every request's Host passes here.
        var index = 0
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")), isIPLiteral(authority[1..<close]) else {
                return false
            }
            index = close + 1
        } else {
            while index < authority.count, authority[index] != UInt8(ascii: ":") {
                guard isNameByte(authority[index]) else { return false }
                index += 1
            }
            guard index > 0 else { return false }
        }
        guard index < authority.count else { return true }
        guard authority[index] == UInt8(ascii: ":") else { return false }
        // Digits (none is allowed, as if there were no port), leading zeros included, up to 65535.
        var port = 0
        index += 1
        while index < authority.count {
            let digit = authority[index]
            guard digit >= 0x30 && digit <= 0x39 else { return false }
            port = port * 10 + Int(digit - 0x30)
            if port > 65535 { return false }
            index += 1
        }
        return true
    }

    /// Whether `byte` may be in a host name (or IPv4 address): unreserved and sub-delims. Every request's Host
    /// passes here, so by ranges rather than a search through the list.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// Whether the raw target's `count` bytes hold a space or a control character, which no URI has (RFC 3986 §2).
    /// MHD, lenient, takes the request line's last word as the version and hands on the rest, spaces and all. (A
    /// NUL ends the C string early: `RequestHandling` finds that one by where the version starts.)
    static func hasSpaceOrControl(_ uri: UnsafePointer<CChar>, count: Int) -> Bool {
        // Every request pays this: eight bytes at a time. A byte below 0x21 shows as a borrow into its top bit
        // (bytes from 0x80 up have that bit set and are masked out), 0x7F as a zero byte once XORed with it.
        let bytes = UnsafeRawPointer(uri)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let deleted = word ^ (0x7F &* ones)
            if ((word &- 0x21 &* ones) | (deleted &- ones)) & ~word & tops != 0 {
                return true
            }
            offset += 8
        }
        while offset < count {
            let byte = bytes.load(fromByteOffset: offset, as: UInt8.self)
            if byte <= 0x20 || byte == 0x7F { return true }
            offset += 1
        }
        return false
    }

    /// An IPv6 address (as `inet_pton` reads one), or an IPvFuture literal: `v`, hex digits, `.`, then
    /// unreserved, sub-delims and `:` (RFC 3986 §3.2.2).
    private static func isIPLiteral(_ literal: UnsafeRawBufferPointer.SubSequence) -> Bool {
        guard let first = literal.first else { return false }
        if first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
            let version = literal.dropFirst().prefix { "0123456789abcdefABCDEF".utf8.contains($0) }
            let rest = literal[version.endIndex...]
            return !version.isEmpty && rest.first == UInt8(ascii: ".") && rest.count > 1
                && rest.dropFirst().allSatisfy { isNameByte($0) || $0 == UInt8(ascii: ":") }
        }
        // The longest IPv6 text is 45 characters; copied out to end it with a NUL for inet_pton.
        guard literal.count <= 45 else { return false }
        var text = [CChar](repeating: 0, count: 46)
        for (index, byte) in literal.enumerated() { text[index] = CChar(bitPattern: byte) }
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    /// The path of a decoded target of `form`: for an absolute form, what follows its authority, "/" where
    /// nothing does (RFC 9110 §4.2.3).
    static func path(_ url: UnsafePointer<CChar>, form: Form) -> UnsafePointer<CChar> {
        guard case .absolute(let offset) = form, strnlen(url, offset + 1) > offset else {
            return form == .origin ? url : root
        }
        return url + offset
    }

    /// A percent-encoding in the raw target's path (before any `?`) that MHD's in-place decoding would turn
    /// into structure: `%00` ends the C string the access handler gets, cutting the path short there, and
    /// `%2F` becomes a `/` between segments, so `/v1/sessions/<id>%2Fhistory` would be served as the history
    /// while anything in front that reads paths (a proxy's rule, a firewall) sees one segment.
    enum EncodedDelimiter {
        case nul
        case slash
    }

    /// The first `%00` or `%2F` (any case) in the raw target's path, if any.
    static func encodedDelimiter(inPathOf uri: UnsafePointer<CChar>) -> EncodedDelimiter? {
        // glibc's strchr, not a loop over every byte: every request pays this, and most paths have no `%`.
        var cursor = uri
        var query: UnsafePointer<CChar>?
        var queryLookedFor = false
        while let percent = UnsafePointer<CChar>(strchr(cursor, Int32(UInt8(ascii: "%")))) {
            if !queryLookedFor {
                query = UnsafePointer<CChar>(strchr(uri, Int32(UInt8(ascii: "?"))))
                queryLookedFor = true
            }
            if let query, percent > query { return nil }
            let first = UInt8(bitPattern: percent[1])
            // A `%` at the very end: the terminator follows, and nothing past it is read.
            guard first != 0 else { return nil }
            let second = UInt8(bitPattern: percent[2])
            if first == UInt8(ascii: "0"), second == UInt8(ascii: "0") { return .nul }
            if first == UInt8(ascii: "2"), second | 0x20 == UInt8(ascii: "f") { return .slash }
            cursor = percent + 1
        }
        return nil
    }

    /// "/" as a C string: a static string's bytes live in the binary, as long as the program.
    private static var root: UnsafePointer<CChar> {
        UnsafeRawPointer(("/" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
