import CMicroHTTPD
import CMicroHTTPDShim
import Locking

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServer {
    /// MHD flags: internal polling thread (+ pool via option) with epoll, TURBO (optimistic I/O), errors to
    /// our logger, no listening socket (`AcceptLoop` accepts and calls MHD_add_connection), ITC so that call
    /// wakes the chosen worker at once, and suspend/resume for streamed responses.
    static var daemonFlags: UInt32 {
        MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_TURBO.rawValue
            | MHD_USE_ERROR_LOG.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue | MHD_USE_ITC.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
    }

    /// Starts the daemon for `context` (its worker threads; it listens on nothing); maps a failure to
    /// `.startFailed` with MHD's last log line or the errno text.
    func startDaemon(context: ServerContext) throws(HTTPServerError) -> OpaquePointer {
        var options: [MHD_OptionItem] = [
            // Out of reach on purpose: `AcceptLoop` enforces `connectionLimit` before MHD_add_connection.
            // MHD 0.9.75 checks its own limit again on the worker, after MHD_add_connection has returned,
            // and when that check fails it leaves a mutex locked: the worker, then MHD_stop_daemon, hang.
            cmhd_option_int(.CONNECTION_LIMIT, Int(Int32.max)),
            // No PER_IP_CONNECTION_LIMIT either (MHD's default, none): `OpenConnections` counts per address
            // without the connections their clients already closed, which MHD's count keeps for a while.
            cmhd_option_int(.CONNECTION_TIMEOUT, configuration.idleTimeout),
            cmhd_option_int(.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryLimit),
            // Lenient: MHD 0.9.75's strict mode adds two checks only, both answered badly. A request past
            // HTTP/1.0 without Host gets MHD's 400 with its status line and headers sent twice, and a target
            // with a space is closed unanswered. The server makes both checks itself (`cmhd_request_head`,
            // `RequestTarget.hasSpaceOrControl`) and answers them with a problem.
            cmhd_option_int(.STRICT_FOR_CLIENT, 0),
        ]
        if configuration.threads > 1 {
            options.append(cmhd_option_int(.THREAD_POOL_SIZE, configuration.threads))
        }
        options.append(cmhd_option_end())

        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        errno = 0
        let daemon = options.withUnsafeMutableBufferPointer { items in
            cmhd_start_daemon(
                Self.daemonFlags,
                MHDCallbacks.accessHandler, contextPointer,
                MHDCallbacks.uriLog, contextPointer,
                MHDCallbacks.requestCompleted, contextPointer,
                MHDCallbacks.connectionClosed, contextPointer,
                MHDCallbacks.logger, contextPointer,
                items.baseAddress)
        }
        let savedErrno = errno
        if let daemon { return daemon }

        let lastLine = context.lastLogLine.withLock { $0 }
        let reason = lastLine ?? (savedErrno != 0 ? String(cString: strerror(savedErrno)) : "microhttpd refused to start")
        throw .startFailed(host: configuration.host, port: configuration.port, reason: reason)
    }
}
