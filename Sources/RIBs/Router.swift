import HeadlessUI
import Locking

/// Default router names by type (types are few and never go away).
private let routerNames = Lock<[ObjectIdentifier: String]>([:])

/// A viewless router: owns its interactor and its children, and keeps the subtree's activity in step with its interactor.
open class Router<InteractorType>: Routing {
    /// The interactor, typed as the RIB declares it.
    public let interactor: InteractorType
    /// The interactor as the tree drives it.
    public let interactable: any Interactable
    /// The RIB's name.
    public let name: String
    /// Attached children, in attach order.
    @exclusivity(unchecked) public private(set) final var children: [any Routing] = []
    public final var leakDetector: LeakDetector? {
        didSet {
            // A presentable interactor expects its presenter to go when it goes (RIBs' `PresentableInteractor.deinit`),
            // with the detector its router has. Set on every attach, changed rarely.
            guard leakDetector !== oldValue else { return }
            (interactable as? Interactor)?.leakDetectorDidChange(leakDetector, ribName: name, viewController: ownedViewController)
        }
    }
    @exclusivity(unchecked) public final var hostContext: (any RoutingHostContext)?
    /// Who is told from `deinit` that this router went (a leak detector watching it).
    @exclusivity(unchecked) private var deinitReport = DeinitReport()

    @exclusivity(unchecked) private var isLoaded = false
    /// The interactor's state as the observation bound at load last heard it.
    @exclusivity(unchecked) private var isInteractorActive = false
    /// Whether the leak detector was asked to see this router's view leave the screen (its interactor resigned).
    @exclusivity(unchecked) private var awaitsDisappearance = false
    @exclusivity(unchecked) private var activeStateObservation: ActiveStateObservation?
    /// Who observes the lifecycle; made at the first subscription.
    var lifecycleObservers: Broadcast<RouterLifecycle>?

    /// Creates a router; `interactor` must be `Interactable` (RIBs traps otherwise: a programming error, not input).
    public init(interactor: InteractorType, name: String? = nil) {
        self.interactor = interactor
        self.interactable = Self.interactable(interactor)
        self.name = name ?? Self.defaultName(for: Self.self)
    }

    deinit {
        // First, while the interactor is still held: it may deactivate as it goes (a tree dropped without
        // a teardown) and must not call back into this half-destroyed router.
        activeStateObservation?.cancel()
        // RIBs' order for a router released while attached: its interactor resigns, then its children are
        // detached, each resigning down its subtree. A child someone else still holds must not stay active
        // under a parent that is gone. A router detached before it goes (every pop) has nothing to resign:
        // asking its interactor would cost a retain on the slow path (the interactor has a side table).
        if !isLoaded || isInteractorActive {
            interactable.deactivate()
            for child in children { child.interactable.deactivate() }
        }
        lifecycleObservers?.finish()
        // RIBs' watches at a router's release: its interactor, and a viewable router's view controller, must follow
        // it. A detach expected them already (the usual way a router goes); a tree dropped whole did not.
        leakDetector?.expectRelease(ofPartsOf: self)
        deinitReport.send(for: self)
    }

    /// Asks to be told from `deinit` when this router goes; false if another observer already is (see `DeinitReport`).
    public final func reportDeinit(to observer: any DeinitObserver) -> Bool {
        deinitReport.claim(for: observer)
    }

    open var kind: RouterKind { .viewless }

    open var ownedViewController: ViewController? { nil }

    public final func load() {
        guard !isLoaded else { return }
        isLoaded = true
        // The subtree follows this router's interactor: RIBs binds it at load, with the current value replayed.
        // Unretained: the observation is this router's own and `deinit` cancels it before anything else goes, so
        // the closure never runs on a dead router.
        activeStateObservation = interactable.observeActiveState { [unowned(unsafe) self] active in
            self.isInteractorActive = active
            guard !self.children.isEmpty else { return self.watchAppearance(active: active) }
            // The children's app code may let go of this router meanwhile (detach it from a parent that alone
            // held it): held until they have all heard, it goes after the call instead of during it. A leaf,
            // whose call runs no app code, pays nothing.
            let held = Unmanaged.passRetained(self)
            defer { held.release() }
            self.setChildrenActive(active)
            self.watchAppearance(active: active)
        }
        // RIBs' order: observers hear `.didLoad` before the router's own `didLoad()` runs.
        lifecycleObservers?.send(.didLoad)
        didLoad()
    }

    /// RIBs' viewable router check, from load on: while its interactor is inactive, its view must not stay on
    /// screen (a RIB deactivated but left attached, its view still up); active again, nothing is expected.
    private func watchAppearance(active: Bool) {
        // Attach and detach pass here on every push and pop: the common answers come first, before anything
        // is read (and retained).
        if active {
            guard awaitsDisappearance else { return }
            awaitsDisappearance = false
            if let controller = ownedViewController { leakDetector?.cancelDisappearance(of: controller) }
        } else if let leakDetector, leakDetector.detaching != ObjectIdentifier(self) {
            expectDisappearanceWhileInactive(leakDetector)
        }
    }

    /// Called once, after the router is attached and its interactor active: attach immutable children here.
    open func didLoad() {}

    public final func attachChild(_ child: any Routing) throws(RoutingError) {
        guard !isAttached(child) else { throw .alreadyAttached(child.name) }
        children.append(child)
        hostContext?.routerDidAttach(child)
        var wasExpected = false
        if let leakDetector {
            child.forEachInSubtree { $0.leakDetector = leakDetector }
            // A child seen before may have been detached and expected to go.
            wasExpected = leakDetector.cancelExpectations(forSubtreeOf: child)
        }
        child.interactable.activate()
        child.load()
        if wasExpected, let leakDetector {
            // Those expectations went, and with them the checks of views whose RIB stays inactive (its
            // interactor resigned while detached, and the activation above did not reach it): asked again.
            child.forEachInSubtree { node in
                if !node.interactable.isActive, let router = node as? any AppearanceWatching {
                    router.expectDisappearanceWhileInactive(leakDetector)
                }
            }
        }
    }

    public final func detachChild(_ child: any Routing) throws(RoutingError) {
        guard isAttached(child) else { throw .notAChild(child.name) }
        // The child's release is expected below, which covers its view leaving the screen: its deactivation
        // need not ask for that on its own. (The same detector throughout, whatever app code does meanwhile.)
        let detector = leakDetector
        let outer = detector?.detaching
        detector?.detaching = ObjectIdentifier(child)
        child.interactable.deactivate()
        detector?.detaching = outer
        // Deactivating runs app code (`willResignActive` down the subtree), which may detach siblings or this
        // very child: its place is looked up afterwards, by identity, as RIBs removes it. Gone already, it was
        // detached (and its release expected) by the call made from that code.
        guard let index = children.firstIndex(where: { $0 === child }) else { return }
        children.remove(at: index)
        hostContext?.routerDidDetachChild(at: index)
        leakDetector?.expectRelease(ofSubtreeOf: child)
    }

    private func setChildrenActive(_ active: Bool) {
        // Over the children as they were, each still attached when its turn comes: one's app code may detach a
        // later one (it went with its own detach) or flip this interactor back (this RIB routed away as its
        // subtree activates: the newer state was handed down already, and no child may get this one after it).
        for child in children where isAttached(child) {
            guard isInteractorActive == active else { return }
            if active { child.interactable.activate() } else { child.interactable.deactivate() }
        }
    }

    /// The interactor as `Interactable`. Interactors almost always subclass `Interactor`, and a class cast only
    /// walks the superclass chain; the protocol cast (a conformance lookup per superclass, on every router
    /// built) is left for interactors that only conform.
    private static func interactable(_ interactor: InteractorType) -> any Interactable {
        if let base = interactor as? Interactor { return base }
        guard let interactable = interactor as? any Interactable else {
            preconditionFailure("\(type(of: interactor)) must conform to Interactable")
        }
        return interactable
    }

    static func defaultName(for type: Any.Type) -> String {
        // `String(describing:)` on a type is slow and every router asks: remember the answer per type.
        let key = ObjectIdentifier(type)
        if let cached = routerNames.withLock({ $0[key] }) { return cached }
        let name = computeName(for: type)
        routerNames.withLock { $0[key] = name }
        return name
    }

    private static func computeName(for type: Any.Type) -> String {
        var name = String(describing: type)
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        if name.hasSuffix("Router"), name.count > "Router".count { name.removeLast("Router".count) }
        return name
    }
}

/// A router that owns a view controller.
open class ViewableRouter<InteractorType, ViewControllerType>: Router<InteractorType>, ViewableRouting {
    /// The view controller, typed as the RIB declares it.
    public let viewController: ViewControllerType
    /// The view controller as the tree shows it.
    public let viewControllable: any ViewControllable
    // Resolved once: the tree asks for it on every render and every path search.
    private let controller: ViewController

    /// Creates the router; `viewController` must be `ViewControllable` (RIBs traps otherwise).
    public init(interactor: InteractorType, viewController: ViewControllerType, name: String? = nil) {
        guard let viewControllable = viewController as? any ViewControllable else {
            preconditionFailure("\(type(of: viewController)) must conform to ViewControllable")
        }
        self.viewController = viewController
        self.viewControllable = viewControllable
        controller = viewControllable.uiviewController
        super.init(interactor: interactor, name: name)
    }

    open override var kind: RouterKind { .viewable }

    public final override var ownedViewController: ViewController? { controller }
}

/// The root router: launched from a window, the way a scene delegate starts the app.
open class LaunchRouter<InteractorType, ViewControllerType>: ViewableRouter<InteractorType, ViewControllerType>, LaunchRouting {
    open override var kind: RouterKind { .launch }

    /// RIBs' order: set the window's root, make it visible, activate the interactor, then load.
    public final func launch(from window: Window, leakDetector: LeakDetector? = nil) {
        if let leakDetector {
            leakDetector.window = window
            self.leakDetector = leakDetector
        }
        window.rootViewController = viewControllable.uiviewController
        window.makeKeyAndVisible()
        interactable.activate()
        load()
    }
}

/// A router whose view the leak detector watches while its interactor is inactive (RIBs' appearance check).
protocol AppearanceWatching: AnyObject {
    /// Asks the detector to see the view leave the screen (the interactor is inactive now).
    func expectDisappearanceWhileInactive(_ leakDetector: LeakDetector)
}

extension Router: AppearanceWatching {
    /// Asks `leakDetector` to see this router's view (if it has one) leave the screen.
    func expectDisappearanceWhileInactive(_ leakDetector: LeakDetector) {
        guard let controller = ownedViewController else { return }
        awaitsDisappearance = true
        leakDetector.expectDisappearance(of: controller, name: name)
    }
}
