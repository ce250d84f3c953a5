// What is on screen, and who hears that it came or went. As in UIKit, only controllers in a window's hierarchy
// hear `viewWillAppear`/`viewDidAppear` and `viewWillDisappear`/`viewDidDisappear`, and only while nothing hides
// them: a stack shows its top alone, and a full-screen presentation hides every layer under it (a page sheet
// leaves its own showing). Covered, a controller heard its disappearance then, and hears nothing more until it
// is uncovered. Nothing is animated, so each controller hears its `will` call and then at once its `did` call,
// unless app code turned it around from inside the first (UIKit's cancelled transition: it then hears the
// other direction's calls instead).
extension ViewController {
    /// The controllers a container shows of its children, which hear its appearance calls with it: all of them,
    /// as UIKit forwards them by default (a navigation controller shows its top only).
    public var shownChildren: [ViewController] { children.filter { shows($0) } }

    /// Whether the user sees this controller: in the hierarchy of a window made visible, and nothing in its
    /// own hierarchy hides it (a container above it that does not show it, or a full-screen presentation over
    /// its layer).
    public var isVisible: Bool {
        guard let base = unhiddenLayerBase else { return false }
        return base._withUnsafeGuaranteedRef { $0.isInVisibleWindow }
    }

    /// The base of this controller's layer (the top of its containment) if nothing hides it there, else nil.
    /// Every push and pop asks: the walk takes no references (it only reads, and each controller on it is held
    /// by the one it hangs from), and neither does its answer.
    private var unhiddenLayerBase: Unmanaged<ViewController>? {
        var base = Unmanaged.passUnretained(self)
        while let parent = base._withUnsafeGuaranteedRef({ $0.parentLink }) {
            let shown = parent._withUnsafeGuaranteedRef { container in base._withUnsafeGuaranteedRef { container.shows($0) } }
            guard shown else { return nil }
            base = parent
        }
        var presenting = base
        while let presented = presenting._withUnsafeGuaranteedRef({ $0.ownPresentation.map(Unmanaged.passUnretained) }) {
            if presented._withUnsafeGuaranteedRef({ $0.modalPresentationStyle }) == .fullScreen { return nil }
            presenting = presented
        }
        return base
    }

    /// Whether this controller hangs, through containment and presentation, from the root of a visible window.
    @inline(__always) var isInVisibleWindow: Bool {
        // Up the containment to the layer's base, then down the layers: each presenter is the base of the
        // layer under it. Unretained, as the walks above, and inlined: `isVisible` asks on every push and pop.
        var top = Unmanaged.passUnretained(self)
        while let parent = top._withUnsafeGuaranteedRef({ $0.parentLink }) { top = parent }
        while let below = top._withUnsafeGuaranteedRef({ $0.presenterLink }) { top = below }
        return top._withUnsafeGuaranteedRef { $0.isRootOfVisibleWindow }
    }

    /// This controller came on screen: it hears viewWillAppear and viewDidAppear (with `isMovingToParent` or
    /// `isBeingPresented` as given) unless it already had, loading its view first if this is its first time, and
    /// what it shows hears them too, neither moving nor presented.
    func appear(animated: Bool, movingToParent: Bool = false, presented: Bool = false) {
        // A child comes on screen with its container, after it: one added or moved while the container is not
        // (yet) on its way there, from inside its viewDidLoad say, hears of it in the container's own call.
        if let parent, !parent.isAppeared { return }
        if !isAppeared {
            if !isViewLoaded {
                loadViewIfNeeded()
                // App code in viewDidLoad may have shown it already, with what it shows, or taken it off the screen.
                guard !isAppeared, isVisible else { return }
            }
            appearance = .appearing
            let saved = swapFlags((movingToParent, presented, false, false))
            viewWillAppear(animated)
            // Unless app code turned it around (or around and back, which told it everything) meanwhile.
            if appearance == .appearing {
                appearance = .appeared
                viewDidAppear(animated)
            }
            _ = swapFlags(saved)
        }
        // App code that takes it off the screen again from inside a call tells what it shows itself.
        for child in children where showsNow(child) {
            guard isAppeared else { return }
            child.appear(animated: animated)
        }
    }

    /// This controller left the screen: it hears viewWillDisappear and viewDidDisappear (with `isMovingFromParent`
    /// or `isBeingDismissed` as given) if it had appeared, and what it shows hears them too, while its flags are up
    /// (see `isParentBeingDismissed`). A dismissal is told even to a controller a full-screen presentation had
    /// hidden, and to what it shows, so that a RIB can close with its screen.
    func disappear(animated: Bool, movingFromParent: Bool = false, dismissed: Bool = false, evenIfGone: Bool = false) {
        let isDismissal = dismissed || evenIfGone
        guard isAppeared || isDismissal else {
            // Off the screen already (a controller covered on a stack that a pop removes): nothing to tell.
            for child in children where showsNow(child) { child.disappear(animated: animated) }
            return
        }
        appearance = .disappearing
        let place = isDismissal ? holder.map(ObjectIdentifier.init) : nil
        let saved = swapFlags((false, false, movingFromParent, dismissed))
        defer { _ = swapFlags(saved) }
        viewWillDisappear(animated)
        // Unless app code turned it around (or around and back, which told it everything) meanwhile.
        if appearance == .disappearing {
            appearance = .disappeared
            viewDidDisappear(animated)
        }
        // App code that brings it back on screen from inside a call tells what it shows itself.
        for child in children where showsNow(child) {
            guard !isAppeared else { return }
            // A dismissal reaches what this one shows, unless app code moved this one, or a container it hangs
            // from, out of the dismissed layers meanwhile, from this call or an earlier child's (a pop of it, say:
            // what it shows heard that then).
            let isStillDismissed =
                isDismissal && holder.map(ObjectIdentifier.init) == place
                && (dismissed || isParentBeingDismissed)
            child.disappear(animated: animated, evenIfGone: isStillDismissed)
        }
    }

    /// Whether it is on its way on screen or there (`appearance` after a `viewWillAppear`, before a `viewWillDisappear`).
    var isAppeared: Bool { appearance == .appearing || appearance == .appeared }

    /// Whether `child`, one of the children when a loop over them began, is still this one's and shown: app code
    /// that hears a call in the loop may take a later child away.
    private func showsNow(_ child: ViewController) -> Bool {
        child.parent === self && shows(child)
    }

    /// Whether the presentations of a layer this one is in, or of one under it, are being dismissed now.
    var isInDismissal: Bool {
        var base = presentationContext
        while true {
            if base.isDismissingPresentations { return true }
            guard let below = base.presenter else { return false }
            base = below
        }
    }

    /// Sets the four "why" flags (moving to the parent, presented, moving from the parent, dismissed) for one
    /// call and returns what they were, to be put back after it: app code may start another transition from
    /// inside its callback, and each call sees its own flags only.
    private func swapFlags(_ flags: (Bool, Bool, Bool, Bool)) -> (Bool, Bool, Bool, Bool) {
        let saved = (isMovingToParent, isBeingPresented, isMovingFromParent, isBeingDismissed)
        (isMovingToParent, isBeingPresented, isMovingFromParent, isBeingDismissed) = flags
        return saved
    }

    /// Tells this controller what its visibility changed to since it last heard (after a move of its view).
    func updateAppearance(moving: Bool = false) {
        if isVisible {
            if !isAppeared { appear(animated: false, movingToParent: moving) }
        } else if isAppeared {
            disappear(animated: false, movingFromParent: moving)
        }
    }

    /// Each child hears what its visibility changed to (a stack's top changed, or the container moved).
    func updateChildrenAppearance() {
        for child in children { child.updateAppearance() }
    }

    /// The layer whose base is this one and those under it, down to the first that was itself presented full
    /// screen (it hides the ones under it) or the window's root: what a full-screen presentation over this layer
    /// hides, and its dismissal shows again. Held: app code that hears may change the layers.
    var layersDownToHidden: [ViewController] {
        var layers: [ViewController] = [self]
        while let layer = layers.last, layer.modalPresentationStyle != .fullScreen, let below = layer.presenter {
            layers.append(below)
        }
        return layers
    }
}
