import HeadlessUI

/// RIBs' leak detector without timers: detaches register expectations; `leaks()` reports what is still alive or on screen.
///
/// ARC releases deterministically, so "after the event returns" replaces RIBs' 1 s / 5 s delays.
/// It never asserts: findings are values for the caller to show.
///
/// Routers, interactors and view controllers tell the detector from their `deinit` that they went, so it
/// holds no weak reference to them (a weak reference gives its object a side table, and every retain and
/// release of it the slow path, right when the detached RIB is torn down). Other objects are held weakly.
public final class LeakDetector: DeinitObserver {
    private struct Expectation {
        /// The object while it is expected; read only for objects that report their `deinit` (they leave
        /// the list, or are marked gone, before their memory goes).
        unowned(unsafe) let reporter: AnyObject?
        /// Objects that cannot report their `deinit`, held weakly instead (boxed: a weak field in the
        /// record itself would make every copy of every record a runtime call).
        let other: WeakBox?
        let id: ObjectIdentifier
        let name: String
        let kind: Leak.Kind
        /// Whether the object reports its `deinit` (then `reporter` is set, else `other`).
        let reports: Bool
        /// Whether the object must be released; if not, a view controller need only leave the screen (its
        /// RIB's interactor resigned while the RIB stays attached).
        var mustGo: Bool
        /// Set when a reporting object told of its `deinit`: `reporter` must not be read from then on.
        var gone = false
        /// Set once `leaks()` has returned it: a lasting leak is found once, however often it is shown.
        var reported = false
        /// Set on a router's record by a detach, which expects its interactor and view controller with it: the
        /// router's release then finds its parts expected without looking each up (see `expectRelease(ofPartsOf:)`).
        var partsExpected = false

        /// The object if it is still alive. (Only `reports`/`gone` decide whether `reporter` may be read:
        /// even comparing it with nil would retain it.)
        var object: AnyObject? {
            guard reports else { return other?.object }
            return gone ? nil : reporter
        }

        /// Why it is a leak now, or nil: gone, or (expected only to leave the screen) off screen and free to live.
        var leakReason: Leak.Reason? {
            guard let object else { return nil }
            if let controller = object as? ViewController, controller.isOnScreen { return .stillOnScreen }
            return mustGo ? .stillAlive : nil
        }
    }

    private final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// The window whose hierarchy decides "still on screen".
    @exclusivity(unchecked) public weak var window: Window?
    @exclusivity(unchecked) private var expectations: [Expectation] = []
    /// How many of `expectations` are not marked gone. When none is, the list only holds records of objects
    /// that went: it is dropped at once instead of at the next `leaks()`, which a replay of the history
    /// (events applied without a render between them) would otherwise reach with a record per RIB it detached.
    @exclusivity(unchecked) private var unmarked = 0
    /// Where each expected object sits in `expectations`, so registering stays O(1) however many pile up;
    /// built only past `scanLimit` expectations (a detach expects three, and a short scan beats hashing).
    @exclusivity(unchecked) private var positions: [ObjectIdentifier: Int]?
    private static let scanLimit = 16
    /// How many of the leaks the last `leaks()` returned it had never returned before.
    public var newlyReported: Int { freshLeaks }
    // Read through the property above: another module reading a stored property directly (cross-module
    // optimization inlines it) emits its own runtime exclusivity check, which the attribute does not reach.
    @exclusivity(unchecked) private var freshLeaks = 0

    /// The router `detachChild` is deactivating now (the innermost, when app code detaches another meanwhile):
    /// its own deactivation needs no check that its view leaves the screen (the detach expects it to go).
    /// Others deactivated meanwhile (its subtree, or siblings that app code deactivates) are checked, and a
    /// detach's expectation takes over theirs.
    @exclusivity(unchecked) public var detaching: ObjectIdentifier?

    /// Set by `stopWatching()`: nothing is recorded any more.
    private var stopped = false

    /// Creates a detector with nothing expected.
    public init() {}

    /// Records nothing from now on: for a detector whose leaks nobody will read again (its session's runtime is
    /// going, and its tree with it), so that the routers released with the tree are not watched one by one.
    public func stopWatching() {
        stopped = true
    }

    /// Expects `object` to be released (and, for a view controller, to leave the screen).
    public func expectRelease(of object: AnyObject, name: String, kind: Leak.Kind) {
        let reports: Bool
        if let controller = object as? ViewController {
            reports = controller.reportDeinit(to: self)
        } else if let interactor = object as? Interactor {
            reports = interactor.reportDeinit(to: self)
        } else {
            reports = false
        }
        register(object, reports: reports, name: name, kind: kind)
    }

    /// Expects every router in `routers`, its interactor and its view controller to go.
    public func expectRelease(of routers: [any Routing]) {
        for router in routers { expectRelease(ofRIB: router) }
    }

    /// Expects `router` and every router attached under it, each with its interactor and view controller, to go
    /// (what a detach expects; the subtree walked in place, not listed first).
    public func expectRelease(ofSubtreeOf router: any Routing) {
        router.forEachInSubtree { expectRelease(ofRIB: $0) }
    }

    private func expectRelease(ofRIB router: any Routing) {
        let name = router.name
        register(router, reports: router.reportDeinit(to: self), name: name, kind: .router)
        let interactor = router.interactable
        let reports = (interactor as? Interactor)?.reportDeinit(to: self) ?? false
        register(interactor, reports: reports, name: name, kind: .interactor)
        if let controller = router.ownedViewController {
            register(controller, reports: controller.reportDeinit(to: self), name: name, kind: .viewController)
        }
        // The parts stay expected while the router lives (it holds them), unless their records are withdrawn,
        // which clears this (`cancelExpectations`).
        if let position = position(of: ObjectIdentifier(router)) { expectations[position].partsExpected = true }
    }

    /// What a router's release expects (RIBs' `Router.deinit` and `ViewableRouter.deinit`): its interactor and its
    /// view controller, if it has one, must go with it. When a detach expected them already (the usual way a
    /// router goes, on every pop's path), the router's own record says so, and nothing else is read: the
    /// interactor's retain alone would take the slow path (it has a side table).
    func expectRelease(ofPartsOf router: any Routing) {
        guard !stopped else { return }
        if let position = position(of: ObjectIdentifier(router)), expectations[position].partsExpected { return }
        let name = router.name
        expectReleaseIfUnexpected(of: router.interactable, name: name, kind: .interactor)
        if let controller = router.ownedViewController {
            expectReleaseIfUnexpected(of: controller, name: name, kind: .viewController)
        }
    }

    /// `expectRelease(of:name:kind:)`, unless `object` is expected to go already (a detach expected it): then its
    /// record stays as it is, found without the casts `expectRelease` makes (a presenter is usually its RIB's view
    /// controller, which the detach expected).
    func expectReleaseIfUnexpected(of object: AnyObject, name: String, kind: Leak.Kind) {
        if !stopped, !isExpectedToGo(ObjectIdentifier(object)) { expectRelease(of: object, name: name, kind: kind) }
    }

    /// Whether the object with `id` is expected to go and will tell of it: listed, not marked gone, and reporting
    /// (so alive, and that very object). Any other record leaves the decision to `register`.
    private func isExpectedToGo(_ id: ObjectIdentifier) -> Bool {
        guard let position = position(of: id) else { return false }
        return expectations[position].reports && expectations[position].mustGo
    }

    /// Expects `controller` to leave the screen, alive or not: its RIB's interactor resigned while the RIB stays
    /// attached (RIBs' viewable router checks this on every deactivation: "appearance has leaked").
    public func expectDisappearance(of controller: ViewController, name: String) {
        register(controller, reports: controller.reportDeinit(to: self), name: name, kind: .viewController, mustGo: false)
    }

    /// Withdraws `expectDisappearance(of:name:)` (the interactor is active again); an expected release stays.
    public func cancelDisappearance(of controller: ViewController) {
        let id = ObjectIdentifier(controller)
        guard let position = position(of: id), !expectations[position].mustGo else { return }
        compact(keeping: { $0.id != id })
    }

    /// Records an expectation unless `object` is expected already. `reports`: the object will call
    /// `observedObjectDidDeinit` on this detector as it goes (so it can be held unretained until then).
    private func register(_ object: AnyObject, reports: Bool, name: String, kind: Leak.Kind, mustGo: Bool = true) {
        guard !stopped else { return }
        let id = ObjectIdentifier(object)
        var expectation = Expectation(
            reporter: reports ? object : nil, other: reports ? nil : WeakBox(object), id: id, name: name, kind: kind,
            reports: reports, mustGo: mustGo)
        if let position = position(of: id) {
            if expectations[position].object != nil {
                // Still expected: keep the first record, unless it only awaited the view's disappearance and this
                // one expects the release (a detach after the deactivation): then it moves to the detach's order
                // (router, interactor, view), found before or not as it was.
                guard mustGo, !expectations[position].mustGo else { return }
                expectation.reported = expectations[position].reported
            }
            // Else gone, and the identifier reused by a new object: its record goes last, where it would be had a
            // render's `leaks()` dropped the old one first (a replay applies events with no render between, and
            // must list leaks in the live order).
            expectations.remove(at: position)
            unmarked -= 1
            if positions != nil { reindex() }
        }
        dropIfAllGone()
        unmarked += 1
        positions?[id] = expectations.count
        expectations.append(expectation)
        if positions == nil, expectations.count > Self.scanLimit { reindex() }
    }

    public func observedObjectDidDeinit(_ id: ObjectIdentifier) {
        guard let position = position(of: id) else { return }
        // Marked, not removed: removing would shift (and re-index) the rest; `leaks()` compacts.
        expectations[position].gone = true
        unmarked -= 1
        positions?[id] = nil
    }

    /// Forgets the records when every one of them is marked gone.
    private func dropIfAllGone() {
        guard unmarked == 0, !expectations.isEmpty else { return }
        expectations.removeAll(keepingCapacity: true)
        positions = nil
    }

    /// Withdraws expectations for `router` and its subtree, attached again.
    /// Returns whether any was pending (the subtree had been detached and not released).
    @discardableResult
    public func cancelExpectations(forSubtreeOf router: any Routing) -> Bool {
        // Attaching is frequent and pending expectations rare: skip walking the subtree when nothing waits.
        dropIfAllGone()
        guard !expectations.isEmpty else { return false }
        var ids = Set<ObjectIdentifier>()
        router.forEachInSubtree { node in
            ids.insert(ObjectIdentifier(node))
            ids.insert(ObjectIdentifier(node.interactable))
            if let controller = node.ownedViewController {
                ids.insert(ObjectIdentifier(controller))
            }
        }
        return cancelExpectations(forObjectsWith: ids)
    }

    /// Withdraws expectations for the given objects (they may still tell of their `deinit`: nothing is expected of them then).
    /// Returns whether any was pending.
    @discardableResult
    public func cancelExpectations(forObjectsWith ids: Set<ObjectIdentifier>) -> Bool {
        // Pending means alive: a record of an object that went and that no `leaks()` dropped yet (a replay renders
        // nothing between events) expects nothing, as it would not live.
        guard ids.contains(where: { id in position(of: id).map { expectations[$0].object != nil } ?? false }) else {
            return false
        }
        compact(keeping: { !ids.contains($0.id) })
        // A router kept may have lost its parts' records: its release looks them up again.
        for index in expectations.indices { expectations[index].partsExpected = false }
        return true
    }

    /// What was detached but is still alive or on screen, and views still on screen whose attached RIB's
    /// interactor resigned; forgets what has gone.
    public func leaks() -> [Leak] {
        // Usually whatever was expected went during the event and told so: nothing to look at.
        guard unmarked > 0 else {
            dropIfAllGone()
            freshLeaks = 0
            return []
        }
        compact(keeping: { _ in true })
        var fresh = 0
        var found: [Leak] = []
        for index in expectations.indices {
            let expectation = expectations[index]
            guard let reason = expectation.leakReason else { continue }
            if !expectation.reported {
                expectations[index].reported = true
                fresh += 1
            }
            found.append(Leak(name: expectation.name, kind: expectation.kind, reason: reason))
        }
        freshLeaks = fresh
        return found
    }

    /// Keeps the live expectations that pass `keep`, in order, and re-indexes them.
    private func compact(keeping keep: (Expectation) -> Bool) {
        guard !expectations.isEmpty else { return }
        expectations.removeAll { $0.object == nil || !keep($0) }
        unmarked = expectations.count
        reindex()
    }

    private func reindex() {
        guard expectations.count > Self.scanLimit else {
            positions = nil
            return
        }
        var index: [ObjectIdentifier: Int] = [:]
        index.reserveCapacity(expectations.count)
        for (position, expectation) in expectations.enumerated() where !expectation.gone {
            index[expectation.id] = position
        }
        positions = index
    }

    /// Where the expectation for `id` sits, if one is listed and not marked gone.
    private func position(of id: ObjectIdentifier) -> Int? {
        if let positions { return positions[id] }
        for index in expectations.indices where expectations[index].id == id && !expectations[index].gone {
            return index
        }
        return nil
    }

    /// Whether anything is still expected to go (RIBs' `InProgress` status).
    public var hasPendingExpectations: Bool {
        // A view whose RIB's interactor is inactive is pending only while it is still on screen.
        expectations.contains { $0.leakReason != nil }
    }
}
