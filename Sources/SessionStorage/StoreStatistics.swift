/// What a store has done, for `/metrics`: commits and their latency, records per commit, errors.
public struct StoreStatistics: Sendable, Equatable {
    /// The upper bounds of the commit latency histogram's buckets, in seconds.
    public static let latencyBounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

    /// Commits (transactions) made.
    public var commits = 0
    /// Records (changes) those commits held.
    public var records = 0
    /// Commits per latency bucket (not cumulative), one more than the bounds for those past the last.
    public var latencyCounts = [Int](repeating: 0, count: StoreStatistics.latencyBounds.count + 1)
    /// The commits' latencies added up, in seconds.
    public var latencySum: Double = 0
    /// Writes or reads that failed.
    public var errors = 0
    /// Requests a networked store sent and had answered (a pipeline of several commands counts once); over
    /// `records`, its round trips per change. Zero for an embedded store.
    public var roundTrips = 0
    /// Appends refused because another instance had moved the session past the version they expected.
    public var conflicts = 0

    public init() {}

    /// Counts one commit of `records` records that took `seconds`.
    public mutating func recordCommit(records: Int, seconds: Double) {
        commits += 1
        self.records += records
        latencySum += seconds
        let bucket = Self.latencyBounds.firstIndex { seconds <= $0 } ?? Self.latencyBounds.count
        latencyCounts[bucket] += 1
    }
}
