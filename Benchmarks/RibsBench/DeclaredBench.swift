import AppHosting
import BuiltinApps
import DeclaredApps
import Foundation
import SessionService

/// A declared app's push+pop beside its Swift twin's (Examples/apps), as a session applies and renders them.
/// The two are measured in turn, twice each, and each side's best median is kept: a machine others share drifts,
/// and alternating puts the drift on both sides.
enum DeclaredBench {
    /// Examples/apps, found from this file's place in the checkout.
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Examples/apps")

    static func run() -> [Measurement] {
        var results: [Measurement] = []
        let pairs: [(AppDefinition, [AppEvent])] = [(BuiltinApps.login, [.login(name: "bench")]), (BuiltinApps.navigation, [])]
        for (swift, prelude) in pairs {
            guard let twin = twin(of: swift) else {
                print("note: declared push+pop skipped: cannot load \(swift.id).json from \(examples.path)")
                continue
            }
            var swiftRows: [Measurement] = []
            var declaredRows: [Measurement] = []
            for _ in 0..<2 {
                swiftRows.append(measure("push+pop: \(swift.id), Swift (SessionCore) ×2", swift, after: prelude))
                declaredRows.append(measure("push+pop: \(swift.id), declared twin (SessionCore) ×2", twin, after: prelude))
            }
            let swiftBest = swiftRows.min { $0.value < $1.value }!
            let declaredBest = declaredRows.min { $0.value < $1.value }!
            results += [swiftBest, declaredBest]
            // In percent (the table shows whole numbers from 100 up); the range is each round's own ratio.
            let rounds = zip(declaredRows, swiftRows).map { $0.value / $1.value * 100 }
            results.append(
                Measurement(
                    name: "push+pop: \(swift.id), declared ÷ Swift", value: declaredBest.value / swiftBest.value * 100,
                    low: rounds.min() ?? 0, high: rounds.max() ?? 0, unit: "%", note: "goal ≤ 125 %; range: each round's"))
        }
        return results
    }

    /// The JSON twin of a built-in app, loaded from Examples/apps; nil when the checkout is not beside the binary.
    static func twin(of app: AppDefinition) -> AppDefinition? {
        let path = examples.appending(path: app.id + ".json")
        guard let bytes = try? Data(contentsOf: path) else { return nil }
        return (try? DeclaredAppLoader.load(files: [("Examples/apps/\(app.id).json", Array(bytes))]))?.first?.definition
    }

    /// A session of `app` after `prelude`.
    static func session(_ app: AppDefinition, after prelude: [AppEvent]) -> SessionCore {
        let session = SessionCore(
            id: "AAAAAAAAAAAAAAAAAAAAAA", app: app, uptime: 0, idempotencyKeys: ServiceConfiguration().idempotencyKeysPerSession)
        for event in prelude { _ = try? session.apply(event, now: 0) }
        return session
    }

    private static func measure(_ name: String, _ app: AppDefinition, after prelude: [AppEvent]) -> Measurement {
        let session = session(app, after: prelude)
        return Harness.measure(name) {
            try! session.apply(.push(screen: "A"), now: 0)
            try! session.apply(.pop, now: 0)
            blackHole(session.stateJSON.count)
        }
    }
}
