// What is on screen, and who hears that it came or went. As in UIKit, only controllers in a window's hierarchy
// hear `viewDidAppear` and `viewDidDisappear`, and only while nothing hides them: a stack shows its top alone,
// and a full-screen presentation hides every layer under it (a page sheet leaves its own showing). Covered, a
// controller heard its disappearance then, and hears nothing more until it is uncovered.
extension ViewController {
    /// The controllers a container shows of its children, which hear its appearance calls with it: all of them,
    /// as UIKit forwards them by default (a navigation controller shows its top only).
    public var shownChildren: [ViewController] { children.filter { shows($0) } }

    /// Whether the user sees this controller: in the hierarchy of a window made visible, and not hidden.
    public var isVisible: Bool {
        guard let base = unhiddenLayerBase else { return false }
        return base._withUnsafeGuaranteedRef { base in
            // Down the layers to the window's root: each layer's presenter is the base of the one under it.
            unowned(unsafe) var bottom = base
            while let below = bottom.presenter { bottom = below }
            return bottom.isRootOfVisibleWindow
        }
    }

    /// Whether something in its own hierarchy hides this controller, on screen or not: a container above it
    /// that does not show it, or a full-screen presentation over its layer.
    var isHidden: Bool { unhiddenLayerBase == nil }

    /// The base of this controller's layer (the top of its containment) if nothing hides it there, else nil.
    /// Every push and pop asks: the walk takes no references (it only reads, and each controller on it is held
    /// by the one it hangs from), and neither does its answer.
    private var unhiddenLayerBase: Unmanaged<ViewController>? {
        unowned(unsafe) var base = self
        while let parent = base.parent {
            guard parent.shows(base) else { return nil }
            base = parent
        }
        unowned(unsafe) var presenting = base
        while let presented = presenting.ownPresentation {
            if presented.modalPresentationStyle == .fullScreen { return nil }
            presenting = presented
        }
        return Unmanaged.passUnretained(base)
    }

    /// Whether this controller hangs, through containment and presentation, from the root of a visible window.
    var isInVisibleWindow: Bool {
        unowned(unsafe) var top = self
        while let next = top.holder { top = next }
        return top.isRootOfVisibleWindow
    }

    /// This controller came on screen: it hears viewDidAppear (with `isMovingToParent` or `isBeingPresented` as
    /// given), and what it shows hears it too, neither moving nor presented.
    func appear(animated: Bool, movingToParent: Bool = false, presented: Bool = false) {
        isMovingToParent = movingToParent
        isBeingPresented = presented
        viewDidAppear(animated)
        isMovingToParent = false
        isBeingPresented = false
        for child in children where shows(child) { child.appear(animated: animated) }
    }

    /// This controller left the screen: it hears viewDidDisappear (with `isMovingFromParent` or
    /// `isBeingDismissed` as given), and what it shows hears it too, while its flags are up (see
    /// `isParentBeingDismissed`).
    func disappear(animated: Bool, movingFromParent: Bool = false, dismissed: Bool = false) {
        isMovingFromParent = movingFromParent
        isBeingDismissed = dismissed
        viewDidDisappear(animated)
        for child in children where shows(child) { child.disappear(animated: animated) }
        isMovingFromParent = false
        isBeingDismissed = false
    }

    /// A full-screen presentation came over the layer whose base is this one, or went: this layer and the ones
    /// under it, down to one already hidden by another full-screen presentation, leave the screen or come back.
    func setLayersShown(_ shown: Bool, animated: Bool) {
        // Found first, and held: what a controller does when it hears may change the layers under it.
        var layers: [ViewController] = [self]
        while let layer = layers.last, layer.modalPresentationStyle != .fullScreen, let below = layer.presenter {
            layers.append(below)
        }
        for layer in layers {
            if shown { layer.appear(animated: animated) } else { layer.disappear(animated: animated) }
        }
    }
}
