import CMicroHTTPD

/// A pointer to an MHD daemon or connection that has to cross threads.
///
/// `@unchecked Sendable` (the only one in this module) because `OpaquePointer` is not Sendable, yet both
/// objects are designed for cross-thread use and are only used in the ways MHD allows:
/// - the daemon: MHD's own threads run it; MHD_quiesce_daemon and MHD_stop_daemon are called once, from
///   `HTTPServer.stop`, after taking it out of the state lock;
/// - a connection of a streamed response: MHD_suspend_connection runs on the connection's own MHD thread
///   (inside the content reader) and MHD_resume_connection (safe from any thread) elsewhere, both under the
///   `StreamBody`'s lock and only while MHD has not released the response, so the connection is alive.
struct MHDHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
