/// A link pattern: path segments, each literal or a `{parameter}`, and required query parameters
/// (`launchGame?gameId={gameId}`).
///
/// A URL is matched by its path: `scheme://host/path` counts its host as the first segment (an app's own scheme,
/// `ribs-training://launchGame`), except `http` and `https`, whose host is a server and not a route. Segments and
/// query values are percent-decoded; a query parameter the pattern does not name is ignored, as is a fragment.
public struct LinkPattern: Sendable, Equatable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    /// Query names and the parameters they fill.
    let query: [(name: String, parameter: String)]

    /// The pattern as written.
    public let description: String

    public static func == (lhs: LinkPattern, rhs: LinkPattern) -> Bool { lhs.description == rhs.description }

    /// Reads a pattern; nil when it is not one (an empty or unclosed `{}`, a query pair without `={parameter}`, a
    /// parameter named twice).
    public init?(_ text: String) {
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var names = Set<String>()
        var segments: [Segment] = []
        for piece in parts[0].split(separator: "/") {
            if piece.hasPrefix("{") {
                guard piece.hasSuffix("}"), piece.count > 2 else { return nil }
                let name = String(piece.dropFirst().dropLast())
                guard names.insert(name).inserted else { return nil }
                segments.append(.parameter(name))
            } else {
                guard !piece.contains("{"), !piece.contains("}") else { return nil }
                segments.append(.literal(String(piece)))
            }
        }
        var query: [(name: String, parameter: String)] = []
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let sides = pair.split(separator: "=", maxSplits: 1)
                guard sides.count == 2, sides[1].hasPrefix("{"), sides[1].hasSuffix("}"), sides[1].count > 2 else { return nil }
                let name = String(sides[1].dropFirst().dropLast())
                guard names.insert(name).inserted else { return nil }
                query.append((String(sides[0]), name))
            }
        }
        self.segments = segments
        self.query = query
        description = text
    }

    /// The parameters `url` fills, or nil when it does not match.
    public func match(_ url: String) -> [String: String]? {
        guard let parsed = LinkURL(url), parsed.segments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, value) in zip(segments, parsed.segments) {
            switch segment {
            case let .literal(literal): guard literal == value else { return nil }
            case let .parameter(name):
                guard !value.isEmpty else { return nil }
                parameters[name] = value
            }
        }
        for (name, parameter) in query {
            guard let value = parsed.query.first(where: { $0.name == name })?.value, !value.isEmpty else { return nil }
            parameters[parameter] = value
        }
        return parameters
    }
}

/// A URL as a link reads it: its route's segments and its query, percent-decoded.
struct LinkURL {
    let segments: [String]
    let query: [(name: String, value: String)]

    init?(_ url: String) {
        var rest = Substring(url)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        var queryText: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            let name = rest[..<colon].lowercased()
            rest = rest[rest.index(colon, offsetBy: 3)...]
            if name == "http" || name == "https" {
                rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
            }
        }
        var segments: [String] = []
        for piece in rest.split(separator: "/") {
            guard let decoded = Self.percentDecoded(piece) else { return nil }
            segments.append(decoded)
        }
        var query: [(name: String, value: String)] = []
        for pair in queryText.split(separator: "&") {
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.percentDecoded(sides[0]), let value = Self.percentDecoded(sides.count == 2 ? sides[1] : "") else {
                return nil
            }
            query.append((name, value))
        }
        self.segments = segments
        self.query = query
    }

    /// `%XX` escapes decoded, `+` left as it is (a path's rule); nil for a bad escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
