import HeadlessUI

// `@exclusivity(unchecked)` on the stored properties below: they are read and written on every event, and a
// runtime exclusivity check costs a call each time (about a fifth of an event's instructions in all). A
// session's objects are touched by one thread at a time, under the session's lock, and no access to one of
// these overlaps another access to it.
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
    @exclusivity(unchecked) public weak var window: Window?
    @exclusivity(unchecked) private var expectations: [Expectation] = []
    /// Where each expected object sits in `expectations`, so registering stays O(1) however many pile up;
    /// built only past `scanLimit` expectations (a detach expects three, and a short scan beats hashing).
    @exclusivity(unchecked) private var positions: [ObjectIdentifier: Int]?
    private static let scanLimit = 16

    /// Creates a detector with nothing expected.
    public init() {}

    /// Expects `object` to be released (and, for a view controller, to leave the screen).
    public func expectRelease(of object: AnyObject, name: String, kind: Leak.Kind) {
        let id = ObjectIdentifier(object)
        let expectation = Expectation(object: object, id: id, name: name, kind: kind)
        if let position = position(of: id) {
            // Still expected: keep the first record. Gone: the identifier was reused by a new object.
            if expectations[position].object == nil { expectations[position] = expectation }
            return
        }
        positions?[id] = expectations.count
        expectations.append(expectation)
        if positions == nil, expectations.count > Self.scanLimit { reindex() }
    }

    /// Expects every router in `routers`, its interactor and its view controller to go.
    public func expectRelease(of routers: [any Routing]) {
        for router in routers {
            expectRelease(of: router, name: router.name, kind: .router)
            expectRelease(of: router.interactable, name: router.name, kind: .interactor)
            if let controller = router.ownedViewController {
                expectRelease(of: controller, name: router.name, kind: .viewController)
            }
        }
    }

    /// Withdraws expectations for `router` and its subtree, attached again.
    public func cancelExpectations(forSubtreeOf router: any Routing) {
        // Attaching is frequent and pending expectations rare: skip walking the subtree when nothing waits.
        guard !expectations.isEmpty else { return }
        var ids = Set<ObjectIdentifier>()
        router.forEachInSubtree { node in
            ids.insert(ObjectIdentifier(node))
            ids.insert(ObjectIdentifier(node.interactable))
            if let controller = node.ownedViewController {
                ids.insert(ObjectIdentifier(controller))
            }
        }
        cancelExpectations(forObjectsWith: ids)
    }

    /// Withdraws expectations for the given objects.
    public func cancelExpectations(forObjectsWith ids: Set<ObjectIdentifier>) {
        guard ids.contains(where: { position(of: $0) != nil }) else { return }
        compact(keeping: { !ids.contains($0.id) })
    }

    /// What was detached but is still alive or on screen; forgets what has gone.
    public func leaks() -> [Leak] {
        compact(keeping: { _ in true })
        return expectations.map { expectation in
            var reason = Leak.Reason.stillAlive
            if let controller = expectation.object as? ViewController, controller.isOnScreen {
                reason = .stillOnScreen
            }
            return Leak(name: expectation.name, kind: expectation.kind, reason: reason)
        }
    }

    /// Keeps the live expectations that pass `keep`, in order, and re-indexes them.
    private func compact(keeping keep: (Expectation) -> Bool) {
        guard !expectations.isEmpty else { return }
        expectations.removeAll { $0.object == nil || !keep($0) }
        reindex()
    }

    private func reindex() {
        guard expectations.count > Self.scanLimit else {
            positions = nil
            return
        }
        var index: [ObjectIdentifier: Int] = [:]
        index.reserveCapacity(expectations.count)
        for (position, expectation) in expectations.enumerated() { index[expectation.id] = position }
        positions = index
    }

    private func position(of id: ObjectIdentifier) -> Int? {
        if let positions { return positions[id] }
        for index in expectations.indices where expectations[index].id == id { return index }
        return nil
    }

    /// Whether anything is still expected to go (RIBs' `InProgress` status).
    public var hasPendingExpectations: Bool {
        expectations.contains { $0.object != nil }
    }
}
