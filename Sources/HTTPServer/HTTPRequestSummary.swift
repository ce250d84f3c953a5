/// What `HTTPServer.onRequestCompleted` reports for each request that reached routing.
public struct HTTPRequestSummary: Sendable {
    /// The request method.
    public let method: HTTPMethod
    /// The matched route pattern; nil when no route matched the path (404).
    public let route: String?
    /// The status sent; 0 when the connection ended before a response was queued.
    public let status: Int
    /// Time from the request line being parsed to the request being finished (response handed to the socket).
    public let duration: Duration
    /// The handler's `HTTPResponse.logTag`, if any.
    public let logTag: String?
    /// The answer was a stream: `duration` is how long it stayed open, not how long the request took.
    public let streamed: Bool
}
