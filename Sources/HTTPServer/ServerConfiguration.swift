import Foundation

/// Listening address, thread pool and per-connection limits of an `HTTPServer`.
public struct ServerConfiguration: Sendable, Equatable {
    /// IPv4 address to bind: a dotted quad, `"0.0.0.0"` for every interface, or `"localhost"` (127.0.0.1).
    public var host: String
    /// TCP port to bind; 0 picks any free port (read it back with `HTTPServer.port`).
    public var port: UInt16
    /// Size of MHD's worker thread pool (each runs its own epoll loop); 1 means one internal polling thread.
    public var threads: Int
    /// Maximum number of open connections; one more is closed at once, unanswered, until one ends. A connection
    /// its client has closed (or only shut its sending side of) no longer counts, even before the server has
    /// closed its own side.
    public var connectionLimit: Int
    /// Maximum number of connections one client IP holds; further ones are closed at once. A connection its
    /// client has closed (or only shut its sending side of) no longer counts, even before the server has
    /// closed its own side. Must be >= 1.
    public var perIPConnectionLimit: Int
    /// Seconds a connection may stay idle (including a half-sent request) before it is closed. Must be >= 1
    /// (MHD reads 0 as "never").
    public var idleTimeout: Int
    /// Memory per connection for request headers and I/O buffers (MHD_OPTION_CONNECTION_MEMORY_LIMIT).
    /// Request headers that do not fit are answered by MHD itself with `431 Request Header Fields Too Large`
    /// and a small `text/html` body; no handler runs for them.
    public var connectionMemoryLimit: Int
    /// Largest accepted request body in bytes; larger bodies are read and discarded, then answered with 413
    /// (an HTTP/1.1 client that sends `Expect: 100-continue` gets the 413 instead of 100 Continue, and the
    /// connection closes: one that sends its body without waiting may see the close as a reset).
    public var maxBodySize: Int
    /// Most streamed responses open at once; past it a stream request is answered 503 `stream_limit`. Before
    /// refusing, the server ends the idle streams whose clients closed their connections (unless it looked
    /// less than 50 ms ago and found none).
    /// Each stream also holds one of `connectionLimit`'s connections, so at most that many are ever open.
    public var maxStreams: Int
    /// How often an idle stream gets its heartbeat bytes (`StreamBody.heartbeat`).
    public var streamHeartbeatInterval: Duration
    /// How long a stream may stay open before the server finishes it (nil: as long as its client stays). A
    /// client of server-sent events reconnects, and resumes by `Last-Event-ID`: behind a load balancer a
    /// bounded lifetime spreads long-lived watchers over the instances again.
    public var streamLifetime: Duration?

    /// Creates a configuration; every argument has a production-ready default.
    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        connectionLimit: Int = 1024,
        perIPConnectionLimit: Int = 64,
        idleTimeout: Int = 30,
        connectionMemoryLimit: Int = 32 * 1024,
        maxBodySize: Int = 65536,
        maxStreams: Int = 512,
        streamHeartbeatInterval: Duration = .seconds(15),
        streamLifetime: Duration? = nil
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.connectionLimit = connectionLimit
        self.perIPConnectionLimit = perIPConnectionLimit
        self.idleTimeout = idleTimeout
        self.connectionMemoryLimit = connectionMemoryLimit
        self.maxBodySize = maxBodySize
        self.maxStreams = maxStreams
        self.streamHeartbeatInterval = streamHeartbeatInterval
        self.streamLifetime = streamLifetime
    }

    /// Checks every value MHD would misread (zeros meaning "unlimited"/"never", negatives); `start()` calls it.
    public func validate() throws(HTTPServerError) {
        func require(_ condition: Bool, _ message: String) throws(HTTPServerError) {
            if !condition { throw .invalidConfiguration(message) }
        }
        try require(threads >= 1 && threads <= 1024, "threads must be between 1 and 1024 (got \(threads))")
        try require(
            connectionLimit >= 1 && connectionLimit <= Int(Int32.max),
            "connectionLimit must be >= 1 (got \(connectionLimit))")
        try require(
            perIPConnectionLimit >= 1 && perIPConnectionLimit <= Int(Int32.max),
            "perIPConnectionLimit must be >= 1 (got \(perIPConnectionLimit))")
        try require(
            idleTimeout >= 1 && idleTimeout <= Int(Int32.max),
            "idleTimeout must be >= 1 second; MHD would read 0 as never (got \(idleTimeout))")
        try require(
            connectionMemoryLimit >= 4096,
            "connectionMemoryLimit must be >= 4096 bytes (got \(connectionMemoryLimit))")
        try require(maxBodySize >= 0, "maxBodySize must be >= 0 (got \(maxBodySize))")
        try require(maxStreams >= 0, "maxStreams must be >= 0 (got \(maxStreams))")
        try require(
            streamHeartbeatInterval >= .milliseconds(10),
            "streamHeartbeatInterval must be at least 10 ms (got \(streamHeartbeatInterval))")
        try require(streamLifetime.map { $0 >= .milliseconds(10) } ?? true, "streamLifetime must be at least 10 ms")
        _ = try SocketAddress.ipv4(host: host, port: port)
    }
}
