import SessionStorage

/// Where the Redis server is: `redis://HOST:PORT[/DB]` (`--store`), host a name, an IPv4 address or a bracketed
/// IPv6 one, port 6379 when left out, database 0 when left out.
public struct RedisAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int
    /// The logical database (`SELECT`); a Redis Cluster has only 0.
    public let database: Int

    public init(host: String, port: Int = 6379, database: Int = 0) {
        self.host = host
        self.port = port
        self.database = database
    }

    /// Reads a `redis://` URL; throws `.unusable`, naming what is wrong, for anything else.
    public init(url: String) throws(StoreError) {
        let scheme = "redis://"
        guard url.hasPrefix(scheme) else { throw Self.refusal(url, "it does not start with \(scheme)") }
        var rest = Substring(url.dropFirst(scheme.count))
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if !path.isEmpty {
                guard let number = Int(path), number >= 0 else { throw Self.refusal(url, "the database `\(path)` is not a number") }
                database = number
            }
        }
        guard !rest.contains("@") else { throw Self.refusal(url, "it names a user or password, which this store does not send") }
        var host = rest
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw Self.refusal(url, "its IPv6 address has no closing ]") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw Self.refusal(url, "`\(after)` follows its IPv6 address") }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        guard !host.isEmpty else { throw Self.refusal(url, "it names no host") }
        var port = 6379
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else {
                throw Self.refusal(url, "the port `\(portText)` is not a number from 1 to 65535")
            }
            port = number
        }
        self.init(host: String(host), port: port, database: database)
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "redis://\(shownHost):\(port)/\(database)"
    }

    private static func refusal(_ url: String, _ reason: String) -> StoreError {
        StoreError(.unusable, "`\(url)` is not a redis://HOST:PORT[/DB] address: \(reason)")
    }
}
