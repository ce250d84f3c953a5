import Synchronization

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
    /// Counted in `ServerContext.inFlight` (from the first access-handler call until completion).
    var counted = false
    var status = 0
    var logTag: String?
    /// Set only when a completion hook is installed, to keep clock reads off the hot path otherwise.
    var started: ContinuousClock.Instant?

    init(query: String?, started: ContinuousClock.Instant?) {
        self.query = query
        self.started = started
        #if DEBUG
        RequestState.live.add(1, ordering: .relaxed)
        #endif
    }

    #if DEBUG
    /// Live instances, so tests can prove every path through MHD releases its state (debug builds only).
    static let live = Atomic<Int>(0)

    deinit { RequestState.live.subtract(1, ordering: .relaxed) }
    #endif

    /// The matched route pattern, if any.
    var route: String? {
        if case .matched(let pattern, _) = resolution { return pattern.pattern }
        return nil
    }
}
