import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Everything the C callbacks need for one run of the daemon. Immutable apart from the atomics,
/// so it is shared by all MHD threads; passed to MHD as an unretained pointer and kept alive by
/// `HTTPServer` until after MHD_stop_daemon returns.
final class ServerContext: Sendable {
    let routes: RouteTable
    let maxBodySize: Int
    /// The largest declared body still read (and dropped) before a 413, so that the connection stays open:
    /// 1 MiB past the limit. A larger one is refused at once, and the connection closes.
    let drainLimit: UInt64
    /// The most a request's head may take of a connection's memory (`cmhd_request_head`'s `head_cost`) and still
    /// leave room for the answer's head: 2 KiB less than the connection's memory.
    let headLimit: Int
    private let logLine: @Sendable (HTTPLogLevel, String) -> Void
    let onRequestCompleted: (@Sendable (HTTPRequestSummary) -> Void)?
    /// Per-request states alive (created at the request line, released at NOTIFY_COMPLETED).
    let requestStates: LiveCount
    /// Requests between their first access-handler call and NOTIFY_COMPLETED.
    let inFlight = StripedCounter()
    /// Of `inFlight`, those answered with a stream: a stream never finishes by itself, and one whose client
    /// stopped reading does not finish when it is closed either, so a stop waits for these only a little.
    let streamsInFlight = Atomic<Int>(0)
    /// Connections handed to MHD and not yet closed: `AcceptLoop` adds one before MHD_add_connection (and
    /// takes it back when MHD refuses), MHD's NOTIFY_CONNECTION callback takes it back at close.
    let connections: OpenConnections
    /// Set by `stop()`: responses then carry `Connection: close` so keep-alive clients go away.
    let draining = Atomic<Bool>(false)
    /// Set by `stop()` once its drain is over (nothing in flight, or the grace period out): a request whose
    /// handler has not started yet is dropped (its connection closed) rather than handled, so that the stop is
    /// not held up by every request MHD still finds read in its sockets.
    let abandoning = Atomic<Bool>(false)
    /// The last line MHD logged, used to explain a failed start.
    let lastLogLine = Lock<String?>(nil)
    /// MHD threads whose access handler just closed a connection on purpose, having logged why: MHD's own line
    /// about it ("Application reported internal error"), logged next on the same thread, would only mislead.
    private let closingOnPurpose = Lock<Set<pthread_t>>([])
    /// Streamed responses now open, at most `maxStreams`.
    let streams: StreamRegistry
    let maxStreams: Int
    /// `ServerConfiguration.idleTimeout`, restored on a kept-alive connection when its stream ends.
    let idleTimeout: UInt32
    /// A stream connection's timeout: at least two heartbeats, so a live stream always has written something
    /// within it, while a client that stopped reading (its writes stall) is closed, not kept forever.
    let streamTimeout: UInt32

    init(
        routes: RouteTable, maxBodySize: Int, maxStreams: Int, connectionLimit: Int, perIPConnectionLimit: Int,
        descriptorLimit: Int = .max, connectionMemoryLimit: Int,
        idleTimeout: Int, heartbeatInterval: Duration, streamLifetime: Duration? = nil,
        log: @escaping @Sendable (HTTPLogLevel, String) -> Void,
        onRequestCompleted: (@Sendable (HTTPRequestSummary) -> Void)?,
        requestStates: LiveCount
    ) {
        self.requestStates = requestStates
        self.routes = routes
        self.maxBodySize = maxBodySize
        // Saturating: a library user may set the body limit as high as Int.max.
        drainLimit = UInt64(maxBodySize).addingReportingOverflow(1 << 20).overflow ? .max : UInt64(maxBodySize) + (1 << 20)
        self.maxStreams = maxStreams
        self.headLimit = connectionMemoryLimit - 2048
        self.connections = OpenConnections(
            limit: connectionLimit, limitPerAddress: perIPConnectionLimit, descriptorLimit: descriptorLimit)
        self.idleTimeout = UInt32(clamping: idleTimeout)
        let twoBeats = (heartbeatInterval * 2).components
        let twoBeatsSeconds = twoBeats.seconds + (twoBeats.attoseconds > 0 ? 1 : 0)
        self.streamTimeout = max(self.idleTimeout, UInt32(clamping: twoBeatsSeconds))
        self.streams = StreamRegistry(limit: maxStreams, lifetime: streamLifetime)
        self.logLine = log
        self.onRequestCompleted = onRequestCompleted
    }

    /// Forwards one line of this module's to the user's log closure.
    func log(_ message: String, _ level: HTTPLogLevel = .notice) {
        logLine(level, message)
    }

    /// Forwards one MHD log line to the user's log closure. MHD reports clients' mistakes and its own failures
    /// alike; nearly all are the former, and the latter (a thread it could not start) also fail `start()`.
    func logFromMHD(_ line: String) {
        if line.hasPrefix("Application reported internal error"), closingOnPurpose.withLock({ $0.remove(pthread_self()) != nil }) {
            return
        }
        lastLogLine.withLock { $0 = line }
        logLine(.notice, "microhttpd: \(line)")
    }

    /// The access handler on this thread is about to refuse its request (MHD_NO) after logging why itself.
    func closeOnPurpose() {
        closingOnPurpose.withLock { _ = $0.insert(pthread_self()) }
    }
}
