/// When memory the sessions held is worth handing back to the system. Either of two:
/// - what they hold (estimated) has fallen by `threshold` bytes from its highest point since the last return: a
///   mass deletion or expiry, handed back while it goes on;
/// - a fall has ended (the estimate did not fall since the last call) at half or less of that highest point, and
///   at least `threshold / 16` below it: what the returns during the fall could not hand back, or a fall too
///   small for the first rule. A trim hands back only whole free pages, and while sessions go, those still alive
///   share pages with those gone: after a churn with 23,000 sessions alive, a return with 10,000 of them left
///   handed back 2 of the 120 MiB above the start. With the first rule alone, the rest of a fall, short of
///   `threshold`, called for none: 107 MiB stayed with no session left.
///
/// Churn, sessions coming as fast as they go, calls for neither: the heap reuses what it frees.
struct HeapReturnPolicy: Sendable {
    /// About what an idle session holds besides its history and remembered answers (BENCHMARKS.md measures a
    /// `login` session at 3.27 KiB).
    static let bytesPerSession = 3_400

    /// How far the estimate must fall from its peak.
    let threshold: Int
    /// The highest estimate seen since the last return.
    private(set) var peak = 0
    /// The estimate the previous call saw.
    private var previous = 0

    init(threshold: Int) {
        self.threshold = threshold
    }

    /// Whether to return the heap's free pages now, with `sessions` alive holding `heldBytes` in histories,
    /// remembered answers and history documents; a yes starts the next peak from here.
    mutating func isDue(sessions: Int, heldBytes: Int) -> Bool {
        let estimate = sessions * Self.bytesPerSession + heldBytes
        defer { previous = estimate }
        peak = max(peak, estimate)
        let fellFromPeak = peak - estimate >= threshold
        let settledLow = estimate >= previous && peak - estimate >= max(threshold / 16, (peak + 1) / 2)
        guard fellFromPeak || settledLow else { return false }
        peak = estimate
        return true
    }
}
