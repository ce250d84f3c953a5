import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// The server's own listening TCP socket (MHD runs with MHD_USE_NO_LISTEN_SOCKET; `AcceptLoop` accepts).
///
/// Owning it lets `stop()` end accepting with one `shutdown`, instead of MHD_quiesce_daemon, which races
/// with the worker threads of an epoll pool in MHD 0.9.75 and then aborts the process.
struct ListeningSocket: Sendable {
    /// The descriptor: blocking (the accept thread waits in accept4) and close-on-exec.
    let descriptor: Int32
    /// The bound port: the kernel's choice when port 0 was asked for.
    let port: UInt16

    /// Binds `address` (SO_REUSEADDR, as MHD did) and listens; nothing stays open when it throws.
    /// EADDRINUSE becomes `.addressInUse`, any other failure `.startFailed` naming the call and errno.
    static func open(address: sockaddr_in, host: String, port: UInt16) throws(HTTPServerError) -> ListeningSocket {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw .startFailed(host: host, port: port, reason: "cannot create a socket: \(String(cString: strerror(errno)))")
        }
        func failure(_ call: String) -> HTTPServerError {
            let code = errno
            _ = close(descriptor)
            if code == EADDRINUSE { return .addressInUse(host: host, port: port) }
            return .startFailed(host: host, port: port, reason: "\(call) failed: \(String(cString: strerror(code)))")
        }
        var one: Int32 = 1
        guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw failure("setsockopt(SO_REUSEADDR)")
        }
        var address = address
        let bound = SocketAddress.withGeneric(&address) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        guard bound == 0 else { throw failure("bind") }
        // listen() can fail with EADDRINUSE too (SO_REUSEADDR lets bind succeed next to a bound, not yet
        // listening socket); SOMAXCONN is MHD's default backlog.
        guard listen(descriptor, SOMAXCONN) == 0 else { throw failure("listen") }
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = SocketAddress.withGeneric(&local) { getsockname(descriptor, $0, &length) }
        guard named == 0 else { throw failure("getsockname") }
        return ListeningSocket(descriptor: descriptor, port: UInt16(bigEndian: local.sin_port))
    }

    /// Stops listening: a blocked accept returns EINVAL, new connects get ECONNREFUSED at once and
    /// connections still waiting in the backlog are reset. The descriptor stays open until `release()`.
    func shutDown() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Closes the descriptor; only once no thread can still be in accept on it (its number may be reused).
    func release() {
        _ = close(descriptor)
    }
}
