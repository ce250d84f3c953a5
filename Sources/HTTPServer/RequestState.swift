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
    var bodyTooLarge = false
    /// Content-Length headers that disagree: the request is refused whatever its route.
    var ambiguousLength = false
    /// Counted in `ServerContext.inFlight` (from the first access-handler call until completion).
    var counted = false
    var status = 0
    var logTag: String?
    /// Monotonic nanoseconds at the request line; 0 when no completion hook is installed (no clock read then).
    /// A plain integer: an optional `ContinuousClock.Instant` is a resilient type whose copies and destroys
    /// go through value witnesses, about 750 instructions per request.
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

    /// The matched route pattern, if any.
    var route: String? {
        if case .matched(let pattern, _) = resolution { return pattern.pattern }
        return nil
    }
}

/// A count of live objects, owned by one server (a process-wide count would mix parallel servers in tests).
final class LiveCount: Sendable {
    /// Striped: every request changes it twice, from whichever worker thread serves it.
    let value = StripedCounter()
}
