import TestSupport

/// How much a mode's random sequences do besides the tree's own calls.
struct TreeMode: Sendable {
    let name: String
    /// Whether RIBs' screens are pushed, popped, presented and dismissed, by the app and by the user.
    var navigates = false
    /// Whether the app keeps screens and RIBs together, as the built-in apps do: a closed screen's RIB is
    /// detached by the RIB that showed it, a viewless RIB takes its children's screens away as it resigns, and a
    /// shown RIB leaves with its screen.
    var closesScreens = false
    /// Whether app code attaches, detaches and navigates from inside any callback (didBecomeActive,
    /// willResignActive, didLoad, viewDidAppear, viewDidDisappear).
    var appCodeInCallbacks = false

    /// The tree alone: attach, detach, activity, references.
    static let tree = TreeMode(name: "tree")
    /// With screens, which the app may leave behind (the leak detector must say so).
    static let navigation = TreeMode(name: "navigation", navigates: true)
    /// With screens kept in step with the tree, as the built-in apps keep them.
    static let appLike = TreeMode(name: "appLike", navigates: true, closesScreens: true)
    /// `appLike`, with any change made from inside any callback.
    static let reentrant = TreeMode(name: "reentrant", navigates: true, closesScreens: true, appCodeInCallbacks: true)
}

extension TreeMode {
    /// The mode's random sequences, each checked after every step; failures come shrunk to a short reproduction.
    func search(seed: UInt64, sequences: Int, length: Int) -> PropertySearch<TreeOperation, RIBWorld> {
        PropertySearch(
            name: name, seed: seed, sequences: sequences, length: length,
            draw: { [navigates] in TreeOperation.random(navigates: navigates, using: &$0) }, replay: replay
        )
    }

    /// Launches a root, runs the sequence checking after every step (reading `leaks()` at its renders and at
    /// the end), stops at the first step that breaks a property, and otherwise lets the app go.
    func replay(_ operations: [TreeOperation], seed: UInt64) -> RIBWorld {
        let world = RIBWorld(mode: self, seed: seed)
        world.launch()
        world.checkSettled(render: true)
        for operation in operations where world.violations.isEmpty {
            world.perform(operation)
            world.checkSettled(render: operation.kind == .render)
        }
        guard world.violations.isEmpty else { return world }
        world.checkSettled(render: true)
        if world.violations.isEmpty { world.tearDown() }
        return world
    }
}
