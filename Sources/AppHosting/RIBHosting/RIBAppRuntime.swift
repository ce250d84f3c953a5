import HeadlessUI
import RIBs

/// Hosts a RIBs app: launches its root router in a window and routes events through the interactors.
public final class RIBAppRuntime: AppRuntime {
    /// The window the app runs in.
    public let window = Window()
    /// The session's leak detector, handed down the tree.
    public let leakDetector = LeakDetector()
    /// The launched root router.
    public let root: any LaunchRouting
    /// The root router's roles, where every render's walk starts.
    private let rootRoles: NodeRoles

    /// Launches `root` from a fresh window.
    public init(root: any LaunchRouting) {
        self.root = root
        root.launch(from: window, leakDetector: leakDetector)
        rootRoles = NodeRoles.of(root)
    }

    deinit {
        // The tree goes with the runtime, and nobody reads its leaks any more: the release of each router in it
        // need not be watched.
        leakDetector.stopWatching()
    }

    public func apply(_ event: AppEvent) throws(EventError) {
        // The path the last render found is still the screen's: nothing moves between two calls but events.
        if let path = renderedPath {
            renderedPath = nil
            try offer(event, along: path)
        } else {
            try offer(event, along: pathToTop().reversed().lazy.map { NodeRoles.of($0) })
        }
    }

    /// Offers `event` to the handlers along `path`, top first, until one takes it. The roles hold their
    /// interactors: a handler that detaches RIBs further down the path leaves theirs alive until this returns.
    private func offer(_ event: AppEvent, along path: some Sequence<NodeRoles>) throws(EventError) {
        for roles in path {
            guard let handler = roles.handler else { continue }
            if try handler.handle(event) { return }
        }
        throw .notHandled("no RIB on screen handles `\(event.type.rawValue)` now")
    }

    public var acceptedEvents: [EventType] {
        acceptedEvents(along: pathToTop())
    }

    private func acceptedEvents(along path: [any Routing]) -> [EventType] {
        var accepted: [EventType] = []
        for router in path.reversed() {
            guard let handler = NodeRoles.of(router).handler else { continue }
            Self.add(handler.acceptedEvents, to: &accepted)
        }
        return accepted
    }

    /// Adds the types a handler accepts to those of the handlers above it on the screen, each type once.
    private static func add(_ types: [EventType], to accepted: inout [EventType]) {
        // Usually one handler on the path answers: take its list as is instead of copying it type by type
        // (when it lists each type once, as it should; a few comparisons check that).
        if accepted.isEmpty, !hasDuplicates(types) {
            accepted = types
            return
        }
        for type in types where !accepted.contains(type) { accepted.append(type) }
    }

    private static func hasDuplicates(_ types: [EventType]) -> Bool {
        // The built-in types (usually all there is) as the bits of a set; a list with a declared one is compared
        // pair by pair.
        var seen: UInt16 = 0
        for type in types {
            guard let index = type.builtInIndex else {
                return types.indices.contains { types[..<$0].contains(types[$0]) }
            }
            let bit: UInt16 = 1 << index
            if seen & bit != 0 { return true }
            seen |= bit
        }
        return false
    }

    public func writeState(to json: inout JSONWriter, accepting: Bool) {
        // The top of the screen first: the tree's walk also finds the path to its controller, which saves a
        // second walk (the search `pathToTop` makes). The last render's path goes first: a workflow may have
        // changed the tree without `apply`, and the RIBs it detached must not look alive through it.
        renderedPath = nil
        var walk = TreeWalk(top: window.topViewController)
        json.key("tree")
        _ = writeNode(rootRoles, walk: &walk, to: &json)
        let leaks = leakDetector.leaks()
        renderedPath = walk.found ? walk.path : [rootRoles]
        let accepts = !accepting ? [] : walk.found ? walk.accepted : acceptedEvents(along: [root])
        StateFields.writeScreen(of: window, accepts: accepts, leaks: leaks, to: &json)
    }

    /// The path the last `writeState` rendered, top first; cleared by `apply`, which changes the tree, and by the
    /// next render.
    private var renderedPath: [NodeRoles]?

    public var newLeakCount: Int { leakDetector.newlyReported }

    public func tearDown() {
        renderedPath = nil
        // Deactivating the root deactivates the whole subtree (RIBs' binding); then nothing stays on screen.
        root.interactable.deactivate()
        window.rootViewController = nil
    }

    /// The routers from the root to the one that owns the controller on top of the screen.
    public func pathToTop() -> [any Routing] {
        guard let top = window.topViewController else { return [root] }
        var path: [any Routing] = []
        path.reserveCapacity(8)
        return Self.find(top, from: root, path: &path) ? path : [root]
    }

    /// Depth-first search that grows and shrinks one path array instead of building one per level.
    private static func find(_ controller: ViewController, from router: any Routing, path: inout [any Routing]) -> Bool {
        path.append(router)
        if router.ownedViewController === controller { return true }
        for child in router.children where find(controller, from: child, path: &path) {
            return true
        }
        path.removeLast()
        return false
    }

    /// What the tree's walk learns on the way: the routers from the top controller's owner up to the root.
    private struct TreeWalk {
        /// The controller on top of the screen, whose owner ends the path.
        let top: ObjectIdentifier?
        /// Whether a router owning `top` was found (the first one, depth first, as `find` takes it).
        var found = false
        /// The path, top first: the order the walk comes back up in, and the order dispatch offers an event.
        var path: [NodeRoles] = []
        /// What the handlers along `path` accept, owner first: the order the walk comes back up in.
        var accepted: [EventType] = []

        init(top: ViewController?) {
            self.top = top.map(ObjectIdentifier.init)
            if top != nil { path.reserveCapacity(8) }
        }
    }

    /// Writes the node whose roles are `node`; returns whether the path was found in its subtree (it is then on
    /// `walk.path`). Unretained: the walk reads only, and every node on it is attached, held by its parent.
    @discardableResult
    private func writeNode(_ node: Unmanaged<NodeRoles>, walk: inout TreeWalk, to json: inout JSONWriter) -> Bool {
        node._withUnsafeGuaranteedRef { writeNode($0, walk: &walk, to: &json) }
    }

    private func writeNode(_ roles: NodeRoles, walk: inout TreeWalk, to json: inout JSONWriter) -> Bool {
        json.beginObject(fields: roles.fields)
        json.bool(roles.isActive)
        if let exposing = roles.exposing {
            StateFields.writeExposedState(exposing.exposedState, to: &json)
        }
        var onPath = false
        if !walk.found, let top = walk.top, roles.controller == top {
            walk.found = true
            onPath = true
        }
        json.key("children")
        json.beginArray()
        for child in roles.children {
            // Every child is written; only the one whose subtree ends the search answers true.
            if writeNode(child, walk: &walk, to: &json) { onPath = true }
        }
        json.endArray()
        json.endObject()
        if onPath {
            walk.path.append(roles)
            if let handler = roles.handler { Self.add(handler.acceptedEvents, to: &walk.accepted) }
        }
        return onPath
    }
}
