import CMicroHTTPD

/// A pointer to an MHD daemon, connection or response that has to cross threads.
///
/// `@unchecked Sendable` (the only one in this module) because `OpaquePointer` is not Sendable, yet all three
/// objects are designed for cross-thread use and are only used in the ways MHD allows:
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
