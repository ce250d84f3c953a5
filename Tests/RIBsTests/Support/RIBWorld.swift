import HeadlessUI
import RIBs
import TestSupport

/// The properties of RIBs a random sequence is checked against.
enum TreeProperty: String {
    case structure = "a router in two children lists, twice in one, or hanging from itself"
    case activity = "an interactor's activity disagrees with its place in the tree"
    case hookOrder = "didBecomeActive and willResignActive out of turn"
    case loading = "didLoad not run exactly once for a router that was attached"
    case refusal = "a refused operation changed something, or the wrong one was refused"
    case retained = "alive though nothing the app holds keeps it"
    case leakReport = "leaks() disagrees with what was detached and lives, or shows an inactive RIB's view"
    case pending = "hasPendingExpectations disagrees with what leaks() would report"
    case outOfStep = "a RIB's view on screen while the RIB is detached, or a shown RIB's view gone while attached"
    case teardown = "something outlived the app"
    case hostContext = "a host context's view of a router's children, kept from what it was told, disagrees with them"
}

/// The RIB tree a random sequence grows from a launched root, the model the oracle keeps of it, and what broke.
final class RIBWorld: TranscriptWriting {
    let mode: TreeMode
    /// Drives the app code that runs inside callbacks, so a sequence replays the same nested changes.
    var generator: SplitMix64
    let window = Window()
    let detector = LeakDetector()
    /// Every RIB built, root first (id 0), by id.
    private(set) var records: [RIBRecord] = []
    /// The app's own references to RIBs (a parent's properties, a builder's result not yet attached): what keeps
    /// a detached RIB alive. The root is held until the teardown.
    var held: [Int: any Routing] = [:]
    /// The model of activity: RIBs the sequence deactivated itself while they were active in the tree. Each keeps
    /// its subtree inactive until it or an ancestor is activated again, or it is attached again.
    var resigned: Set<Int> = []
    var violations: [PropertyViolation<TreeProperty>] = []
    /// The sequence as code, with the callbacks each step caused: what a failure reports.
    var transcript: [String] = []
    /// How deep in app code called from callbacks the current step runs (0 at the top).
    var depth = 0
    /// How many times app code ran from a callback: a refused step that ran none must have changed nothing.
    private(set) var appCodeRuns = 0
    /// RIBs a navigation call (pushRouter and the like) is working on: its parent and the parent's ancestors,
    /// the children it shows. App code it runs leaves them where they are.
    var busy: Set<Int> = []
    /// RIBs whose willResignActive is running, innermost last: app code does not attach them again from inside
    /// their own teardown (an interactor's `activate` is a no-op while it resigns, as in RIBs).
    var resigning: [Int] = []
    /// Set for the teardown: the app's code no longer reacts.
    var quiet = false

    init(mode: TreeMode, seed: UInt64) {
        self.mode = mode
        generator = SplitMix64(seed: seed)
    }

    var stack: NavigationController { rootRouter.viewController.stack }

    var rootRouter: TreeProbe.LaunchRouter {
        // Held in `held` until the teardown, which checks nothing through it.
        held[0] as! TreeProbe.LaunchRouter
    }

    // MARK: - Building

    /// Launches the root from the window with the detector, as the host does.
    func launch() {
        let root = TreeProbe.LaunchRouter(world: self)
        records.append(RIBRecord(id: 0, name: "root", router: root, interactor: root.interactor, controller: root.viewController))
        held[0] = root
        records[0].everAttached = true
        note("let window = Window(), detector = LeakDetector()")
        note("let root = LaunchRouter(...)  // its view contains `stack`, a navigation controller whose root is Home")
        note("root.launch(from: window, leakDetector: detector)")
        root.launch(from: window, leakDetector: detector)
    }

    /// Builds a RIB the app holds: with a view three times in four.
    @discardableResult
    func build(viewable: Bool) -> Int {
        let id = records.count
        let name = (viewable ? "v" : "n") + String(id)
        if viewable {
            let router = TreeProbe.ViewableRouter(id: id, name: name, world: self)
            records.append(RIBRecord(id: id, name: name, router: router, interactor: router.interactor, controller: router.viewController))
            held[id] = router
            note("let \(name) = ViewableRouter(...)")
        } else {
            let router = TreeProbe.Router(id: id, name: name, world: self)
            records.append(RIBRecord(id: id, name: name, router: router, interactor: router.interactor, controller: nil))
            held[id] = router
            note("let \(name) = Router(...)  // no view")
        }
        // Half the routers have a host context from birth; the oracle gives the others theirs later.
        if id % 2 == 1, let router = held[id] { router.hostContext = ChildMirror(of: router) }
        return id
    }

    // MARK: - The tree as it is

    func id(of router: any Routing) -> Int? {
        (router.interactable as? TreeProbe.Interactor)?.id
    }

    func router(_ id: Int) -> (any Routing)? { records[id].router }

    func name(_ id: Int) -> String { records[id].name }

    /// The RIBs attached under the root, parents first; a RIB met twice (a cycle) is not walked again.
    func liveIDs() -> [Int] {
        var seen = Set<Int>()
        var order: [Int] = []
        func walk(_ router: any Routing) {
            guard let id = id(of: router), seen.insert(id).inserted else { return }
            order.append(id)
            for child in router.children { walk(child) }
        }
        if let root = router(0) { walk(root) }
        return order
    }

    /// Each living router's children, by id.
    func childIDs(of id: Int) -> [Int] {
        router(id)?.children.compactMap { self.id(of: $0) } ?? []
    }

    /// Living RIBs that are no one's child, the root excepted.
    func freeIDs(viewable: Bool? = nil) -> [Int] {
        var children = Set<Int>()
        for record in records { children.formUnion(childIDs(of: record.id)) }
        return records.filter { record in
            record.id != 0 && record.router != nil && !children.contains(record.id) && (viewable == nil || record.viewable == viewable)
        }.map(\.id)
    }

    /// Every (parent, child) pair among living routers, parents in id order.
    func edges() -> [(parent: Int, child: Int)] {
        records.flatMap { record in childIDs(of: record.id).map { (record.id, $0) } }
    }

    func isActive(_ id: Int) -> Bool { records[id].interactor?.isActive ?? false }

    func pick<T>(_ random: UInt64, from candidates: [T]) -> T? {
        candidates.isEmpty ? nil : candidates[Int(random % UInt64(candidates.count))]
    }

    // MARK: - Transcript

    func violate(_ property: TreeProperty, _ rib: String, _ detail: String) {
        record(PropertyViolation(property, rib, detail))
    }

    // MARK: - Callbacks

    /// An activity hook: they must alternate, starting with didBecomeActive, each heard while active.
    func heardActivity(of id: Int, active: Bool, isActive: Bool) {
        guard id < records.count else { return }
        let record = records[id]
        let hook = active ? "didBecomeActive" : "willResignActive"
        let line = note("// \(record.name).\(hook)", extra: 1)
        if active, record.lastHook == true {
            violate(.hookOrder, record.name, "heard didBecomeActive though its last hook was didBecomeActive")
        }
        if !active, record.lastHook != true { violate(.hookOrder, record.name, "heard willResignActive though it was not active") }
        if !isActive { violate(.hookOrder, record.name, "heard \(hook) while inactive") }
        record.lastHook = active
        guard !quiet else { return }
        if !active { resigning.append(id) }
        defer { if !active { resigning.removeLast() } }
        if !active, !record.viewable, mode.closesScreens {
            amend(line, with: "cleans up its children's screens:")
            cleanUpScreens(of: id)
        }
        runAppCode(after: line)
    }

    func heardDidLoad(of id: Int) {
        guard id < records.count else { return }
        let record = records[id]
        let line = note("// \(record.name).didLoad", extra: 1)
        record.loads += 1
        if record.loads > 1 { violate(.loading, record.name, "didLoad ran \(record.loads) times") }
        if !quiet { runAppCode(after: line) }
    }

    func heardAppearance(of id: Int, appeared: Bool) {
        guard id < records.count, !quiet else { return }
        let line = note("// \(records[id].name).\(appeared ? "viewDidAppear" : "viewDidDisappear")", extra: 1)
        runAppCode(after: line)
    }

    /// A RIB's screen was popped or dismissed: in modes whose app keeps screens and RIBs together, the RIB that
    /// showed it detaches it, the way the built-in apps' close listeners do (the view is gone: only a detach).
    func heardClose(of id: Int) {
        guard id < records.count, !quiet, mode.closesScreens else { return }
        let record = records[id]
        guard let shown = record.shown, let listener = router(shown.by), let child = record.router, listener.isAttached(child) else {
            return
        }
        note("// \(record.name) closed: its listener \(name(shown.by)) detaches it", extra: 1)
        appCodeRuns += 1
        depth += 1
        takeAway(id, of: shown.by, shown.how)
        depth -= 1
    }

    /// A viewless RIB resigning takes its children's screens away (RIBs' `cleanupViews`): their close events detach them.
    private func cleanUpScreens(of id: Int) {
        guard let owner = router(id) else { return }
        depth += 1
        defer { depth -= 1 }
        for child in owner.children {
            guard let childID = self.id(of: child), let shown = records[childID].shown, shown.by == id, owner.isAttached(child) else {
                continue
            }
            appCodeRuns += 1
            takeAway(childID, of: id, shown.how)
        }
    }

    /// The mode's random app code, from inside a callback at the top level.
    private func runAppCode(after line: Int) {
        guard mode.appCodeInCallbacks, depth == 0, generator.next() % 5 == 0 else { return }
        let operation = TreeOperation.nested(using: &generator)
        appCodeRuns += 1
        amend(line, with: "its code runs:")
        depth += 1
        perform(operation)
        depth -= 1
    }
}
