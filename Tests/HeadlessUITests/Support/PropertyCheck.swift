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
    /// Whether sequences make tab bars and select tabs (off in the modes written before them, whose sequences
    /// then stay as they were).
    var tabs = false

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
    /// `appLike`, with tab bars made, given new tabs and selected, by app code and by the user.
    static let tabs = AppearanceMode(name: "tabs", appCode: .closeHandlers, tabs: true)
    /// `tabs`, with any change made from inside any appearance call, and tabs also added and removed by
    /// containment calls.
    static let tabsReentrant = AppearanceMode(name: "tabsReentrant", embedsInStacks: true, appCode: .anyCallback, tabs: true)
}

/// Replays a mode's random sequences and reports each property they break, shrunk to a short reproduction.
struct PropertyCheck {
    let mode: AppearanceMode
    let seed: UInt64
    let sequences: Int
    let length: Int

    /// One report per property broken, from the first sequence that broke it; empty when every property held.
    func failures() -> [String] {
        PropertySearch(
            name: mode.name, seed: seed, sequences: sequences, length: length,
            draw: { [tabs = mode.tabs] in ScreenOperation.random(using: &$0, tabs: tabs) }, replay: replay
        ).failures()
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
}
