// CMicroHTTPD's <netinet/*> headers give it its own copy of `sockaddr_in` and `in_addr`: with member
// import visibility, their members need that module imported here too.
import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns `ServerConfiguration.host` into the `sockaddr_in` that `ListeningSocket` binds.
enum SocketAddress {
    /// Parses an IPv4 dotted quad (`"localhost"` maps to 127.0.0.1); throws `.invalidHost` otherwise.
    static func ipv4(host: String, port: UInt16) throws(HTTPServerError) -> sockaddr_in {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        let parsed = literal.withCString { inet_pton(AF_INET, $0, &address.sin_addr) }
        guard parsed == 1 else { throw .invalidHost(host) }
        return address
    }

    /// The address's IPv4 dotted quad, for log lines.
    static func text(of address: sockaddr_in) -> String {
        var copy = address.sin_addr
        var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        guard inet_ntop(AF_INET, &copy, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Lends `address` to a socket call, which takes every address family as a generic `sockaddr`.
    static func withGeneric<Result>(_ address: inout sockaddr_in, _ body: (UnsafeMutablePointer<sockaddr>) -> Result) -> Result {
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
        }
    }
}
