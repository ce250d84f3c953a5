import Foundation
import SessionStorage
import Synchronization

/// Sessions' records in Redis, the truth for every ribsd instance that shares it (`--store redis://...`).
///
/// Each call checks a connection out of a pool sized to the server's worker threads and makes one round trip
/// (two when the server must first be sent a script): a change is one Lua script, atomic inside Redis. Every
/// call is bounded by the timeout; a server out of reach or too slow makes it throw `.unavailable`, and the
/// next call reconnects by itself. Key layout: `SessionKeys`; the scripts: `SessionScripts`.
public final class RedisSessionStore: SessionRecordStore, Sendable {
    public let address: RedisAddress
    let client: RedisClient
    private let writer: BackgroundWriter
    let subscriber: AppendSubscriber
    private let closed = Atomic<Bool>(false)

    /// A store on the server at `address`, with up to `connections` connections (one per thread that calls
    /// it), each call bounded by `timeout`; a session's keys expire `ttl` after its last change or touch
    /// (nil: never). Connects only when first called: the server may be down now and up later.
    public init(address: RedisAddress, connections: Int, timeout: Duration = .seconds(1), ttl: Duration? = nil) {
        // hiredis writes with write(2): a server gone would raise SIGPIPE, whose default ends the process.
        signal(SIGPIPE, SIG_IGN)
        self.address = address
        let ttlMilliseconds = ttl.map { max(1, $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) }
        let pool = ConnectionPool(address, capacity: connections, timeout: timeout)
        let client = RedisClient(pool, ttlMilliseconds: ttlMilliseconds ?? 0)
        self.client = client
        subscriber = AppendSubscriber(pool: pool)
        writer = BackgroundWriter { changes, touches in
            // A failure is counted; what it loses a restart or the TTL redoes (see `submit`).
            for change in changes { try? client.write(change) }
            client.touch(touches)
        }
    }

    /// A store on the server a `redis://HOST:PORT[/DB]` URL names; throws `.unusable` for another URL.
    public convenience init(url: String, connections: Int, timeout: Duration = .seconds(1), ttl: Duration? = nil) throws(StoreError) {
        self.init(address: try RedisAddress(url: url), connections: connections, timeout: timeout, ttl: ttl)
    }

    deinit {
        close()
    }

    public func sessions() throws(StoreError) -> [StoredSession] {
        try client.call { (connection: RedisConnection) throws(RedisError) in try connection.sessions() }
    }

    public func log(of id: String) throws(StoreError) -> StoredLog? {
        try client.call { (connection: RedisConnection) throws(RedisError) in try connection.log(of: id) }
    }

    public func commit(_ change: StoreChange) throws(StoreError) {
        try client.write(change)
    }

    public func submit(_ change: StoreChange) {
        writer.submit(change)
    }

    public func touch(_ id: String, atMilliseconds milliseconds: Int64) {
        writer.touch(id, at: milliseconds)
    }

    public func checkReady() throws(StoreError) {
        let reply = try client.call { (connection: RedisConnection) throws(RedisError) in try connection.send(RedisCommand("PING")) }
        guard reply == .status("PONG") else { throw StoreError(.unavailable, "\(address) answered PING with \(reply)") }
    }

    public func statistics() -> StoreStatistics {
        client.statistics
    }

    /// Writes the queued deletions and touches, stops the subscriber, and closes every connection; calls after
    /// it throw `.unavailable`.
    public func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        subscriber.stop()
        writer.stop()
        client.pool.close()
    }
}
