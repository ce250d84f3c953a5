#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which of `1 << bits` stripes the calling thread uses: a multiplicative hash of its pthread id, so that
/// a few busy threads (MHD's workers) rarely share one. Stable for the life of the thread.
public enum ThreadStripe {
    /// The calling thread's stripe, in `0 ..< 1 << bits`.
    @inline(__always)
    public static func index(bits: Int) -> Int {
        let thread = UInt64(UInt(bitPattern: Int(bitPattern: pthread_self())))
        return Int(truncatingIfNeeded: (thread &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }
}
