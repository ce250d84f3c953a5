import Synchronization

/// Everything the C callbacks need for one run of the daemon. Immutable apart from the atomics,
/// so it is shared by all MHD threads; passed to MHD as an unretained pointer and kept alive by
/// `HTTPServer` until after MHD_stop_daemon returns.
final class ServerContext: Sendable {
    let routes: RouteTable
    let maxBodySize: Int
    let log: @Sendable (String) -> Void
    let onRequestCompleted: (@Sendable (HTTPRequestSummary) -> Void)?
    /// Requests between their first access-handler call and NOTIFY_COMPLETED.
    let inFlight = Atomic<Int>(0)
    /// Set by `stop()`: responses then carry `Connection: close` so keep-alive clients go away.
    let draining = Atomic<Bool>(false)
    /// The last line MHD logged, used to explain a failed start.
    let lastLogLine = Mutex<String?>(nil)

    init(
        routes: RouteTable, maxBodySize: Int, log: @escaping @Sendable (String) -> Void,
        onRequestCompleted: (@Sendable (HTTPRequestSummary) -> Void)?
    ) {
        self.routes = routes
        self.maxBodySize = maxBodySize
        self.log = log
        self.onRequestCompleted = onRequestCompleted
    }

    /// Forwards one MHD log line to the user's log closure.
    func logFromMHD(_ line: String) {
        lastLogLine.withLock { $0 = line }
        log("microhttpd: \(line)")
    }
}
