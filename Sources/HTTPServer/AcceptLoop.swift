import CMicroHTTPD
import CMicroHTTPDShim
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread that accepts on the server's `ListeningSocket` and hands each connection to MHD.
///
/// MHD_add_connection picks a pool worker and wakes it through ITC; from then on MHD owns the socket, also
/// when it refuses it (it closes it at once and logs why). `connectionLimit` and the per-address limit are
/// enforced here, before MHD sees the socket: one past either is closed at once, so its client sees the
/// connection end unanswered instead of waiting in the backlog.
/// A plain pthread rather than Dispatch: it blocks in accept4 for the server's whole life, and `stop()`
/// must join it before the descriptor is closed, so no accept can ever run on a reused descriptor number.
struct AcceptLoop: Sendable {
    /// The socket accepted on; closed by `stop()`.
    let listener: ListeningSocket
    private let thread: pthread_t
    private let worker: Worker

    /// Starts the thread. When it throws, nothing was started and `listener` is still open.
    static func start(
        listener: ListeningSocket, daemon: MHDHandle, context: ServerContext, host: String, port: UInt16
    ) throws(HTTPServerError) -> AcceptLoop {
        let worker = Worker(listener: listener.descriptor, daemon: daemon, context: context)
        let retained = Unmanaged.passRetained(worker)
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<Worker>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, retained.toOpaque())
        guard result == 0 else {
            retained.release()
            throw .startFailed(host: host, port: port, reason: "cannot start the accept thread: \(String(cString: strerror(result)))")
        }
        return AcceptLoop(listener: listener, thread: thread, worker: worker)
    }

    /// Stops accepting and closes the socket: after it returns the port refuses connections and the
    /// thread is gone. Connections already handed to MHD stay open. Call once.
    func stop() {
        worker.stopping.store(true, ordering: .releasing)
        listener.shutDown()
        pthread_join(thread, nil)
        listener.release()
    }

    /// What the thread runs; shared with `AcceptLoop` only for the `stopping` flag.
    private final class Worker: Sendable {
        let listener: Int32
        let daemon: MHDHandle
        let context: ServerContext
        /// Set before the socket is shut down: the accept error that follows ends the loop quietly.
        let stopping = Atomic<Bool>(false)

        init(listener: Int32, daemon: MHDHandle, context: ServerContext) {
            self.listener = listener
            self.daemon = daemon
            self.context = context
        }

        private func logRefusal(_ refusal: OpenConnections.Admission, of address: sockaddr_in) {
            let limits = context.connections
            if refusal == .full {
                context.log("connection limit (\(limits.limit)) reached: closing new connections until one ends")
            } else {
                context.log(
                    "connection limit per address (\(limits.limitPerAddress)) reached by \(SocketAddress.text(of: address)): closing its new connections until one ends"
                )
            }
        }

        func run() {
            CurrentThread.setName("http-accept")
            // The errno last logged, 0 after a success: a failure that repeats is logged once, not every 10 ms.
            var logged: Int32 = 0
            // The limit the last connection was refused for: logged once per episode, not per connection.
            var lastRefusal: OpenConnections.Admission?
            while true {
                var address = sockaddr_in()
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                let client = SocketAddress.withGeneric(&address) { cmhd_accept(listener, $0, &length) }
                if client >= 0 {
                    logged = 0
                    let (admission, reclaimed) = context.connections.admit(client, from: address.sin_addr.s_addr)
                    // Connections shut down there that serve streams are suspended, out of MHD's sight until
                    // their streams end: ended now, whenever the last sweep was.
                    if reclaimed > 0 { context.streams.endDeparted(surely: true) }
                    if admission != .admitted {
                        _ = close(client)
                        if admission != lastRefusal { logRefusal(admission, of: address) }
                        lastRefusal = admission
                        continue
                    }
                    lastRefusal = nil
                    // MHD closes the socket itself when it returns MHD_NO (and logs why): never close it here.
                    // (No other thread accepts, so its number cannot come back as a connection before `remove`; the
                    // every-second sweep of departed clients may poll the closed number meanwhile, which finds it
                    // invalid and shuts nothing down.)
                    let added = SocketAddress.withGeneric(&address) { MHD_add_connection(daemon.pointer, client, $0, length) }
                    if added == .NO { context.connections.remove(client) }
                    continue
                }
                let code = errno
                if stopping.load(ordering: .acquiring) { return }
                switch code {
                case EINTR, ECONNABORTED, EPROTO, EPERM,
                    // Linux reports a pending connection's network errors through accept: retry at once.
                    ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH, ETIMEDOUT:
                    continue
                case EINVAL, EBADF, ENOTSOCK:
                    // The socket no longer listens, yet stop() did not ask for it: nothing left to wait for.
                    context.log("accept failed: \(String(cString: strerror(code))); no longer accepting connections", .error)
                    return
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM (or anything unexpected): the connection stays in the
                    // backlog; retry once something may have been freed, without spinning.
                    if logged != code { context.log("accept failed: \(String(cString: strerror(code))); retrying every 10 ms", .error) }
                    logged = code
                    usleep(10_000)
                }
            }
        }
    }
}
