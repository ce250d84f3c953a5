#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex; the shape of `Synchronization.Mutex`, visible to ThreadSanitizer.
///
/// `Synchronization.Mutex` on Linux locks with raw futex calls, which ThreadSanitizer cannot see: every
/// access made under it is reported as a race. A pthread mutex is intercepted by the sanitizer runtime and
/// costs the same uncontended (one atomic each way), so every shared state in the package uses this type.
public final class Lock<Value: ~Copyable>: @unchecked Sendable {
    // @unchecked: the C mutex lives behind a pointer the compiler cannot reason about; every access to
    // `value` happens between pthread_mutex_lock and pthread_mutex_unlock on it, which is what Sendable asks.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Unchecked: every access is inside the mutex, which already makes accesses exclusive; the runtime check
    // would cost a call on every lock taken. (A re-entrant `withLock` deadlocks in the mutex either way.)
    @exclusivity(unchecked) private var value: Value

    /// A lock guarding `initialValue`.
    public init(_ initialValue: consuming sending Value) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        value = initialValue
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with exclusive access if nobody holds the lock now; nil, without waiting, if somebody does.
    @inline(__always)
    public func withLockIfAvailable<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
