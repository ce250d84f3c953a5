/// A headless `UIWindow`: holds the root view controller, from which everything on screen hangs.
public final class Window {
    /// The controller at the base of the screen. Once the window is visible, the root it replaces leaves the
    /// screen and the new one comes on it, each with its presentations and what they show. Not taken, and
    /// nothing changes: a controller contained in another or presented by another (its place on screen is its
    /// container's or its presenter's to give, as with `addChild`).
    public var rootViewController: ViewController? {
        get { root }
        set {
            guard newValue !== root else { return }
            if let new = newValue, new.parent != nil || new.isPresented { return }
            let oldValue = root
            root = newValue
            // Taken before the old root hears it left: app code that hears must find the new one taken (a push
            // or a presentation of it elsewhere is refused). Taken from another visible window, it stays on screen.
            let wasShown = newValue?.isRootOfVisibleWindow ?? false
            newValue?.hostWindow = self
            // A root another window took since is that window's now.
            if let old = oldValue, old.hostWindow === self { Self.release(old) }
            // App code that heard may have given the window another root meanwhile: the later one is the root.
            guard let new = newValue, root === new, new.hostWindow === self else { return }
            new.isRootOfVisibleWindow = isKeyWindow
            if wasShown != isKeyWindow { Self.setLayers(from: new, shown: isKeyWindow) }
        }
    }
    @exclusivity(unchecked) private var root: ViewController?
    /// Whether `makeKeyAndVisible` was called.
    @exclusivity(unchecked) public private(set) var isKeyWindow = false

    /// Creates an empty window.
    public init() {}

    deinit {
        // A window that goes while visible takes what it showed off the screen. The root's weak pointer to this
        // window already reads nil; one that reads another window's was taken by it since.
        if let root = rootViewController, root.hostWindow == nil { Self.release(root) }
    }

    /// `root` is no longer this window's: it and what hangs from it leave the screen if they were on it, told
    /// once they are out of the window (and never through a window that is going away).
    private static func release(_ root: ViewController) {
        let wasShown = root.isRootOfVisibleWindow
        // It was this window's root, so all of it was in the window (which no longer names it).
        let leaving = root.observedSubtree()
        root.hostWindow = nil
        root.isRootOfVisibleWindow = false
        ViewController.tellDismissed(leaving)
        if wasShown { setLayers(from: root, shown: false) }
    }

    /// Makes the window key and visible, as a scene delegate does once at launch: its root comes on screen.
    public func makeKeyAndVisible() {
        guard !isKeyWindow else { return }
        isKeyWindow = true
        guard let root = rootViewController, root.hostWindow === self, !root.isRootOfVisibleWindow else { return }
        root.isRootOfVisibleWindow = true
        Self.setLayers(from: root, shown: true)
    }

    /// Every layer hanging from `root` that nothing hides (a full-screen presentation hides those under it)
    /// comes on screen or leaves it, bottom up, as the window's root comes or goes.
    private static func setLayers(from root: ViewController, shown: Bool) {
        // Found first, and held: what a controller does when it hears may change the layers.
        var bases = [root]
        while let base = bases.last, let presented = base.ownPresentation { bases.append(presented) }
        // Each checked when its turn comes: app code that hears may put a root back, or take it away.
        for base in bases where base.isVisible == shown {
            if shown { base.appear(animated: false) } else { base.disappear(animated: false) }
        }
    }

    /// What is on screen, from the root outward: one layer for the root, one per modal presentation. Each
    /// presentation is made by the base of the layer under it (a contained controller presents from its
    /// containment's top, as in UIKit, and no container takes in a controller that presents), so each layer's
    /// base holds the next one.
    public var layers: [ScreenLayer] {
        var result: [ScreenLayer] = []
        forEachLayer { style, base, stack, tabBar in
            result.append(ScreenLayer(style: style, controller: base, navigationController: stack, tabBarController: tabBar))
        }
        return result
    }

    /// Calls `body` with each layer from the root outward, as `layers` lists them: its style, the controller at
    /// its base and the navigation controller that drives it, if any. It makes no list and no layer: a render
    /// reads the screen this way on every event.
    public func forEachLayer(_ body: (_ style: ScreenLayer.Style, _ base: ViewController, _ stack: NavigationController?) -> Void) {
        forEachLayer { style, base, stack, _ in body(style, base, stack) }
    }

    /// `forEachLayer`, with the tab bar controller each layer shows, if any (`ScreenLayer.tabBarController`).
    public func forEachLayer(
        _ body: (_ style: ScreenLayer.Style, _ base: ViewController, _ stack: NavigationController?, _ tabBar: TabBarController?) -> Void
    ) {
        guard var base = root else { return }
        var style = ScreenLayer.Style.root
        while true {
            let drivers = ScreenLayer.drivers(in: base)
            body(style, base, drivers.navigation, drivers.tabBar)
            guard let presented = base.ownPresentation else { return }
            style = .init(presented.modalPresentationStyle)
            base = presented
        }
    }

    /// The controller on top of everything: the top of the frontmost layer's stack (its selected tab, or its base,
    /// where no navigation controller drives it), found without making the layers.
    public var topViewController: ViewController? {
        guard var base = root else { return nil }
        while let presented = base.ownPresentation { base = presented }
        let drivers = ScreenLayer.drivers(in: base)
        guard let stack = drivers.navigation else { return ScreenLayer.soleScreen(base: base, tabBar: drivers.tabBar) }
        return stack.topViewController
    }
}
