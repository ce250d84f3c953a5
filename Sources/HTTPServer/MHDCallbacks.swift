import CMicroHTTPD
import CMicroHTTPDShim
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The `@convention(c)` entry points MHD calls. They capture nothing: the `ServerContext` arrives as
/// the unretained `cls` pointer and per-request state as a retained `RequestState` in `*con_cls`.
/// They are static members (not top-level closures) so they are never actor-isolated.
enum MHDCallbacks {
    /// MHD_OPTION_URI_LOG_CALLBACK: runs once per request after the request line; creates the request
    /// state (released in `requestCompleted`) and copies the raw query, which MHD rewrites in place later.
    static let uriLog: cmhd_uri_log_callback = { cls, uri, _ in
        guard let cls else { return nil }
        let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
        let state = RequestState(
            query: uri.flatMap(rawQuery), started: startTime(for: context),
            liveCount: context.requestStates)
        if let uri {
            state.form = RequestTarget.form(of: uri)
            let length = strlen(uri)
            state.targetEnd = UnsafeRawPointer(uri + length)
            if RequestTarget.hasSpaceOrControl(uri, count: length) {
                state.malformed = .invalidTarget
            } else if state.form == .invalid {
                state.malformed = .invalidAuthority
            } else if let delimiter = RequestTarget.encodedDelimiter(inPathOf: uri) {
                state.malformed = delimiter == .nul ? .nulInPath : .slashInPath
            }
        }
        return Unmanaged.passRetained(state).toOpaque()
    }

    /// The access handler: called once when headers are complete, once per body chunk, and once at the end.
    static let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, size, conCls in
        guard let cls, let connection, let size, let conCls else { return .NO }
        let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
        return RequestHandling.handle(
            context: context, connection: connection, url: url, method: method, version: version,
            uploadData: uploadData, uploadDataSize: size, conCls: conCls)
    }

    /// MHD_OPTION_NOTIFY_COMPLETED: the request ended (normally, by error, timeout or client abort).
    /// Releases the state retained in `uriLog`, updates the in-flight count and reports to the hook.
    static let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, conCls, _ in
        guard let cls, let conCls, let raw = conCls.pointee else { return }
        conCls.pointee = nil
        let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
        let state = Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue()
        if state.counted {
            context.inFlight.add(-1)
            if state.streamed { context.streamsInFlight.subtract(1, ordering: .relaxed) }
            if let connection { context.connections.markBusy(cmhd_connection_socket(connection), false) }
        }
        if let hook = context.onRequestCompleted, state.phase != .created, state.started != 0 {
            let elapsed = monotonicNanoseconds() &- state.started
            hook(
                HTTPRequestSummary(
                    method: state.method, route: state.route, status: state.status,
                    duration: .nanoseconds(Int64(truncatingIfNeeded: elapsed)), logTag: state.logTag,
                    streamed: state.streamed))
        }
    }

    /// MHD_OPTION_NOTIFY_CONNECTION: a connection MHD started serving is gone (MHD calls it while cleaning
    /// up, just before it closes the socket); frees its slots of `connectionLimit` and of its address's limit
    /// for the accept thread.
    static let connectionClosed: MHD_NotifyConnectionCallback = { cls, connection, _, code in
        guard let cls, code == .CONNECTION_NOTIFY_CLOSED else { return }
        let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
        if let connection { context.connections.remove(cmhd_connection_socket(connection)) }
    }

    /// MHD_OPTION_EXTERNAL_LOGGER: formats MHD's printf-style message and hands it to the log closure.
    static let logger: MHD_LogCallback = { cls, format, arguments in
        guard let cls, let format, let arguments else { return }
        let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
        let line = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buffer -> String in
            guard let base = buffer.baseAddress else { return "" }
            let written = vsnprintf(base, buffer.count, format, arguments)
            if written < 0 { return String(cString: format) }
            var text = String(cString: base)
            while let last = text.last, last.isNewline { text.removeLast() }
            return text
        }
        context.logFromMHD(line)
    }

    /// A new request's start time: read only when a completion hook will report it, 0 otherwise.
    static func startTime(for context: ServerContext) -> UInt64 {
        context.onRequestCompleted == nil ? 0 : monotonicNanoseconds()
    }

    /// CLOCK_MONOTONIC in nanoseconds (never 0 on a running system, so 0 can mean "not read").
    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// The part of a raw request target after the first `?`, or nil without one.
    private static func rawQuery(_ uri: UnsafePointer<CChar>) -> String? {
        guard let mark = strchr(uri, Int32(UInt8(ascii: "?"))) else { return nil }
        return String(cString: mark + 1)
    }
}
