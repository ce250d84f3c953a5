import AppHosting
import BuiltinApps
import SessionService

/// Past versions (`GET …?version=N`) as the session answers them: the timeline built by the first read (a replay
/// of the history), then each read a checkpoint and at most 31 differences applied.
enum TimeTravelBench {
    static let events = 1_000

    static func run() -> [Measurement] {
        let clock = ContinuousClock()
        let core = session()
        let start = clock.now
        blackHole(core.document(atVersion: 2)?.count ?? 0)
        let build = Harness.nanoseconds(clock.now - start) / 1e6
        var results = [
            Measurement(
                name: "time travel: first past read (builds the timeline)", value: build, low: build, high: build, unit: "ms",
                note: "\(events) events replayed and rendered once")
        ]
        for version in [10, 100, 1_000] {
            var samples: [Double] = []
            samples.reserveCapacity(20_000)
            for _ in 0..<20_000 {
                let start = clock.now
                blackHole(core.document(atVersion: version)?.count ?? 0)
                samples.append(Harness.nanoseconds(clock.now - start) / 1e3)
            }
            samples.sort()
            let p50 = samples[samples.count / 2], p99 = samples[samples.count * 99 / 100]
            results.append(
                Measurement(
                    name: "time travel: ?version=\(version) of \(events + 1), p50", value: p50, low: samples[0],
                    high: samples[samples.count - 1],
                    unit: "µs", note: "20,000 reads, each timed"))
            results.append(
                Measurement(
                    name: "time travel: ?version=\(version) of \(events + 1), p99", value: p99, low: p99, high: p99, unit: "µs", note: ""))
        }
        let bytes = Double(core.timelineBytes)
        results.append(
            Measurement(
                name: "time travel: timeline held per session", value: bytes / 1024, low: bytes / 1024, high: bytes / 1024, unit: "KiB",
                note: "\(Int(bytes) / (events + 1)) B per version; state document \(core.stateJSON.count) B"))
        return results
    }

    /// A login session at `events + 1` versions: logged in, then pushes and pops of A, B, C.
    static func session() -> SessionCore {
        let core = SessionCore(id: "time-travel-bench-0000", app: BuiltinApps.login, uptime: 0, idempotencyKeys: 0)
        _ = try? core.apply(.login(name: "ann"), now: 0)
        var applied = 1
        let screens = ["A", "B", "C"]
        var depth = 0
        while applied < events {
            let event: AppEvent = depth < 3 && (applied % 7 != 0 || depth == 0) ? .push(screen: screens[depth]) : .pop
            if (try? core.apply(event, now: Int64(applied))) == true {
                applied += 1
                depth += event == .pop ? -1 : 1
            }
        }
        return core
    }
}
