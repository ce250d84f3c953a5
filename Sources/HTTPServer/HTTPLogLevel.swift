/// How much a line from the HTTP layer matters to whoever runs the server.
public enum HTTPLogLevel: Sendable {
    /// Something a client did, or that the server handled and went on from: microhttpd's notices (a malformed
    /// request, a client gone mid-request), a refused stream, a full connection table.
    case notice
    /// The server could not do its job: accepting stopped, a response could not be made, a handler broke.
    case error
}
