/// A headless `UIViewController`: identity, a screen name, containment and modal presentation.
///
/// Subclasses override the UIKit-style hooks (`viewDidLoad`, `viewWillAppear`, `viewDidAppear`,
/// `viewWillDisappear`, `viewDidDisappear`, `willMove`, `didMove`) to learn what happened to them; while it
/// appears, `isMovingToParent` and `isBeingPresented`, and while it disappears, `isMovingFromParent` and
/// `isBeingDismissed` tell why, exactly as UIKit does (see `ViewController+Appearance.swift` for who hears them
/// when). Everything is synchronous: completions run before a call returns.
open class ViewController {
    /// The name a client sees for this screen (RIB apps use the RIB's name).
    @exclusivity(unchecked) public var screenName: String
    /// The style used when this controller is presented.
    @exclusivity(unchecked) public var modalPresentationStyle: ModalPresentationStyle = .pageSheet

    // The two back pointers below are unretained, as UIKit's are, and cleared by whoever sets them: a pointer
    // is set only while its target holds this controller (as a child or as the presented controller), and
    // the target clears it when it lets go or is deinitialized.

    /// The container that holds this controller, if any.
    public private(set) var parent: ViewController? {
        get { parentLink?.takeUnretainedValue() }
        set { parentLink = newValue.map(Unmanaged.passUnretained) }
    }
    /// `parent` as stored: the walks up the hierarchy read it without taking a reference.
    @exclusivity(unchecked) private(set) var parentLink: Unmanaged<ViewController>?
    /// Contained children, in the order they were added.
    @exclusivity(unchecked) public internal(set) var children: [ViewController] = []
    /// The controller presented by this one or, as in UIKit, by the ancestor that made this one's presentations.
    public var presentedViewController: ViewController? { presentationContext.ownPresentation }
    /// The controller this one presents itself (UIKit keeps it strongly); only a layer's base has one.
    @exclusivity(unchecked) private(set) var ownPresentation: ViewController?
    /// Whether this one makes a presentation: a layer's base, which a stack must not take in (its layer would
    /// then hold two presentations, one of them hidden).
    var presents: Bool { ownPresentation != nil }
    /// The controller that presented this one itself (not through a container).
    private(set) var presenter: ViewController? {
        get { presenterLink?.takeUnretainedValue() }
        set { presenterLink = newValue.map(Unmanaged.passUnretained) }
    }
    /// `presenter` as stored, for the same walks.
    @exclusivity(unchecked) private(set) var presenterLink: Unmanaged<ViewController>?
    /// The controller that presents this one or, as in UIKit, the nearest presented container that holds it.
    public var presentingViewController: ViewController? {
        presenter ?? parent?.presentingViewController
    }
    /// Whether this controller itself was presented modally (not only contained in a presented one).
    public var isPresented: Bool { presenter != nil }
    /// Set on the window's root by `Window`, so on-screen checks need no global state.
    weak var hostWindow: Window?
    /// Set on the window's root by `Window` while the window is visible: what `isVisible` reads, without
    /// touching the window (the leak detector's weak reference gives it a side table, and each retain of it
    /// the slow path).
    @exclusivity(unchecked) var isRootOfVisibleWindow = false

    /// True only during `viewWillDisappear` and `viewDidDisappear` when the controller is leaving its container
    /// (a pop).
    @exclusivity(unchecked) public internal(set) var isMovingFromParent = false
    /// True only during `viewWillDisappear` and `viewDidDisappear` when the controller is being dismissed.
    @exclusivity(unchecked) public internal(set) var isBeingDismissed = false
    /// True only during `viewWillAppear` and `viewDidAppear` when the controller comes on screen as it joins its
    /// container (a push).
    @exclusivity(unchecked) public internal(set) var isMovingToParent = false
    /// True only during `viewWillAppear` and `viewDidAppear` when the controller comes on screen as it is presented.
    @exclusivity(unchecked) public internal(set) var isBeingPresented = false
    /// Where its last appearance call left it (UIKit's appearance state): a controller hears each coming and
    /// going once, whatever app code does meanwhile.
    @exclusivity(unchecked) var appearance = AppearanceState.disappeared
    /// Whether it heard viewDidLoad: once, before it first comes on screen or when asked (`loadViewIfNeeded`).
    @exclusivity(unchecked) public private(set) var isViewLoaded = false
    /// Set on a layer's base while the presentations over it are being dismissed and told so.
    @exclusivity(unchecked) var isDismissingPresentations = false
    /// True only during `viewDidDisappear` when a container of this controller is being dismissed, taking it
    /// off the screen. Not a UIKit property: RxFlow's extension of the same name reads its parent's flag; this
    /// one reads every container's, so a controller nested deeper goes with its dismissed container too.
    public var isParentBeingDismissed: Bool {
        var node = parent
        while let container = node {
            if container.isBeingDismissed { return true }
            node = container.parent
        }
        return false
    }
    /// The last view operation this controller performed, with its `animated` flag.
    @exclusivity(unchecked) public internal(set) var lastTransition: Transition?
    /// Who is told from `deinit` that this controller went (a leak detector watching it).
    @exclusivity(unchecked) private var deinitReport = DeinitReport()
    /// Who is told when this controller leaves the window (see `ViewController+Dismissal.swift`).
    var dismissalObservers: [DismissalObserverLink] = []

    /// Creates a controller named after the screen it shows.
    public init(screenName: String) {
        self.screenName = screenName
    }

    deinit {
        // Whatever outlives this controller (a leaked child or presented controller) must not point at it.
        for child in children where child.parent === self { child.parent = nil }
        if let presented = ownPresentation, presented.presenter === self { presented.presenter = nil }
        deinitReport.send(for: self)
    }

    /// Asks to be told from `deinit` when this controller goes; false if another observer already is (see `DeinitReport`).
    public final func reportDeinit(to observer: any DeinitObserver) -> Bool {
        deinitReport.claim(for: observer)
    }

    // MARK: - Hooks

    /// Called before the controller moves to a new container (or to none).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller moved to a new container (or to none).
    open func didMove(toParent parent: ViewController?) {}
    /// Called once, before the controller first comes on screen (UIKit loads a view when it is first shown), or
    /// from `loadViewIfNeeded`.
    open func viewDidLoad() {}
    /// Called when the controller is about to come on screen, just before `viewDidAppear`; read
    /// `isMovingToParent` / `isBeingPresented`.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called when the controller came on screen (into a window's hierarchy, uncovered); read `isMovingToParent`
    /// / `isBeingPresented`.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called when the controller is about to leave the screen, just before `viewDidDisappear`; read
    /// `isMovingFromParent` / `isBeingDismissed`.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called when the controller left the screen; read `isMovingFromParent` / `isBeingDismissed`.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Loads the view now if it is not loaded yet: the controller hears `viewDidLoad` (UIKit's
    /// `loadViewIfNeeded`).
    public final func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
    }

    // MARK: - Containment

    /// Adds a child controller (UIKit's `addChild`; the caller then calls `didMove(toParent:)`). It stands for
    /// adding the child's view too: shown on screen, the child hears viewDidAppear, moving to its parent.
    /// Not taken, and nothing changes: a controller this one hangs from (a cycle), and one that is presented,
    /// presents, or is a window's root (its place on screen is not a container's to give).
    public func addChild(_ child: ViewController) {
        guard child.parent !== self, !hangsFrom(child), !child.isPresented, !child.presents, child.hostWindow == nil else { return }
        // A child taken from another container moves its view: it leaves the screen, comes on it, or neither,
        // and a stack shows its top alone, so the siblings it covers or uncovers may change too.
        let oldParent = child.parent
        attach(child)
        oldParent?.updateChildrenAppearance()
        for sibling in children where sibling !== child { sibling.updateAppearance() }
        child.updateAppearance(moving: true)
    }

    /// Makes `child` the last child (telling it willMove), without its appearance; nothing if it already is one.
    func attach(_ child: ViewController) {
        guard child.parent !== self else { return }
        // Told once it is in place: a child moved to a container in the same window did not leave it.
        let leaving = child.observedLeavingWindow()
        child.detachFromParent(tellingDismissal: false)
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
        Self.tellDismissed(leaving)
    }

    /// Removes this controller from its container; like UIKit, calls `didMove(toParent: nil)` after. It stands
    /// for the view's removal too: a child the user saw, and what it shows, hear viewDidDisappear first (the
    /// child moving from its parent), as UIKit tells them when the view leaves the window.
    public func removeFromParent() {
        guard parent != nil else { return }
        let oldParent = parent
        detachFromParent()
        updateAppearance(moving: true)
        oldParent?.updateChildrenAppearance()
        didMove(toParent: nil)
    }

    /// Takes the controller out of its container without telling it; its dismissal observers hear it at once.
    func detachFromParent(tellingDismissal: Bool = true) {
        guard let parent else { return }
        let leaving = tellingDismissal ? observedLeavingWindow() : []
        parent.children.removeAll { $0 === self }
        self.parent = nil
        Self.tellDismissed(leaving)
    }

    /// The nearest navigation controller that contains this controller.
    public var navigationController: NavigationController? {
        var current = parent
        while let node = current {
            if let nav = node as? NavigationController { return nav }
            current = node.parent
        }
        return nil
    }

    // MARK: - Presentation

    /// Presents `controller` modally from this one. As in UIKit, a contained controller does not present
    /// itself: the base of its layer (the container at the top of its containment, the window's root or a
    /// presented controller) does, and stays the presenter when this one leaves its container, so a modal
    /// outlives the child that asked for it (and a RIB detached without dismissing it stays on screen).
    ///
    /// - Throws: `alreadyPresenting` when that base already presents one (UIKit's "Attempt to present X
    ///   on Y which is already presenting Z"); `alreadyInHierarchy` when `controller` is already contained
    ///   or presented; `notInWindowHierarchy` when the base is in no window (UIKit's "... whose view is not
    ///   in the window hierarchy": nothing is presented on a device, which an app must not take for success).
    public func present(
        _ controller: ViewController, animated: Bool, style: ModalPresentationStyle? = nil, completion: (() -> Void)? = nil
    ) throws(ViewHierarchyError) {
        let context = presentationContext
        if let presented = context.ownPresentation {
            throw .alreadyPresenting(presenter: context.screenName, presented: presented.screenName, attempted: controller.screenName)
        }
        if livesElsewhere(controller) { throw .alreadyInHierarchy(controller.screenName) }
        guard context.isOnScreen else {
            throw .notInWindowHierarchy(presenter: context.screenName, attempted: controller.screenName)
        }
        if context.isInDismissal {
            throw .presentationInProgress(presenter: context.screenName, attempted: controller.screenName)
        }
        if let style { controller.modalPresentationStyle = style }
        // Presented from a window not yet visible, nothing comes on screen or leaves it.
        let isShown = context.isVisible
        context.ownPresentation = controller
        controller.presenter = context
        context.lastTransition = Transition(kind: .present, animated: animated)
        // A full-screen presentation takes the layers under it off the screen (a sheet leaves its own showing):
        // the one it is presented from, and the ones under that down to one already hidden by another.
        if isShown {
            // Each checked when its turn comes: app code that hears may change the screen again.
            if controller.modalPresentationStyle == .fullScreen {
                for layer in context.layersDownToHidden where !layer.isVisible { layer.disappear(animated: animated) }
            }
            if controller.isVisible { controller.appear(animated: animated, presented: true) }
        }
        completion?()
    }

    /// The controller that makes this one's presentations: the top of its containment (UIKit's presentation
    /// context for full-screen and sheet styles).
    var presentationContext: ViewController {
        var node = Unmanaged.passUnretained(self)
        while let parent = node._withUnsafeGuaranteedRef({ $0.parentLink }) { node = parent }
        return node.takeUnretainedValue()
    }

    /// Dismisses what this controller's layer presents (a child's call goes to the base that made the
    /// presentation, as in UIKit) or, when it presents nothing, dismisses this controller itself.
    ///
    /// - Throws: `nothingToDismiss` when it neither presents nor is presented.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) throws(ViewHierarchyError) {
        let presenter: ViewController
        if presentedViewController != nil {
            presenter = presentationContext
        } else if let presenting = presentingViewController {
            presenter = presenting
        } else {
            throw .nothingToDismiss(screenName)
        }
        presenter.dismissPresentations(kind: .dismiss, animated: animated)
        completion?()
    }

    /// The user dismissed this presented controller (a sheet swiped down); UIKit asks no one first. A
    /// full-screen presentation has no such gesture.
    public func userDidDismissInteractively() throws(ViewHierarchyError) {
        guard let presenting = presentingViewController else { throw .nothingToDismiss(screenName) }
        if presenting.presentedViewController?.modalPresentationStyle == .fullScreen {
            throw .notInteractivelyDismissible(screenName)
        }
        if let covering = presentedViewController {
            throw .coveredSheet(screenName, by: covering.screenName)
        }
        presenting.dismissPresentations(kind: .interactiveDismiss, animated: true)
    }

    /// Dismisses what this base presents, then brings back on screen the layers a dismissed full-screen
    /// presentation hid (this one and those under it). In a window not yet visible, no one hears of it.
    func dismissPresentations(kind: Transition.Kind, animated: Bool) {
        var hidLayers = false
        var next = ownPresentation
        while let presented = next, !hidLayers {
            hidLayers = presented.modalPresentationStyle == .fullScreen
            next = presented.ownPresentation
        }
        let isShown = isInVisibleWindow
        // Found before: app code that hears of the dismissal may dismiss or move these layers in turn.
        let uncovered = hidLayers && isShown ? layersDownToHidden : []
        let wasDismissing = isDismissingPresentations
        isDismissingPresentations = true
        removePresentation(kind: kind, animated: animated, telling: isShown)
        isDismissingPresentations = wasDismissing
        for layer in uncovered where layer.isVisible { layer.appear(animated: animated) }
    }

    /// Tears down the presented chain from the top, telling each controller (when `telling`) it is being
    /// dismissed: every one of them, even one a full-screen presentation hid, so that its RIB can close. A
    /// dismissed container's children hear it too, not themselves dismissed: they read it from their container,
    /// as RxFlow's `isParentBeingDismissed` does, while its flag is still up.
    func removePresentation(kind: Transition.Kind, animated: Bool, telling: Bool) {
        guard let presented = ownPresentation else { return }
        presented.removePresentation(kind: kind, animated: animated, telling: telling)
        let leaving = presented.observedLeavingWindow()
        ownPresentation = nil
        presented.presenter = nil
        lastTransition = Transition(kind: kind, animated: animated)
        Self.tellDismissed(leaving)
        if telling { presented.disappear(animated: animated, dismissed: true) }
    }

    /// A container removes this controller (a pop), in UIKit's order: willMove, out of the container,
    /// viewDidDisappear with `isMovingFromParent` if it was on screen, didMove. A controller covered on a stack
    /// left the screen when it was covered, so a pop of several screens tells it only willMove and didMove:
    /// UIKit sends the disappearance to the top of the stack alone.
    func removeFromContainer(animated: Bool) {
        willMove(toParent: nil)
        detachFromParent()
        finishRemoval(animated: animated)
    }

    /// The end of a container's removal of this controller, once it is out: viewDidDisappear with
    /// `isMovingFromParent`, unless app code that heard of another removed one put this one back on screen (a
    /// window's root, say), then didMove.
    func finishRemoval(animated: Bool) {
        if !isVisible { disappear(animated: animated, movingFromParent: true) }
        didMove(toParent: nil)
    }

    // MARK: - On screen

    /// The window this controller is shown in, found through containment and presentation.
    public var window: Window? {
        // Unretained: the walk only reads, and every controller on it is held by the one it hangs from.
        var link = Unmanaged.passUnretained(self)
        while let next = link._withUnsafeGuaranteedRef({ $0.holderLink }) { link = next }
        return link._withUnsafeGuaranteedRef { top in
            guard let window = top.hostWindow, window.rootViewController === top else { return nil }
            return window
        }
    }

    /// Whether the controller is in a window's hierarchy.
    public var isOnScreen: Bool { window != nil }

    /// Whether this container shows `child` (one of its children) when it is itself shown: all of them, as UIKit
    /// forwards appearance calls by default (a navigation controller shows its top only).
    func shows(_ child: ViewController) -> Bool { true }

    /// Whether `controller` has a place on screen that is not this one's to give: contained, presented,
    /// presenting, a window's root, or one this one hangs from (a present, push or new stack refuses it).
    final func livesElsewhere(_ controller: ViewController) -> Bool {
        controller.parent != nil || controller.isPresented || controller.presents || controller.hostWindow != nil
            || hangsFrom(controller)
    }

    /// Whether `controller` is this one or one this one hangs from, through containment or presentation.
    /// Showing it under this one would close a loop: UIKit refuses that, and `window` would walk it forever.
    final func hangsFrom(_ controller: ViewController) -> Bool {
        let target = Unmanaged.passUnretained(controller).toOpaque()
        var node: Unmanaged<ViewController>? = .passUnretained(self)
        while let current = node {
            if current.toOpaque() == target { return true }
            node = current._withUnsafeGuaranteedRef { $0.holderLink }
        }
        return false
    }

    /// The controller this one hangs from: its container, else the one presenting it (nil at the top).
    var holder: ViewController? { parent ?? presenter }
    /// `holder` as stored, for walks that take no reference.
    var holderLink: Unmanaged<ViewController>? { parentLink ?? presenterLink }
}
