import HeadlessUI
import RIBs

// `@exclusivity(unchecked)` on the stored properties below: they are read and written on every event, and a
// runtime exclusivity check costs a call each time (about a fifth of an event's instructions in all). A
// session's objects are touched by one thread at a time, under the session's lock, and no access to one of
// these overlaps another access to it.
/// Hosts a RIBs app: launches its root router in a window and routes events through the interactors.
public final class RIBAppRuntime: AppRuntime {
    /// The window the app runs in.
    public let window = Window()
    /// The session's leak detector, handed down the tree.
    public let leakDetector = LeakDetector()
    /// The launched root router.
    public let root: any LaunchRouting

    /// Launches `root` from a fresh window.
    public init(root: any LaunchRouting) {
        self.root = root
        root.launch(from: window, leakDetector: leakDetector)
    }

    public func apply(_ event: AppEvent) throws(EventError) {
        // The path the last render found is still the screen's: nothing moves between two calls but events.
        let path = renderedPath ?? pathToTop()
        renderedPath = nil
        for router in path.reversed() {
            guard let handler = NodeRoles.of(router).handler else { continue }
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
            let types = handler.acceptedEvents
            // Usually one handler on the path answers: take its list as is instead of copying it type by type
            // (when it lists each type once, as it should; a few comparisons check that).
            if accepted.isEmpty, !Self.hasDuplicates(types) {
                accepted = types
                continue
            }
            for type in types where !accepted.contains(type) { accepted.append(type) }
        }
        return accepted
    }

    private static func hasDuplicates(_ types: [EventType]) -> Bool {
        for index in types.indices where types[..<index].contains(types[index]) { return true }
        return false
    }

    public func writeState(to json: inout JSONWriter) {
        json.key("tree")
        writeNode(root, to: &json)
        let leaks = leakDetector.leaks()
        lastLeakCount = leaks.count
        let layers = window.layers
        let path = pathToTop(of: layers)
        renderedPath = path
        StateFields.writeScreen(layers: layers, accepts: acceptedEvents(along: path), leaks: leaks, to: &json)
    }

    /// The path the last `writeState` rendered; cleared by `apply`, which changes the tree.
    @exclusivity(unchecked) private var renderedPath: [any Routing]?

    /// The leaks the last `writeState` showed (the service reads it right after writing).
    @exclusivity(unchecked) public private(set) var lastLeakCount = 0

    public var leakCount: Int { lastLeakCount }

    public func tearDown() {
        renderedPath = nil
        // Deactivating the root deactivates the whole subtree (RIBs' binding); then nothing stays on screen.
        root.interactable.deactivate()
        window.rootViewController = nil
    }

    /// The routers from the root to the one that owns the controller on top of the screen.
    public func pathToTop() -> [any Routing] {
        pathToTop(of: window.layers)
    }

    private func pathToTop(of layers: [ScreenLayer]) -> [any Routing] {
        guard let top = layers.last?.visibleController else { return [root] }
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

    private func writeNode(_ router: any Routing, to json: inout JSONWriter) {
        let roles = NodeRoles.of(router)
        json.beginObject(fields: roles.head)
        json.bool(roles.interactable.isActive)
        if let exposing = roles.exposing {
            StateFields.writeExposedState(exposing.exposedState, to: &json)
        }
        json.key("children")
        json.beginArray()
        for child in router.children { writeNode(child, to: &json) }
        json.endArray()
        json.endObject()
    }
}
