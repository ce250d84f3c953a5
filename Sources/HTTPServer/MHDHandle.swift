import CMicroHTTPD

/// A pointer to an MHD daemon, connection or response, to a prepared response's body, or to the shim's
/// busy-sockets table, that has to cross threads.
///
/// `@unchecked Sendable` (the only one in this module) because `OpaquePointer` is not Sendable, yet all five
/// objects are designed for cross-thread use and are only used in the ways they allow:
/// - a `PreparedResponse`'s body: written once before the response can be queued, then only read (by MHD
///   sending it, and by a stopping server copying it), and freed by MHD with the response's last reference;
/// - the busy-sockets table (`OpenConnections`): its flag bytes are only read and written with the shim's
///   atomic operations, and it is freed once, when the `OpenConnections` owning it goes (after MHD's threads
///   and the accept thread, which hold it through the server's context);
/// - the daemon: MHD's own threads run it; `AcceptLoop`'s thread calls MHD_add_connection (thread-safe with
///   ITC) until `HTTPServer.stop` has joined it, and only then calls MHD_stop_daemon, once, after taking the
///   daemon out of the state lock;
/// - a connection of a streamed response: MHD_suspend_connection runs on the connection's own MHD thread
///   (inside the content reader) and MHD_resume_connection (safe from any thread) elsewhere, both under the
///   `StreamBody`'s lock and only while MHD has not released the response, so the connection is alive;
/// - a `PreparedResponse`: built and given its headers before any thread can see it, then only queued
///   (MHD_queue_response, which takes MHD's reference under the response's own mutex) and destroyed once.
struct MHDHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
