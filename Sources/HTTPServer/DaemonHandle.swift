import CMicroHTTPD

/// The running MHD daemon pointer.
///
/// `@unchecked Sendable` (the only one in this module) because `OpaquePointer` is not Sendable, yet the
/// daemon is designed for cross-thread use: MHD's own threads run it, and the only calls made through this
/// handle (MHD_quiesce_daemon, MHD_stop_daemon) happen once, from `HTTPServer.stop`, under its state lock.
struct DaemonHandle: @unchecked Sendable {
    let daemon: OpaquePointer
}
