import Locking

/// Per-request state kept in MHD's `*con_cls` from the request line until NOTIFY_COMPLETED.
/// Only the thread serving the connection touches it.
final class RequestState {
    enum Phase {
        /// Created by the URI log callback; the access handler has not run yet.
        case created
        /// Routed; receiving the body (if any) until the final access-handler call.
        case receiving
        /// A response was queued.
        case answered
    }

    var phase = Phase.created
    /// The raw query string (copied at the request line: MHD rewrites the buffer in place afterwards).
    var query: String?
    var method = HTTPMethod.other
    var resolution = RouteTable.Resolution.notFound
    var body: [UInt8] = []
    /// The body's length as Content-Length declares it (0 without one, as for a chunked body).
    var declaredLength: UInt64 = 0
    var bodyTooLarge = false
    /// Body bytes received so far, kept or not (a chunked body declares no length up front).
    var received: UInt64 = 0
    /// Body pieces MHD handed over so far.
    var pieces = 0
    /// What makes the request's head unusable whatever its route: it is refused before routing's answers.
    var malformed: MalformedHead?
    /// The form of the raw request target, read at the request line.
    var form = RequestTarget.Form.origin
    /// Where the raw target's C string ends in MHD's read buffer: just before the version, unless a NUL in the
    /// target ended it sooner (only compared, never read through).
    var targetEnd: UnsafeRawPointer?
    /// Counted in `ServerContext.inFlight` (from the first access-handler call until completion).
    var counted = false
    var status = 0
    var logTag: String?
    /// The answer queued was a stream.
    var streamed = false
    /// Monotonic nanoseconds at the request line; 0 when no completion hook is installed (no clock read then).
    /// A plain integer: an optional `ContinuousClock.Instant` is a resilient type whose copies and destroys
    /// go through value witnesses, on every request.
    var started: UInt64

    /// The server's count of live states, so tests can prove every path through MHD releases its state.
    private let liveCount: LiveCount

    init(query: String?, started: UInt64, liveCount: LiveCount) {
        self.query = query
        self.started = started
        self.liveCount = liveCount
        liveCount.value.add(1)
    }

    deinit { liveCount.value.add(-1) }

    /// A request head the server will not act on, found before any handler runs.
    enum MalformedHead {
        /// A percent-encoded NUL in the path: MHD decodes it into a C string that ends there, so
        /// `/v1/sessions/<id>%00junk` would read as the session's own path (404).
        case nulInPath
        /// A percent-encoded slash in the path: MHD decodes it before the path is split, so
        /// `/v1/sessions/<id>%2Fhistory` would be routed as the history (404 instead).
        case slashInPath
        /// An absolute-form target whose authority has no host, a character no authority has, a
        /// percent-encoding or userinfo (400).
        case invalidAuthority
        /// More than one Content-Type line (400): which one describes the body is anybody's guess.
        case repeatedContentType
        /// A space or a control character in the raw target (400): no URI has one, and where the target ends
        /// is then a guess (MHD takes the request line's last word as the version).
        case invalidTarget
        /// A request past HTTP/1.0 without a Host header (400, RFC 9112 §3.2).
        case missingHost
        /// More than one Host header (400, RFC 9112 §3.2).
        case repeatedHost
        /// A Host value that is neither empty nor a host with an optional port (400, RFC 9112 §3.2).
        case invalidHost
    }

    /// The route pattern the path matched, if any (also when the method is not allowed there: a 405 is that
    /// route's answer). None for a target refused before routing for what its path is: an invalid authority
    /// (the path, never read, resolves as "/"), an encoded NUL or slash (MHD's decoded path names another
    /// resource than the one asked for) or a space or control character: no route answered those.
    var route: String? {
        switch malformed {
        case .invalidAuthority?, .nulInPath?, .slashInPath?, .invalidTarget?: return nil
        case .repeatedContentType?, .missingHost?, .repeatedHost?, .invalidHost?, nil: break
        }
        return switch resolution {
        case .matched(let pattern, _): pattern.pattern
        case .methodNotAllowed(let route, _): route
        case .notFound: nil
        }
    }
}

/// A count of live objects, owned by one server (a process-wide count would mix parallel servers in tests).
final class LiveCount: Sendable {
    /// Striped: every request changes it twice, from whichever worker thread serves it.
    let value = StripedCounter()
}
