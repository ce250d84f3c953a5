/// Why an `HTTPServer` could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// A `ServerConfiguration` value is out of range; the message names it.
    case invalidConfiguration(String)
    /// The host is not an IPv4 address, `"localhost"` or `"0.0.0.0"`.
    case invalidHost(String)
    /// Another socket already listens on this address.
    case addressInUse(host: String, port: UInt16)
    /// MHD refused to start; the message is its last log line or the errno text.
    case startFailed(host: String, port: UInt16, reason: String)
    /// `start()` was called on a server that is running or already stopped.
    case alreadyStarted

    /// A one-line explanation suitable for logs and command-line output.
    public var description: String {
        switch self {
        case .invalidConfiguration(let message):
            return "invalid server configuration: \(message)"
        case .invalidHost(let host):
            return "invalid host \"\(host)\": expected an IPv4 address, \"0.0.0.0\" or \"localhost\""
        case .addressInUse(let host, let port):
            return "cannot listen on \(host):\(port): address already in use (is another server running on this port?)"
        case .startFailed(let host, let port, let reason):
            return "cannot start HTTP server on \(host):\(port): \(reason)"
        case .alreadyStarted:
            return "the HTTP server was already started (a server starts once)"
        }
    }
}
