import HeadlessUI
import TestSupport

/// One step of a random sequence: what kind of change, and the random numbers that pick its targets when it runs.
struct ScreenOperation {
    /// The changes an app or its user makes to the screen.
    enum Kind {
        case make, push, pop, popToRoot, userPop, setStack, present, dismiss, userDismiss
        case addChild, removeFromParent, setRoot, makeKeyAndVisible, releaseWindow
        case makeTabs, selectTab, userSelectTab, setTabs
    }

    // Targets are picked when the step runs, from what exists then: a sequence with steps taken out still
    // replays, which is what shrinking a failure to a short reproduction needs.
    let kind: Kind
    let first: UInt64
    let second: UInt64
    let third: UInt64

    /// How often each kind comes up: stack changes and presentations most, window changes least.
    private static let weighted: [Kind] = [
        .make, .push, .push, .push, .pop, .pop, .popToRoot, .userPop, .setStack, .setStack,
        .present, .present, .present, .dismiss, .dismiss, .userDismiss, .addChild, .addChild,
        .removeFromParent, .removeFromParent, .setRoot, .makeKeyAndVisible, .releaseWindow,
    ]
    /// Added to `weighted` in the modes with tab bars.
    private static let tabKinds: [Kind] = [.makeTabs, .selectTab, .selectTab, .selectTab, .userSelectTab, .setTabs, .setTabs]
    /// What a RIB's close handler does when its screen is dismissed: tidy its stack, or dismiss more.
    private static let closing: [Kind] = [.pop, .popToRoot, .userPop, .setStack, .dismiss, .dismiss]

    static func random(using generator: inout SplitMix64, tabs: Bool = false) -> ScreenOperation {
        let kinds = tabs ? weighted + tabKinds : weighted
        return drawn(kinds[Int(generator.next() % UInt64(kinds.count))], using: &generator)
    }

    static func closeHandler(using generator: inout SplitMix64) -> ScreenOperation {
        drawn(closing[Int(generator.next() % UInt64(closing.count))], using: &generator)
    }

    private static func drawn(_ kind: Kind, using generator: inout SplitMix64) -> ScreenOperation {
        ScreenOperation(kind: kind, first: generator.next(), second: generator.next(), third: generator.next())
    }
}

extension ScreenWorld {
    /// Runs one step, writing it to the transcript as the code that makes it; a refused call is noted with its error.
    func perform(_ operation: ScreenOperation) {
        let (first, second, third) = (operation.first, operation.second, operation.third)
        var line: Int?
        func write(_ code: String) { line = note(code) }
        do throws(ViewHierarchyError) {
            switch operation.kind {
            case .make:
                _ = makeController(stack: first % 2 == 0)
            case .push:
                guard let stack = pickStack(first) else { return }
                let pushed = second % 2 == 0 ? makeController(stack: false) : pickTarget(third)
                write("try \(stack.screenName).push(\(pushed.screenName), animated: false)")
                try stack.push(pushed, animated: false)
            case .pop:
                guard let stack = pickStack(first) else { return }
                write("try \(stack.screenName).pop(animated: false)")
                try stack.pop(animated: false)
            case .popToRoot:
                guard let stack = pickStack(first) else { return }
                write("\(stack.screenName).popToRoot(animated: false)")
                stack.popToRoot(animated: false)
            case .userPop:
                guard let stack = pickStack(first), !stack.children.isEmpty else { return }
                let target = stack.children[Int(second % UInt64(stack.children.count))]
                write("try \(stack.screenName).userDidPop(to: \(target.screenName))")
                try stack.userDidPop(to: target)
            case .setStack:
                guard let stack = pickStack(first) else { return }
                let list = newStack(for: stack, seed: second)
                write("try \(stack.screenName).setViewControllers([\(list.map(\.screenName).joined(separator: ", "))], animated: false)")
                try stack.setViewControllers(list, animated: false)
            case .present:
                let presenter = pick(first)
                let presented = second % 2 == 0 ? makeController(stack: second % 4 == 0) : pickTarget(third)
                let style: ModalPresentationStyle = third % 2 == 0 ? .fullScreen : .pageSheet
                write("try \(presenter.screenName).present(\(presented.screenName), animated: false, style: .\(style))")
                try presenter.present(presented, animated: false, style: style)
            case .dismiss:
                let controller = pickModal(first)
                write("try \(controller.screenName).dismiss(animated: false)")
                try controller.dismiss(animated: false)
            case .userDismiss:
                let controller = pickModal(first)
                write("try \(controller.screenName).userDidDismissInteractively()")
                try controller.userDidDismissInteractively()
            case .addChild:
                addChild(first, second, third, write: write)
            case .removeFromParent:
                let child = pick(first)
                guard let parent = child.parent, mode.embedsInStacks || !Self.choosesChildren(parent) else { return }
                write("\(child.screenName).willMove(toParent: nil); \(child.screenName).removeFromParent()")
                child.willMove(toParent: nil)
                child.removeFromParent()
            case .setRoot:
                setRoot(first, second, third, write: write)
            case .makeKeyAndVisible:
                // A window made key again changes nothing: one that is not yet is worth the step.
                let waiting = windows.filter { !keyWindows.contains($0.number) }
                let candidates = waiting.isEmpty ? windows : waiting
                guard !candidates.isEmpty else { return }
                let (number, window) = candidates[Int(first % UInt64(candidates.count))]
                write("w\(number)?.makeKeyAndVisible()")
                keyWindows.insert(number)
                window.makeKeyAndVisible()
            case .releaseWindow:
                // Rarely: a window that goes usually takes the whole screen with it for the rest of the sequence.
                guard !windows.isEmpty, first % 8 == 0 else { return }
                releaseWindow(at: Int(second % UInt64(windows.count)))
            case .makeTabs, .selectTab, .userSelectTab, .setTabs:
                try performTabs(operation, write: write)
            }
        } catch {
            if let line { amend(line, with: "refused: \(error)") }
        }
    }

    /// Whether `container` decides which of its children are shown (a stack's top, a tab bar's selected tab): its
    /// children change by push, pop or new tabs, and by containment calls only in the modes that allow it.
    static func choosesChildren(_ container: ViewController) -> Bool {
        container is NavigationController || container is TabBarController
    }

    /// Some of the container's children, shuffled, with up to two others put in: new ones or any that exist.
    func newStack(for stack: ViewController, seed: UInt64) -> [ViewController] {
        var generator = SplitMix64(seed: seed)
        var list = stack.children.filter { _ in generator.next() % 3 != 0 }
        list.shuffle(using: &generator)
        for _ in 0..<Int(generator.next() % 3) {
            let other = generator.next() % 2 == 0 ? makeController(stack: false) : pickTarget(generator.next())
            guard !list.contains(where: { $0 === other }) else { continue }
            list.insert(other, at: Int(generator.next() % UInt64(list.count + 1)))
        }
        return list
    }

    private func addChild(_ first: UInt64, _ second: UInt64, _ third: UInt64, write: (String) -> Void) {
        let container = pick(first)
        if Self.choosesChildren(container), !mode.embedsInStacks { return }
        let child = second % 3 == 0 ? makeController(stack: second % 2 == 0) : pickTarget(third)
        let isFree = child.parent == nil && !child.isPresented && child.presentedViewController == nil && child.window == nil
        switch mode.embedding {
        case .freeOnly:
            guard isFree else { return }
        case .fromPlainContainers:
            // What apps do: embed a free controller, or move a child between plain containers (a stack's
            // children move by push and pop).
            guard isFree || (child.parent.map { !Self.choosesChildren($0) } ?? false) else { return }
        case .anything:
            break
        }
        write("\(container.screenName).addChild(\(child.screenName)); \(child.screenName).didMove(toParent: \(container.screenName))")
        container.addChild(child)
        child.didMove(toParent: container)
    }

    private func setRoot(_ first: UInt64, _ second: UInt64, _ third: UInt64, write: (String) -> Void) {
        if windows.isEmpty || first % 4 == 0 { _ = makeWindow() }
        let (number, window) = windows[Int(second % UInt64(windows.count))]
        let root: ViewController? = third % 8 == 0 ? nil : pickTarget(third / 8)
        // A contained or presented controller is refused as a root; only some modes try it.
        if let root, !mode.movesRoots, root.parent != nil || root.isPresented { return }
        write("w\(number)?.rootViewController = \(root?.screenName ?? "nil")")
        let line = transcript.count - 1
        if !recordRootAssignment(root, toWindow: number) {
            amend(line, with: root === assignedRoots[number] ? "its root already: no change" : "refused: contained or presented")
        }
        window.rootViewController = root
    }
}
