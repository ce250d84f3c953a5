import HeadlessUI
import TestSupport

// The expectation a property check compares the model with. It never asks the model whether a controller is
// visible: it starts from the sequence's own record of which visible window shows which root, and reads only
// structure (who presents whom, who contains whom) to apply UIKit's rules itself. A bug in `isVisible` then
// shows as a disagreement instead of hiding in both sides.
extension ScreenWorld {
    /// The controllers a user would see now, by UIKit's rules.
    func expectedOnScreen() -> Set<ObjectIdentifier> {
        var shown = Set<ObjectIdentifier>()
        for (number, root) in shownRoots where keyWindows.contains(number) {
            var layers = [root]
            while let presented = layers[layers.count - 1].presentedViewController, !layers.contains(where: { $0 === presented }) {
                layers.append(presented)
            }
            // A full-screen presentation hides every layer under it; a sheet leaves them showing.
            let firstShown = layers.indices.dropFirst().last { layers[$0].modalPresentationStyle == .fullScreen } ?? 0
            for layer in layers[firstShown...] { Self.addShown(from: layer, to: &shown) }
        }
        return shown
    }

    /// A window's layers are its root and, over each layer, the controller presented by one in the layer's
    /// containment (its base and what the base contains, however deep); `forEachLayer` walks the same layers, and
    /// `topViewController` is the front layer's visible controller. `shown` is what the windows show (`expectedOnScreen`).
    func checkLayers(of window: Window, shown: Set<ObjectIdentifier>) {
        guard let root = window.rootViewController else {
            if !window.layers.isEmpty { record(PropertyViolation(.layersMismatch, "a window", "it has no root but lists layers")) }
            return
        }
        var bases = [root]
        while true {
            var contained: [ViewController] = []
            var pending = [bases[bases.count - 1]]
            while let controller = pending.popLast() {
                contained.append(controller)
                pending += controller.children
            }
            let over = controllers.filter { controller in
                controller.isPresented && contained.contains { $0 === controller.presentingViewController }
            }
            guard over.count <= 1 else {
                return violate(.layersMismatch, bases[bases.count - 1], "its layer presents \(over.map(\.screenName)) at once")
            }
            guard let next = over.first, !bases.contains(where: { $0 === next }) else { break }
            bases.append(next)
        }
        let layers = window.layers
        if layers.map({ ObjectIdentifier($0.controller) }) != bases.map({ ObjectIdentifier($0) }) {
            return violate(
                .layersMismatch, root,
                "layers has \(layers.map(\.controller.screenName)) but its controllers present \(bases.map(\.screenName))")
        }
        var walked: [(ScreenLayer.Style, ObjectIdentifier, ObjectIdentifier?, ObjectIdentifier?)] = []
        window.forEachLayer { style, base, stack, tabBar in
            walked.append((style, ObjectIdentifier(base), stack.map { ObjectIdentifier($0) }, tabBar.map { ObjectIdentifier($0) }))
        }
        let listed = layers.map {
            (
                $0.style, ObjectIdentifier($0.controller), $0.navigationController.map { ObjectIdentifier($0) },
                $0.tabBarController.map { ObjectIdentifier($0) }
            )
        }
        if walked.count != listed.count
            || zip(walked, listed).contains(where: { $0.0 != $1.0 || $0.1 != $1.1 || $0.2 != $1.2 || $0.3 != $1.3 })
        {
            violate(.layersMismatch, root, "forEachLayer walks other layers than layers lists")
        }
        checkTabs(of: layers, shown: shown)
        if window.topViewController !== layers.last?.visibleController {
            violate(
                .layersMismatch, root, "topViewController is \(window.topViewController?.screenName ?? "none"), not the front layer's top")
        }
    }

    /// A layer with a tab bar lists its tabs and the selected one as the tab bar has them, the selection in range;
    /// and on a shown layer, the screen a layer puts on top is one the user sees (not a tab left behind).
    private func checkTabs(of layers: [ScreenLayer], shown: Set<ObjectIdentifier>) {
        for layer in layers {
            if let tabBar = layer.tabBarController {
                let tabs = tabBar.viewControllers
                let inRange = tabBar.selectedIndex.map { tabs.indices.contains($0) } ?? tabs.isEmpty
                if !inRange || layer.tabs.map(ObjectIdentifier.init) != tabs.map(ObjectIdentifier.init)
                    || layer.selectedTabIndex != tabBar.selectedIndex
                {
                    violate(.layersMismatch, tabBar, "its layer lists other tabs or another selection, or its selection is out of range")
                }
            }
            if shown.contains(ObjectIdentifier(layer.controller)), let top = layer.visibleController, !shown.contains(ObjectIdentifier(top))
            {
                violate(.layersMismatch, top, "its layer's stack ends with it, but the windows do not show it")
            }
        }
    }

    /// `controller` and what it shows: a stack its top alone, a tab bar its selected tab alone, any other container
    /// all of its children.
    private static func addShown(from controller: ViewController, to shown: inout Set<ObjectIdentifier>) {
        guard shown.insert(ObjectIdentifier(controller)).inserted else { return }
        let children: [ViewController]
        if controller is NavigationController {
            children = Array(controller.children.suffix(1))
        } else if let tabBar = controller as? TabBarController {
            children = tabBar.selectedViewController.map { [$0] } ?? []
        } else {
            children = controller.children
        }
        for child in children { addShown(from: child, to: &shown) }
    }

    /// A controller that hangs from itself, through containers and presenters, if any: the model's walks up the
    /// hierarchy would never end, so no other property can be checked.
    func firstInCycle() -> ViewController? {
        for controller in controllers {
            var node: ViewController? = controller
            for _ in 0...controllers.count {
                guard let current = node else { break }
                node = current.parent ?? (current.isPresented ? current.presentingViewController : nil)
            }
            if node != nil { return controller }
        }
        return nil
    }

    /// Records what a root assignment does, by the rule `Window` documents: the same root again changes nothing,
    /// and a controller contained in or presented by another is refused. Called before the assignment, whose
    /// callbacks may assign roots in turn.
    func recordRootAssignment(_ root: ViewController?, toWindow number: Int) -> Bool {
        guard root !== assignedRoots[number] else { return false }
        guard let root else {
            assignedRoots[number] = nil
            shownRoots[number] = nil
            return true
        }
        guard root.parent == nil, !root.isPresented else { return false }
        assignedRoots[number] = root
        // A root another window takes is that window's now.
        for (other, shown) in shownRoots where shown === root { shownRoots[other] = nil }
        shownRoots[number] = root
        return true
    }
}
