import AppHosting
import BuiltinApps
import DeclaredApps
import Foundation
import SessionService
import Testing

/// The benchmark: a declared app's push+pop beside its Swift twin's, as a session applies and renders
/// them (BENCHMARKS.md's "push+pop: SessionCore (apply+render) ×2" row). A measurement, not a check: it runs
/// when `RIBSD_BENCH` is set (`RIBSD_BENCH=1 swift test -c release --filter PushPopBenchmark`) and prints.
@Suite("push+pop, declared beside Swift", .enabled(if: ProcessInfo.processInfo.environment["RIBSD_BENCH"] != nil))
struct PushPopBenchmark {
    /// Median nanoseconds per push+pop over `batches` batches of `iterations`, after `prelude` (a login).
    static func measure(_ app: AppDefinition, after prelude: [AppEvent], iterations: Int = 20_000, batches: Int = 9) -> Double {
        let session = SessionCore(id: "AAAAAAAAAAAAAAAAAAAAAA", app: app, uptime: 0, idempotencyKeys: 1000)
        for event in prelude { _ = try? session.apply(event, now: 0) }
        let clock = ContinuousClock()
        var samples: [Double] = []
        for batch in 0...batches {
            let start = clock.now
            for _ in 0..<iterations {
                _ = try? session.apply(.push(screen: "A"), now: 0)
                _ = try? session.apply(.pop, now: 0)
            }
            let elapsed = clock.now - start
            // The first batch warms up.
            if batch > 0 {
                samples.append(
                    Double(elapsed.components.seconds) * 1e9 / Double(iterations) + Double(elapsed.components.attoseconds) / 1e9
                        / Double(iterations))
            }
        }
        return samples.sorted()[samples.count / 2]
    }

    @Test("push+pop", arguments: [(BuiltinApps.login, [AppEvent.login(name: "bench")]), (BuiltinApps.navigation, [])])
    func pushPop(app: AppDefinition, prelude: [AppEvent]) throws {
        let twin = try ExampleApps.twin(of: app).definition
        // Interleaved, twice each: a machine others share drifts. `RIBSD_BENCH=declared` (or `swift`) measures
        // one side alone, for a profiler.
        let only = ProcessInfo.processInfo.environment["RIBSD_BENCH"]
        var swift: [Double] = []
        var declared: [Double] = []
        for _ in 0..<2 {
            if only != "declared" { swift.append(Self.measure(app, after: prelude)) }
            if only != "swift" { declared.append(Self.measure(twin, after: prelude)) }
        }
        let (swiftBest, declaredBest) = (swift.min() ?? 1, declared.min() ?? 1)
        let ratio = (declaredBest / swiftBest * 100).rounded() / 100
        print("push+pop (apply+render ×2): \(app.id) \(Int(swiftBest)) ns, \(twin.id) \(Int(declaredBest)) ns, ratio \(ratio)")
        #expect(swiftBest > 0 && declaredBest > 0)
    }
}
