import Foundation

/// The status line and header fields of an HTTP/1.1 response, as the tests' raw-socket clients read them.
public struct HTTPHead: Sendable {
    /// The status code.
    public let status: Int
    /// The header fields in order, values trimmed of surrounding whitespace.
    public let headers: [(name: String, value: String)]

    /// Parses a head without its final blank line; nil when the status line is not `HTTP/1.x NNN ...`.
    public init?(_ bytes: ArraySlice<UInt8>) {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else { return nil }
        self.status = status
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The status line of a head that `init` refused, shortened, for an error message.
    public static func statusLine(of bytes: ArraySlice<UInt8>) -> String {
        String(String(decoding: bytes.prefix { $0 != 13 }, as: UTF8.self).prefix(120))
    }

    /// The first value of a header field, its name compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Where the head in `bytes` ends (the index of the CR of its blank line), or nil while it is incomplete.
    public static func end(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
