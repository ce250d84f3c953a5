/// When memory the sessions held is worth handing back to the system: once what they hold (estimated) has
/// fallen by `threshold` bytes from its highest point since the last return. Churn, sessions coming as fast as
/// they go, never calls for it: the heap reuses what it frees. A mass deletion or expiry does.
struct HeapReturnPolicy: Sendable {
    /// About what an idle session holds besides its history and remembered answers (BENCHMARKS.md measures a
    /// `login` session at 3.27 KiB).
    static let bytesPerSession = 3_400

    /// How far the estimate must fall from its peak.
    let threshold: Int
    /// The highest estimate seen since the last return.
    private(set) var peak = 0

    init(threshold: Int) {
        self.threshold = threshold
    }

    /// Whether to return the heap's free pages now, with `sessions` alive holding `heldBytes` in histories,
    /// remembered answers and history documents; a yes starts the next peak from here.
    mutating func isDue(sessions: Int, heldBytes: Int) -> Bool {
        let estimate = sessions * Self.bytesPerSession + heldBytes
        peak = max(peak, estimate)
        guard peak - estimate >= threshold else { return false }
        peak = estimate
        return true
    }
}
