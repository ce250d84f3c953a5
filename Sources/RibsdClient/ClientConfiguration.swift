/// What a `RibsdClient` waits for and how it retries.
public struct ClientConfiguration: Hashable, Sendable {
    /// How long a request may go without an answer before it counts as lost (and is retried).
    public var requestTimeout: Duration
    /// Retries of requests that got no answer. Events keep their `Idempotency-Key` across retries, so a retry
    /// never applies an event twice; a creation, which takes no key, is retried only when it cannot have
    /// reached the server (the connection was refused).
    public var retry: RetryPolicy
    /// How long a stream may stay silent before it counts as lost and reconnects. The server sends a heartbeat
    /// every 15 s, so the default waits for three.
    public var streamIdleTimeout: Duration
    /// Reconnections of a stream: the count starts again at every connection that is answered.
    public var streamRetry: RetryPolicy

    public init(
        requestTimeout: Duration = .seconds(30), retry: RetryPolicy = .standard, streamIdleTimeout: Duration = .seconds(45),
        streamRetry: RetryPolicy = .unlimited
    ) {
        self.requestTimeout = requestTimeout
        self.retry = retry
        self.streamIdleTimeout = streamIdleTimeout
        self.streamRetry = streamRetry
    }
}
