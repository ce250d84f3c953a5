import Locking

/// A request handler. Runs synchronously on one of MHD's threads, so it must not block on I/O for long.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse

/// A route's look at a request's head before its body is read: the refusal to send instead, or nil to read the
/// body and run the handler (see `HTTPRouter.add(_:_:precheck:_:)`).
public typealias HTTPPrecheck = @Sendable (HTTPRequest) -> HTTPResponse?

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
        let precheck: HTTPPrecheck?
    }

    private let entries = Lock<[Entry]>([])

    /// Creates an empty router.
    public init() {}

    /// Registers `handler` for `method` on `pattern` (e.g. `"/v1/sessions/:id"`); a repeated pair replaces
    /// the earlier handler. The pattern must start with `/` and `:` segments need a name.
    ///
    /// `precheck` runs when a client waits for `100 Continue` before sending a body of declared length
    /// (`Expect: 100-continue`, `Content-Length` above 0), after the server's own refusals (404, 405, 413) and
    /// with the head only: the request's `body` is empty though one is coming. A response it returns (status
    /// 400...599) is sent instead of the invitation, and the connection then closes; nil lets the body come and
    /// the handler run. The handler still checks everything: a precheck only answers sooner what the handler
    /// would answer for that head with any body, and the state it read may change before the body is in.
    public func add(
        _ method: HTTPMethod, _ pattern: String, precheck: HTTPPrecheck? = nil, _ handler: @escaping HTTPHandler
    ) {
        precondition(pattern.utf8.first == UInt8(ascii: "/"), "route pattern must start with '/': \(pattern)")
        precondition(
            !pattern.split(separator: "/", omittingEmptySubsequences: false).contains(":"),
            "route parameter needs a name: \(pattern)")
        entries.withLock { list in
            list.removeAll { $0.method == method && $0.pattern == pattern }
            list.append(Entry(method: method, pattern: pattern, handler: handler, precheck: precheck))
        }
    }

    /// The immutable lookup table the server uses while running.
    func compile() -> RouteTable {
        RouteTable(entries: entries.withLock { $0 })
    }
}
