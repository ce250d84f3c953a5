import Foundation
import HTTPServer
import Locking
import SessionStorage
import Synchronization

/// Counters for `GET /metrics`: requests, latency, events, leaks and session churn.
public final class ServiceMetrics: Sendable {
    /// What became of an event that reached a session.
    public enum EventOutcome: String, Sendable, CaseIterable {
        case applied, unchanged
        case eventNotHandled = "event_not_handled"
        case invalidNavigation = "invalid_navigation"
        case failed
    }

    private struct RequestKey: Hashable {
        let method: HTTPMethod
        let route: String
        let status: Int
    }

    private struct EventKey: Hashable {
        let type: String
        let outcome: EventOutcome
    }

    private struct State {
        /// A list, not a dictionary: the keys are few (routes × methods × statuses), their route strings are the
        /// route table's own (equal storage compares in one step), and hashing a route costs more than the scan.
        var requests: [(key: RequestKey, count: Int)] = []
        var bucketCounts = [Int](repeating: 0, count: ServiceMetrics.latencyBounds.count)
        var latencySum: Double = 0
        var latencyCount = 0
        /// A list for the same reason: event types × outcomes are few.
        var events: [(key: EventKey, count: Int)] = []
        /// Unused: keeps the next shard's hot fields off the cache lines of this one's.
        private var padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// Latency histogram bounds, seconds.
    static let latencyBounds: [Double] = [0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

    /// Counts kept per thread (by a hash of the thread): every request records here, and one lock shared
    /// by MHD's workers would move its cache line between cores on every request. `render` adds them up.
    private let shards: [Lock<State>] = (0..<(1 << ServiceMetrics.shardBits)).map { _ in Lock(State()) }
    private static let shardBits = 3
    private let leaks = Atomic<Int>(0)
    private let replayDivergences = Atomic<Int>(0)
    private let unrestorable = Atomic<Int>(0)
    private let expired = Atomic<Int>(0)
    private let created = Atomic<Int>(0)
    private let heapReturns = Atomic<Int>(0)

    /// Creates empty counters.
    public init() {}

    /// Counts one finished request.
    public func record(_ request: HTTPRequestSummary) {
        let (wholeSeconds, attoseconds) = request.duration.components
        let seconds = Double(wholeSeconds) + Double(attoseconds) / 1e18
        let key = RequestKey(method: request.method, route: request.route ?? "unmatched", status: request.status)
        shard.withLock { state in
            Self.add(1, to: key, in: &state.requests)
            // A stream's "duration" is how long a client watched: hours of it would swamp the latency of
            // everything else. It is counted as a request, not timed.
            guard !request.streamed else { return }
            if let bucket = Self.latencyBounds.firstIndex(where: { seconds <= $0 }) { state.bucketCounts[bucket] += 1 }
            state.latencySum += seconds
            state.latencyCount += 1
        }
    }

    /// Counts one event by type and outcome.
    public func recordEvent(_ type: String, _ outcome: EventOutcome) {
        let key = EventKey(type: type, outcome: outcome)
        shard.withLock { Self.add(1, to: key, in: &$0.events) }
    }

    /// The calling thread's shard.
    private var shard: Lock<State> {
        shards[ThreadStripe.index(bits: Self.shardBits)]
    }

    /// Every shard's counts added up.
    private func total() -> State {
        var total = State()
        for shard in shards {
            shard.withLock { state in
                for (key, count) in state.requests { Self.add(count, to: key, in: &total.requests) }
                for (key, count) in state.events { Self.add(count, to: key, in: &total.events) }
                for index in state.bucketCounts.indices { total.bucketCounts[index] += state.bucketCounts[index] }
                total.latencySum += state.latencySum
                total.latencyCount += state.latencyCount
            }
        }
        return total
    }

    private static func add<Key: Equatable>(_ count: Int, to key: Key, in counts: inout [(key: Key, count: Int)]) {
        if let index = counts.firstIndex(where: { $0.key == key }) {
            counts[index].count += count
        } else {
            counts.append((key, count))
        }
    }

    /// Counts a replay of a session's history that did not render the state it replayed.
    public func recordReplayDivergence() {
        replayDivergences.add(1, ordering: .relaxed)
    }

    /// Counts leaks found by an event (each leaked object once).
    public func recordLeaks(_ count: Int) {
        if count > 0 { leaks.add(count, ordering: .relaxed) }
    }

    /// Counts expired sessions.
    public func recordExpired(_ count: Int) {
        if count > 0 { expired.add(count, ordering: .relaxed) }
    }

    /// Counts freed memory handed back to the system.
    public func recordHeapReturn() {
        heapReturns.add(1, ordering: .relaxed)
    }

    /// Counts a stored session that could not be restored (its log did not replay to its recorded state).
    public func recordUnrestorable() {
        unrestorable.add(1, ordering: .relaxed)
    }

    /// Counts a created session.
    public func recordCreated() {
        created.add(1, ordering: .relaxed)
    }

    /// The Prometheus text exposition (format 0.0.4).
    public func render(sessionsAlive: Int, heldBytes: Int, logLinesDropped: Int, store: StoreStatistics? = nil) -> String {
        let snapshot = total()
        var text = ""
        text += "# HELP ribsd_http_requests_total HTTP requests by method, route and status.\n# TYPE ribsd_http_requests_total counter\n"
        for (key, count) in snapshot.requests.sorted(by: {
            ($0.key.route, $0.key.method.rawValue, $0.key.status) < ($1.key.route, $1.key.method.rawValue, $1.key.status)
        }) {
            text +=
                "ribsd_http_requests_total{method=\"\(key.method.rawValue)\",route=\"\(Self.escape(key.route))\",status=\"\(key.status)\"} \(count)\n"
        }
        text += Self.histogram(
            "ribsd_http_request_duration_seconds",
            help: "Time from request line to response; streams (counted in ribsd_http_requests_total) are not timed.",
            bounds: Self.latencyBounds, counts: snapshot.bucketCounts, sum: snapshot.latencySum, count: snapshot.latencyCount)
        text += "# HELP ribsd_sessions Sessions alive.\n# TYPE ribsd_sessions gauge\nribsd_sessions \(sessionsAlive)\n"
        text +=
            "# HELP ribsd_held_bytes Bytes the sessions hold in histories, remembered answers and history documents (about; limit --max-held-bytes).\n# TYPE ribsd_held_bytes gauge\nribsd_held_bytes \(heldBytes)\n"
        text += "# HELP ribsd_sessions_created_total Sessions created.\n# TYPE ribsd_sessions_created_total counter\n"
        text += "ribsd_sessions_created_total \(created.load(ordering: .relaxed))\n"
        text +=
            "# HELP ribsd_sessions_expired_total Sessions torn down after their idle TTL.\n# TYPE ribsd_sessions_expired_total counter\n"
        text += "ribsd_sessions_expired_total \(expired.load(ordering: .relaxed))\n"
        text += "# HELP ribsd_events_total Events by type and outcome.\n# TYPE ribsd_events_total counter\n"
        for (key, count) in snapshot.events.sorted(by: { ($0.key.type, $0.key.outcome.rawValue) < ($1.key.type, $1.key.outcome.rawValue) })
        {
            text += "ribsd_events_total{type=\"\(Self.escape(key.type))\",outcome=\"\(key.outcome.rawValue)\"} \(count)\n"
        }
        text +=
            "# HELP ribsd_leaks_found_total Detached objects the leak detector found still alive or on screen after an event, each counted once.\n# TYPE ribsd_leaks_found_total counter\n"
        text += "ribsd_leaks_found_total \(leaks.load(ordering: .relaxed))\n"
        text +=
            "# HELP ribsd_replay_divergences_total Replays of a session's history (after a failed event) that rendered another state than the one replayed: an app that is not deterministic.\n# TYPE ribsd_replay_divergences_total counter\n"
        text += "ribsd_replay_divergences_total \(replayDivergences.load(ordering: .relaxed))\n"
        text +=
            "# HELP ribsd_heap_returns_total Times the heap's free pages were handed back to the system, after sessions freed much of what they held.\n# TYPE ribsd_heap_returns_total counter\n"
        text += "ribsd_heap_returns_total \(heapReturns.load(ordering: .relaxed))\n"
        text +=
            "# HELP ribsd_log_lines_dropped_total Log lines lost: stderr did not keep up, or failed.\n# TYPE ribsd_log_lines_dropped_total counter\n"
        text += "ribsd_log_lines_dropped_total \(logLinesDropped)\n"
        text +=
            "# HELP ribsd_sessions_unrestorable_total Stored sessions whose log, replayed after a restart, did not render the state recorded (their app changed): closed, not served.\n# TYPE ribsd_sessions_unrestorable_total counter\n"
        text += "ribsd_sessions_unrestorable_total \(unrestorable.load(ordering: .relaxed))\n"
        if let store { text += Self.render(store) }
        return text
    }

    /// The durable store's lines: commit latency, records per commit, errors.
    private static func render(_ store: StoreStatistics) -> String {
        var text = histogram(
            "ribsd_store_commit_seconds", help: "Time the store took to commit one batch of records (a transaction).",
            bounds: StoreStatistics.latencyBounds, counts: store.latencyCounts, sum: store.latencySum, count: store.commits)
        text +=
            "# HELP ribsd_store_records_total Records (creations, events, kept answers, deletions) committed; over ribsd_store_commit_seconds_count, records per commit.\n# TYPE ribsd_store_records_total counter\n"
        text += "ribsd_store_records_total \(store.records)\n"
        text +=
            "# HELP ribsd_store_errors_total Store reads and writes that failed (a full disk, an I/O error).\n# TYPE ribsd_store_errors_total counter\n"
        text += "ribsd_store_errors_total \(store.errors)\n"
        text +=
            "# HELP ribsd_store_round_trips_total Round trips to a remote store (Redis); over ribsd_store_records_total, round trips per record.\n# TYPE ribsd_store_round_trips_total counter\n"
        text += "ribsd_store_round_trips_total \(store.roundTrips)\n"
        text +=
            "# HELP ribsd_store_conflicts_total Changes another instance stored first (a shared store): caught up with and tried again.\n# TYPE ribsd_store_conflicts_total counter\n"
        text += "ribsd_store_conflicts_total \(store.conflicts)\n"
        return text
    }

    /// A histogram's lines: `counts` per bucket (not cumulative), as many as `bounds` or one more for those past
    /// the last.
    private static func histogram(_ name: String, help: String, bounds: [Double], counts: [Int], sum: Double, count: Int) -> String {
        var text = "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
        var cumulative = 0
        for (index, bound) in bounds.enumerated() {
            cumulative += counts[index]
            text += "\(name)_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        text += "\(name)_bucket{le=\"+Inf\"} \(count)\n\(name)_sum \(sum)\n\(name)_count \(count)\n"
        return text
    }

    /// Label values escape backslash, quote and newline.
    private static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(
            of: "\n", with: "\\n")
    }
}
