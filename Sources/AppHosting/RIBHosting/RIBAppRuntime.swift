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

    /// Launches `root` from a fresh window.
    public init(root: any LaunchRouting) {
        self.root = root
        root.launch(from: window, leakDetector: leakDetector)
    }

    public func apply(_ event: AppEvent) throws(EventError) {
        for router in pathToTop().reversed() {
            guard let handler = router.interactable as? any EventHandling else { continue }
            if try handler.handle(event) { return }
        }
        throw .notHandled("no RIB on screen handles `\(event.type.rawValue)` now")
    }

    public var acceptedEvents: [EventType] {
        var accepted: [EventType] = []
        for router in pathToTop().reversed() {
            guard let handler = router.interactable as? any EventHandling else { continue }
            for type in handler.acceptedEvents where !accepted.contains(type) { accepted.append(type) }
        }
        return accepted
    }

    public func writeState(to json: inout JSONWriter) {
        json.key("tree")
        writeNode(root, to: &json)
        StateFields.writeScreen(of: window, accepts: acceptedEvents, leaks: leakDetector.leaks(), to: &json)
    }

    public var leakCount: Int { leakDetector.leaks().count }

    public func tearDown() {
        // Deactivating the root deactivates the whole subtree (RIBs' binding); then nothing stays on screen.
        root.interactable.deactivate()
        window.rootViewController = nil
    }

    /// The routers from the root to the one that owns the controller on top of the screen.
    public func pathToTop() -> [any Routing] {
        guard let top = window.topViewController else { return [root] }
        return Self.path(from: root, to: top) ?? [root]
    }

    private static func path(from router: any Routing, to controller: ViewController) -> [any Routing]? {
        if let viewable = router as? any ViewableRouting, viewable.viewControllable.uiviewController === controller {
            return [router]
        }
        for child in router.children {
            if let path = path(from: child, to: controller) { return [router] + path }
        }
        return nil
    }

    private func writeNode(_ router: any Routing, to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", router.name)
        json.field("kind", router.kind.rawValue)
        json.key("active")
        json.bool(router.interactable.isActive)
        if let exposing = router.interactable as? any StateExposing {
            StateFields.writeExposedState(exposing.exposedState, to: &json)
        }
        json.key("children")
        json.beginArray()
        for child in router.children { writeNode(child, to: &json) }
        json.endArray()
        json.endObject()
    }
}
