import CMicroHTTPD
import Locking

#if canImport(Glibc)
import Glibc
#endif

extension HTTPServer {
    /// MHD flags: internal polling thread (+ pool via option) with epoll, TURBO (optimistic I/O), errors to
    /// our logger, ITC so MHD_quiesce_daemon works with a pool, and suspend/resume for streamed responses.
    static var daemonFlags: UInt32 {
        MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_TURBO.rawValue
            | MHD_USE_ERROR_LOG.rawValue | MHD_USE_ITC.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
    }

    /// Starts the daemon for `context` bound to `address`; maps failures to a clear `HTTPServerError`.
    func startDaemon(address: inout sockaddr_in, context: ServerContext) throws(HTTPServerError) -> OpaquePointer {
        var options: [MHD_OptionItem] = [
            cmhd_option_int(.CONNECTION_LIMIT, configuration.connectionLimit),
            cmhd_option_int(.PER_IP_CONNECTION_LIMIT, configuration.perIPConnectionLimit),
            cmhd_option_int(.CONNECTION_TIMEOUT, configuration.idleTimeout),
            cmhd_option_int(.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryLimit),
            cmhd_option_int(.STRICT_FOR_CLIENT, 1),
        ]
        if configuration.threads > 1 {
            options.append(cmhd_option_int(.THREAD_POOL_SIZE, configuration.threads))
        }
        options.append(cmhd_option_end())

        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        errno = 0
        let daemon = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                options.withUnsafeMutableBufferPointer { items in
                    cmhd_start_daemon(
                        Self.daemonFlags, socketAddress,
                        MHDCallbacks.accessHandler, contextPointer,
                        MHDCallbacks.uriLog, contextPointer,
                        MHDCallbacks.requestCompleted, contextPointer,
                        MHDCallbacks.logger, contextPointer,
                        items.baseAddress)
                }
            }
        }
        let savedErrno = errno
        if let daemon { return daemon }

        let lastLine = context.lastLogLine.withLock { $0 }
        if savedErrno == EADDRINUSE || lastLine?.contains("Address already in use") == true {
            throw .addressInUse(host: configuration.host, port: configuration.port)
        }
        let reason = lastLine ?? (savedErrno != 0 ? String(cString: strerror(savedErrno)) : "microhttpd refused to start")
        throw .startFailed(host: configuration.host, port: configuration.port, reason: reason)
    }
}
