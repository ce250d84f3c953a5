import HeadlessUI

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

    /// `controller` and what it shows: a stack its top alone, any other container all of its children.
    private static func addShown(from controller: ViewController, to shown: inout Set<ObjectIdentifier>) {
        guard shown.insert(ObjectIdentifier(controller)).inserted else { return }
        let children = controller is NavigationController ? Array(controller.children.suffix(1)) : controller.children
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
