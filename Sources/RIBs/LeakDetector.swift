import HeadlessUI

/// RIBs' leak detector without timers: detaches register expectations; `leaks()` reports what is still alive or on screen.
///
/// ARC releases deterministically, so "after the event returns" replaces RIBs' 1 s / 5 s delays.
/// It never asserts: findings are values for the caller to show.
public final class LeakDetector {
    private struct Expectation {
        weak var object: AnyObject?
        let id: ObjectIdentifier
        let name: String
        let kind: Leak.Kind
    }

    /// The window whose hierarchy decides "still on screen".
    public weak var window: Window?
    private var expectations: [Expectation] = []

    /// Creates a detector with nothing expected.
    public init() {}

    /// Expects `object` to be released (and, for a view controller, to leave the screen).
    public func expectRelease(of object: AnyObject, name: String, kind: Leak.Kind) {
        let id = ObjectIdentifier(object)
        guard !expectations.contains(where: { $0.id == id && $0.object != nil }) else { return }
        expectations.append(Expectation(object: object, id: id, name: name, kind: kind))
    }

    /// Expects every router in `routers`, its interactor and its view controller to go.
    public func expectRelease(of routers: [any Routing]) {
        for router in routers {
            expectRelease(of: router, name: router.name, kind: .router)
            expectRelease(of: router.interactable, name: router.name, kind: .interactor)
            if let viewable = router as? any ViewableRouting {
                expectRelease(of: viewable.viewControllable.uiviewController, name: router.name, kind: .viewController)
            }
        }
    }

    /// Withdraws expectations for routers that were attached again.
    public func cancelExpectations(for routers: [any Routing]) {
        var ids = Set<ObjectIdentifier>()
        for router in routers {
            ids.insert(ObjectIdentifier(router))
            ids.insert(ObjectIdentifier(router.interactable))
            if let viewable = router as? any ViewableRouting {
                ids.insert(ObjectIdentifier(viewable.viewControllable.uiviewController))
            }
        }
        cancelExpectations(forObjectsWith: ids)
    }

    /// Withdraws expectations for the given objects.
    public func cancelExpectations(forObjectsWith ids: Set<ObjectIdentifier>) {
        expectations.removeAll { ids.contains($0.id) && $0.object != nil }
    }

    /// What was detached but is still alive or on screen; forgets what has gone.
    public func leaks() -> [Leak] {
        expectations.removeAll { $0.object == nil }
        return expectations.map { expectation in
            var reason = Leak.Reason.stillAlive
            if let controller = expectation.object as? ViewController, controller.isOnScreen {
                reason = .stillOnScreen
            }
            return Leak(name: expectation.name, kind: expectation.kind, reason: reason)
        }
    }

    /// Whether anything is still expected to go (RIBs' `InProgress` status).
    public var hasPendingExpectations: Bool {
        expectations.contains { $0.object != nil }
    }
}
