import HeadlessUI
import TestSupport

/// How much freedom a mode's random sequences give app code.
struct AppearanceMode: Sendable {
    /// Which controllers `addChild` is given.
    enum Embedding: Sendable { case freeOnly, fromPlainContainers, anything }
    /// The app code that runs inside appearance callbacks.
    enum AppCode: Sendable { case none, closeHandlers, anyCallback }

    let name: String
    var embedding: Embedding = .fromPlainContainers
    /// Whether `addChild` and `removeFromParent` may change a navigation controller's children directly.
    var embedsInStacks = false
    /// Whether a window is offered contained and presented controllers as its root (it must refuse them).
    var movesRoots = false
    var appCode: AppCode = .none

    /// Containment as apps use it: free controllers embedded, children moved between plain containers.
    static let strict = AppearanceMode(name: "strict")
    /// Containment of free controllers only: a child never changes container.
    static let stricter = AppearanceMode(name: "stricter", embedding: .freeOnly)
    /// `strict`, with stacks' children also added and removed by containment calls.
    static let navAddChild = AppearanceMode(name: "navAddChild", embedsInStacks: true)
    /// `strict`, with close handlers that pop or dismiss when their screen is dismissed, as RIBs do.
    static let appLike = AppearanceMode(name: "appLike", appCode: .closeHandlers)
    /// `strict`, with any change made from inside any appearance call.
    static let reentrant = AppearanceMode(name: "reentrant", appCode: .anyCallback)
    /// Any controller offered to `addChild` and to a window as its root, stacks included: the model must refuse
    /// what it cannot take and change nothing then.
    static let loose = AppearanceMode(name: "loose", embedding: .anything, embedsInStacks: true, movesRoots: true)
}

/// Replays a mode's random sequences and reports each property they break, shrunk to a short reproduction.
struct PropertyCheck {
    let mode: AppearanceMode
    let seed: UInt64
    let sequences: Int
    let length: Int

    /// One report per property broken, from the first sequence that broke it; empty when every property held.
    func failures() -> [String] {
        var generator = SplitMix64(seed: seed)
        var reports: [(Violation.Property, String)] = []
        for index in 0..<sequences {
            let operations = (0..<length).map { _ in ScreenOperation.random(using: &generator) }
            let worldSeed = generator.next()
            guard let violation = replay(operations, seed: worldSeed).violations.first,
                  !reports.contains(where: { $0.0 == violation.property }) else { continue }
            let shrunk = shrink(operations, seed: worldSeed, property: violation.property)
            let world = replay(shrunk, seed: worldSeed)
            let broken = world.violations.first { $0.property == violation.property } ?? violation
            reports.append((violation.property, """
                Mode \(mode.name), sequence \(index + 1) of \(sequences) (seed \(hex(seed)), sequence seed \(hex(worldSeed))):
                \(broken)
                Shrunk from \(operations.count) steps to \(shrunk.count). The sequence as code, with the callbacks it caused:
                \(world.transcript.map { "    " + $0 }.joined(separator: "\n"))
                """))
        }
        return reports.map(\.1)
    }

    /// Runs a sequence from a visible window whose root is a probe or a stack, checking after every step, and
    /// stops at the first step that breaks a property.
    func replay(_ operations: [ScreenOperation], seed: UInt64) -> ScreenWorld {
        let world = ScreenWorld(mode: mode, seed: seed)
        world.start(stackAtRoot: seed % 2 == 0)
        world.checkSettled()
        for operation in operations where world.violations.isEmpty {
            world.perform(operation)
            world.checkSettled()
        }
        return world
    }

    /// Takes out runs of steps, halving their length, as long as the rest still breaks `property`: targets are
    /// picked when a step runs, so the shorter sequence still replays.
    private func shrink(_ operations: [ScreenOperation], seed: UInt64, property: Violation.Property) -> [ScreenOperation] {
        var current = operations
        var chunk = max(1, current.count / 2)
        while true {
            var start = 0
            var shrunk = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if replay(candidate, seed: seed).violations.contains(where: { $0.property == property }) {
                    current = candidate
                    shrunk = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1, !shrunk { return current }
            if !shrunk { chunk /= 2 }
        }
    }

    private func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16, uppercase: true) }
}
