#if canImport(Glibc)
    import Glibc
#endif

/// Whether this process runs under ThreadSanitizer (`swift test --sanitize=thread`): its runtime exports
/// `__tsan_init`. Tests that repeat the same requests thousands of times run fewer there, where each costs
/// ~25× more (megabyte bodies above all): the race detector needs the interleavings, not the count, and
/// `scripts/test` runs the full counts.
public let runningUnderThreadSanitizer: Bool = dlsym(nil, "__tsan_init") != nil

/// A test's wall-clock bound: `plain`, or `sanitized` under ThreadSanitizer, whose run is several times slower
/// and runs tests side by side on two cores. `sanitized` must still be short of what the bug it catches takes.
public func timeBound(_ plain: Duration, sanitized: Duration) -> Duration {
    runningUnderThreadSanitizer ? sanitized : plain
}
