import Foundation

/// One request to the server, described once and sent byte for byte the same on every retry.
struct ClientRequest: Sendable {
    /// Which lost attempts may be sent again.
    enum Retry: Sendable {
        /// Any: the request changes nothing, or an `Idempotency-Key` makes a repeat harmless.
        case always
        /// Only attempts that cannot have reached the server (the connection was refused): a repeat of one that
        /// did could apply it twice.
        case ifUnsent
    }

    var method: String
    /// The path's segments after the base URL (`["v1", "sessions", id]`).
    var path: [String]
    /// Query parameters, in order (`version=3`).
    var query: [URLQueryItem] = []
    var body: Data?
    var headers: [String: String]
    var retry: Retry

    init(_ method: String, _ path: [String], body: Data? = nil, headers: [String: String] = [:], retry: Retry = .always) {
        self.method = method
        self.path = path
        self.body = body
        self.headers = headers
        self.retry = retry
    }

    /// A strong entity tag of a version, as `If-Match` takes it.
    static func entityTag(_ version: Int) -> String { "\"\(version)\"" }
}
