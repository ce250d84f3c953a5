import Dispatch
import Locking
import Synchronization

/// The open streams of one server run: counted against `maxStreams`, beaten by one shared heartbeat loop
/// (no thread or timer per stream), and all finished when the server stops.
///
/// Lock order: the registry's lock is never held while calling into a stream (a stream may resume its
/// connection, which takes an MHD mutex that MHD may hold while releasing another stream into `remove`).
final class StreamRegistry: Sendable {
    private let limit: Int
    /// How long a stream stays open at most (`ServerConfiguration.streamLifetime`).
    private let lifetime: Duration?
    private let streams = Lock<Entries>(Entries())
    /// Cleared by `closeAll` to end the heartbeat loop.
    private let beating = Atomic<Bool>(true)

    private struct Entries {
        var open: [ObjectIdentifier: StreamBody] = [:]
        /// Set by `closeAll`: the server is stopping and takes no new streams.
        var closed = false
    }

    init(limit: Int, lifetime: Duration? = nil) {
        self.limit = limit
        self.lifetime = lifetime
    }

    /// Streams open now.
    var count: Int { streams.withLock { $0.open.count } }

    /// Adds a stream unless the limit is reached or the server is stopping. At the limit, the streams whose
    /// clients left while idle still count until a heartbeat finds them out: they are looked for first
    /// (`endDeparted`), outside the lock, and the stream gets a second try.
    func add(_ stream: StreamBody) -> Bool {
        if !insert(stream) {
            endDeparted()
            guard insert(stream) else { return false }
        }
        if let lifetime {
            // One pending block per stream, holding it weakly: a stream that ended first is gone by then.
            let components = lifetime.components
            let nanoseconds = Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000)
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak stream] in
                stream?.finish()
            }
        }
        return true
    }

    private func insert(_ stream: StreamBody) -> Bool {
        streams.withLock { entries in
            guard !entries.closed, entries.open.count < limit else { return false }
            entries.open[ObjectIdentifier(stream)] = stream
            return true
        }
    }

    /// Forgets a stream whose response MHD released.
    func remove(_ stream: StreamBody) {
        _ = streams.withLock { $0.open.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Starts the heartbeat: every `interval`, each idle stream gets its heartbeat bytes.
    func startHeartbeat(every interval: Duration) {
        let nanoseconds =
            Int(interval.components.seconds) * 1_000_000_000
            + Int(interval.components.attoseconds / 1_000_000_000)
        scheduleBeat(after: .nanoseconds(max(nanoseconds, 1_000_000)))
    }

    /// One pending block on a global queue rather than a stored timer object: nothing to cancel or keep
    /// alive, and after `closeAll` the last block finds `beating` false and stops rescheduling.
    private func scheduleBeat(after period: DispatchTimeInterval) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + period) { [weak self] in
            guard let self, self.beating.load(ordering: .acquiring) else { return }
            self.beatAll()
            self.scheduleBeat(after: period)
        }
    }

    /// One heartbeat round, outside the registry's lock. A stream whose client left is ended rather than
    /// written to: a write would only find that out on the round after.
    func beatAll() {
        for stream in streams.withLock({ Array($0.open.values) }) {
            if endIfDeparted(stream) { continue }
            _ = stream.beat()
        }
    }

    /// Ends the streams whose clients left while they were idle, and stops counting them at once (MHD
    /// releases them a moment later). Called when a new stream finds the limit reached, and when the accept
    /// thread has shut down connections at a connection limit. A sweep that finds no one costs a `poll` per
    /// open stream, so after one the next waits `idleSweepInterval`: a client refused over and over cannot
    /// have the server sweep for each request. `surely` skips that wait, for a caller that knows of departed
    /// streams (the accept thread, having shut their connections down): their connections stay open until
    /// their streams end.
    func endDeparted(surely: Bool = false) {
        let last = lastIdleSweep.load(ordering: .relaxed)
        let now = DispatchTime.now().uptimeNanoseconds
        guard surely || last == 0 || now < last || now - last >= Self.idleSweepInterval else { return }
        var ended = 0
        for stream in streams.withLock({ Array($0.open.values) }) {
            if endIfDeparted(stream) { ended += 1 }
        }
        if ended == 0 { lastIdleSweep.store(now, ordering: .relaxed) }
    }

    /// Nanoseconds after a sweep that found no one before the next (50 ms).
    static let idleSweepInterval: UInt64 = 50_000_000
    /// When the last sweep that found no one ran (`DispatchTime` uptime nanoseconds; 0: never).
    private let lastIdleSweep = Atomic<UInt64>(0)

    /// Ends `stream` and stops counting it if its client left; true if so.
    private func endIfDeparted(_ stream: StreamBody) -> Bool {
        guard stream.endIfClientLeft() else { return false }
        remove(stream)
        return true
    }

    /// Stops the heartbeat, refuses new streams and finishes every open one, so that none stays suspended
    /// (MHD_stop_daemon panics on a suspended connection) and their requests complete at once.
    func closeAll() {
        beating.store(false, ordering: .releasing)
        let open = streams.withLock { entries in
            entries.closed = true
            return Array(entries.open.values)
        }
        for stream in open { stream.finish() }
    }
}
