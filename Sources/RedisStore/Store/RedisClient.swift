import Dispatch
import Locking
import SessionStorage

/// The pool, the TTL every change restarts, and the statistics of what went through them: every call the
/// store, its background writer and its subscriber make to Redis is counted here once.
final class RedisClient: Sendable {
    let pool: ConnectionPool
    /// 0: the keys never expire.
    let ttlMilliseconds: Int64
    private let stats = Lock(StoreStatistics())

    init(_ pool: ConnectionPool, ttlMilliseconds: Int64) {
        self.pool = pool
        self.ttlMilliseconds = ttlMilliseconds
    }

    /// Runs `body` on a pooled connection; a failure is counted and handed on as the store's error.
    func call<T>(_ body: (RedisConnection) throws(RedisError) -> T) throws(StoreError) -> T {
        do {
            return try pool.withConnection(body)
        } catch {
            stats.withLock { $0.errors += 1 }
            throw error.storeError
        }
    }

    /// Runs a change through `body` and counts it as a commit of one record, with its latency, when it kept
    /// something (`body` says whether).
    func commit<T>(_ body: (RedisConnection) throws(RedisError) -> (T, kept: Bool)) throws(StoreError) -> T {
        let started = DispatchTime.now().uptimeNanoseconds
        let (result, kept) = try call(body)
        if kept {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            stats.withLock { $0.recordCommit(records: 1, seconds: seconds) }
        }
        return result
    }

    func countConflict() {
        stats.withLock { $0.conflicts += 1 }
    }

    func countErrors(_ count: Int) {
        stats.withLock { $0.errors += count }
    }

    var statistics: StoreStatistics {
        var statistics = stats.withLock { $0 }
        statistics.roundTrips = pool.roundTrips
        return statistics
    }
}
