import CMicroHTTPD
import Dispatch
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd: an epoll thread pool that routes requests to synchronous handlers.
///
/// Lifecycle: `init` → (set `onRequestCompleted`) → `start()` → `stop()`. A server starts once.
/// Handlers may return streamed responses (`HTTPResponse.stream`); `stop()` finishes them first.
public final class HTTPServer: Sendable {
    /// The configuration this server was created with.
    public let configuration: ServerConfiguration

    private let router: HTTPRouter
    private let log: @Sendable (HTTPLogLevel, String) -> Void
    private let state = Lock<Lifecycle>(.idle)
    /// Per-request states this server holds now (zero once stopped: every path releases its state).
    let requestStates = LiveCount()
    private let completionHook = Lock<(@Sendable (HTTPRequestSummary) -> Void)?>(nil)

    private enum Lifecycle {
        case idle
        case running(MHDHandle, ServerContext, AcceptLoop)
        case stopping(port: UInt16)
        case stopped
    }

    /// Creates a stopped server; `log` receives MHD's messages and this module's, each with how much it
    /// matters (default: one line each on standard error).
    public init(
        configuration: ServerConfiguration, router: HTTPRouter,
        log: @escaping @Sendable (HTTPLogLevel, String) -> Void = { _, message in HTTPServer.logToStandardError(message) }
    ) {
        self.configuration = configuration
        self.router = router
        self.log = log
    }

    /// Creates a stopped server whose `log` takes every line alike. (A closure that names no parameter fits
    /// both initializers: name its parameter, `{ line in ... }` or `{ _ in ... }`.)
    public convenience init(configuration: ServerConfiguration, router: HTTPRouter, log: @escaping @Sendable (String) -> Void) {
        self.init(configuration: configuration, router: router) { _, message in log(message) }
    }

    deinit {
        stop(gracePeriod: .zero)
    }

    /// Called on an MHD thread after each routed request finishes: method, route template (nil for 404),
    /// status (0 if none was sent) and duration. Set it before `start()`; later changes are ignored.
    public var onRequestCompleted: (@Sendable (HTTPRequestSummary) -> Void)? {
        get { completionHook.withLock { $0 } }
        set { completionHook.withLock { $0 = newValue } }
    }

    /// The bound port (the real one when configured with port 0); 0 before `start()` and after `stop()`.
    public var port: UInt16 {
        state.withLock { state in
            switch state {
            case .running(_, _, let acceptLoop): return acceptLoop.listener.port
            case .stopping(let port): return port
            case .idle, .stopped: return 0
            }
        }
    }

    /// Requests currently between header parsing and completion.
    public var inFlightRequests: Int {
        state.withLock { state in
            if case .running(_, let context, _) = state { return context.inFlight.total }
            return 0
        }
    }

    /// Connections handed to MHD and not closed yet.
    public var openConnections: Int {
        state.withLock { state in
            if case .running(_, let context, _) = state { return context.connections.count }
            return 0
        }
    }

    /// The most connections served at once: the configured limit, or fewer where the process's open-file limit
    /// (`RLIMIT_NOFILE`, raised as far as its hard limit allows) leaves no room for more; 0 when not running.
    public var connectionLimit: Int {
        state.withLock { state in
            if case .running(_, let context, _) = state { return context.connections.limit }
            return 0
        }
    }

    /// Streamed responses open now.
    public var openStreams: Int {
        state.withLock { state in
            if case .running(_, let context, _) = state { return context.streams.count }
            return 0
        }
    }

    /// Validates the configuration, binds the address, starts MHD's threads and the accept thread.
    public func start() throws(HTTPServerError) {
        try configuration.validate()
        let address = try SocketAddress.ipv4(host: configuration.host, port: configuration.port)
        // The C shim reads where this version leaves a request in its buffer; a binary built against it may
        // still meet another at run time (the library's soname stays the same from 0.9 to 1.0).
        let library = String(cString: MHD_get_version())
        guard library == "0.9.75" else {
            throw .startFailed(
                host: configuration.host, port: configuration.port,
                reason: "libmicrohttpd \(library) is loaded; this build needs 0.9.75")
        }
        let sockets = FileDescriptorBudget.sockets(wanted: configuration.connectionLimit, threads: configuration.threads)
        let connectionLimit = min(configuration.connectionLimit, sockets)
        let context = ServerContext(
            routes: router.compile(), maxBodySize: configuration.maxBodySize,
            // Lowered, the limit still leaves a connection that no stream can take, for the API.
            maxStreams: min(
                configuration.maxStreams,
                connectionLimit < configuration.connectionLimit ? max(1, connectionLimit - 1) : connectionLimit),
            connectionLimit: connectionLimit, perIPConnectionLimit: configuration.perIPConnectionLimit,
            descriptorLimit: sockets,
            connectionMemoryLimit: configuration.connectionMemoryLimit, idleTimeout: configuration.idleTimeout,
            heartbeatInterval: configuration.streamHeartbeatInterval, streamLifetime: configuration.streamLifetime, log: log,
            onRequestCompleted: onRequestCompleted, requestStates: requestStates)
        try state.withLock { (state: inout Lifecycle) throws(HTTPServerError) in
            guard case .idle = state else { throw .alreadyStarted }
            let (host, port) = (configuration.host, configuration.port)
            // Each step undoes the earlier ones when it fails: no descriptor or thread outlives a failed start.
            let listener = try ListeningSocket.open(address: address, host: host, port: port)
            let daemon: MHDHandle
            do throws(HTTPServerError) {
                daemon = MHDHandle(pointer: try startDaemon(context: context))
            } catch {
                listener.release()
                throw error
            }
            do throws(HTTPServerError) {
                let acceptLoop = try AcceptLoop.start(
                    listener: listener, daemon: daemon, context: context, host: host, port: port)
                state = .running(daemon, context, acceptLoop)
            } catch {
                MHD_stop_daemon(daemon.pointer)
                listener.release()
                throw error
            }
        }
        context.streams.startHeartbeat(every: configuration.streamHeartbeatInterval)
        Self.scheduleReclaim(of: context)
    }

    /// Every second until the server stops: connections whose clients have gone are shut down, so that MHD
    /// closes them (`OpenConnections.reclaimDeparted`); streams among them are ended. One pending block on a
    /// global queue, as the heartbeat is. It holds the context strongly, until the first tick after `stop`
    /// (which `deinit` calls) set `draining`: a weak reference would give the context a side table, and every
    /// request retains it, through the slow path then.
    private static func scheduleReclaim(of context: ServerContext) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .seconds(1)) {
            guard !context.draining.load(ordering: .relaxed) else { return }
            if context.connections.reclaimDeparted() > 0 { context.streams.endDeparted(surely: true) }
            scheduleReclaim(of: context)
        }
    }

    /// Graceful stop: stop accepting (the listening socket is shut down and closed: new connections are refused
    /// at once, ones not yet accepted are reset), finish every open stream, let in-flight requests finish for up
    /// to `gracePeriod` (their responses carry `Connection: close`), then close every connection and join MHD's
    /// threads; once the drain is over only the handlers already running finish, and requests not yet handled
    /// are dropped. Blocks until done. Idempotent.
    /// Must not be called from a handler (it waits for MHD's threads, one of which would be the caller).
    public func stop(gracePeriod: Duration = .seconds(10)) {
        let running: (MHDHandle, ServerContext, AcceptLoop)? = state.withLock { state in
            guard case .running(let handle, let context, let acceptLoop) = state else { return nil }
            state = .stopping(port: acceptLoop.listener.port)
            return (handle, context, acceptLoop)
        }
        guard let (handle, context, acceptLoop) = running else { return }
        // Draining first: a connection accepted in the meantime already gets `Connection: close` answers.
        context.draining.store(true, ordering: .relaxed)
        // MHD never saw the listening socket (MHD_USE_NO_LISTEN_SOCKET): no MHD_quiesce_daemon, whose race
        // with the epoll workers aborts the process in MHD 0.9.75. Once this returns nothing accepts any more.
        acceptLoop.stop()
        // Streams never end by themselves, and MHD_stop_daemon must not meet a suspended connection:
        // finishing them resumes each one, sends what is buffered and completes its request now.
        context.streams.closeAll()
        let deadline = ContinuousClock.now + gracePeriod
        // A request already in a kept-alive socket but not parsed yet is not counted in flight: wait until
        // nothing has been in flight for a quiet moment, so such a request is read and answered (with
        // `Connection: close`) before MHD_stop_daemon closes its connection.
        let quietPeriod = min(Duration.milliseconds(150), gracePeriod)
        // Closed streams send their last event and finish at once, unless their client stopped reading: those
        // get a second, not the whole grace period meant for requests being handled.
        let streamDeadline = ContinuousClock.now + min(Duration.seconds(1), gracePeriod)
        var quietSince = ContinuousClock.now
        while ContinuousClock.now < deadline {
            let streams = context.streamsInFlight.load(ordering: .relaxed)
            let waitedFor = context.inFlight.total - (ContinuousClock.now < streamDeadline ? 0 : streams)
            if waitedFor > 0 {
                quietSince = ContinuousClock.now
            } else if ContinuousClock.now - quietSince >= quietPeriod {
                break
            }
            usleep(2_000)
        }
        // A completion between the two reads may count a stream that just finished: bounded, never negative.
        let total = context.inFlight.total
        let streams = min(context.streamsInFlight.load(ordering: .relaxed), total)
        let unfinished = total - streams
        if unfinished > 0 {
            log(
                .notice,
                "stopping with \(unfinished) request(s) still in flight after the grace period; those not being handled yet are dropped")
        }
        if streams > 0 {
            log(.notice, "stopping with \(streams) stream(s) whose clients stopped reading; they are closed with what they did not read")
        }
        // MHD_stop_daemon lets each worker finish its round, handling every request it has read: once the drain
        // is over, only the handlers already running get to finish. A request that comes in that last round is
        // dropped unhandled even when the drain ended early: its answer might never be sent before the
        // connection closes, and a client retrying an event it never heard back from must not apply it twice.
        context.abandoning.store(true, ordering: .relaxed)
        MHD_stop_daemon(handle.pointer)
        // MHD's threads are joined: no callback can use `context` any more; the reference dies here.
        withExtendedLifetime(context) {}
        state.withLock { $0 = .stopped }
    }

    /// The default log sink: writes one line to standard error (no Foundation, no shared FILE*).
    public static let logToStandardError: @Sendable (String) -> Void = { message in
        var line = message
        line.append("\n")
        line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
