import Locking

/// A request handler. Runs synchronously on one of MHD's threads, so it must not block on I/O for long.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse

/// Maps (method, path pattern) pairs to handlers. Patterns are `/`-separated; a `:name` segment matches any
/// non-empty segment and is read back with `HTTPRequest.parameter("name")`.
///
/// Build the table before `HTTPServer.start()`: the server takes a snapshot at start, so later `add` calls
/// do not affect a running server. Literal segments win over parameters (`/a/new` before `/a/:id`);
/// a GET route also answers HEAD unless a HEAD route exists.
public final class HTTPRouter: Sendable {
    struct Entry: Sendable {
        let method: HTTPMethod
        let pattern: String
        let handler: HTTPHandler
    }

    private let entries = Lock<[Entry]>([])

    /// Creates an empty router.
    public init() {}

    /// Registers `handler` for `method` on `pattern` (e.g. `"/v1/sessions/:id"`); a repeated pair replaces
    /// the earlier handler. The pattern must start with `/` and `:` segments need a name.
    public func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping HTTPHandler) {
        precondition(pattern.utf8.first == UInt8(ascii: "/"), "route pattern must start with '/': \(pattern)")
        precondition(!pattern.split(separator: "/", omittingEmptySubsequences: false).contains(":"),
                     "route parameter needs a name: \(pattern)")
        entries.withLock { list in
            list.removeAll { $0.method == method && $0.pattern == pattern }
            list.append(Entry(method: method, pattern: pattern, handler: handler))
        }
    }

    /// The immutable lookup table the server uses while running.
    func compile() -> RouteTable {
        RouteTable(entries: entries.withLock { $0 })
    }
}
