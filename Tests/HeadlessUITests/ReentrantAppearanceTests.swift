import HeadlessUI
import TestSupport
import Testing

@Suite("appearance calls when app code changes the screen from inside them")
struct ReentrantAppearanceTests {
    @Test("a sheet that dismisses itself when the cover over it is told it went: the root under both comes back once")
    func dismissalStartedInsideAnother() throws {
        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = HookedController(screenName: "Sheet")
        let cover = HookedController(screenName: "Cover")
        try root.present(sheet, animated: false)
        try sheet.present(cover, animated: false, style: .fullScreen)
        cover.onDisappear = { _ in try? sheet.dismiss(animated: false) }

        try sheet.dismiss(animated: false)

        #expect(
            root.calls == [
                "A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
                "A(moving: false, presented: false)",
            ])
        #expect(
            sheet.calls == [
                "A(moving: false, presented: true)", "D(moving: false, dismissed: false, appearFlags: false)",
                "D(moving: false, dismissed: true, appearFlags: false)",
            ])
        #expect(cover.calls == ["A(moving: false, presented: true)", "D(moving: false, dismissed: true, appearFlags: false)"])
        #expect(root.isVisible && !sheet.isVisible)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test(
        "a presentation made from inside viewDidAppear: the nested disappearance sees only its own flags, and the outer ones come back after"
    )
    func flagsDoNotLeakIntoNestedCalls() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let window = Window.showing(nav)
        let page = HookedController(screenName: "Page")
        var flagsAfterNestedCall: (Bool, Bool)?
        page.onAppear = { page in
            try? page.present(ViewController(screenName: "Modal"), animated: false, style: .fullScreen)
            flagsAfterNestedCall = (page.isMovingToParent, page.isBeingPresented)
        }

        try nav.push(page, animated: false)

        #expect(page.calls == ["A(moving: true, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)"])
        #expect(flagsAfterNestedCall.map { [$0.0, $0.1] } == [true, false])
        #expect(page.isMovingToParent == false)
        #expect(window.snapshot == [Layer(.root, ["Home", "Page"]), Layer(.fullScreen, ["Modal"])])
    }

    @Test("a close handler that pops its stack while the modal holding the stack is dismissed: the popped top hears it left, once")
    func popWhileHoldingModalIsDismissed() throws {
        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let modal = HookedController(screenName: "Modal")
        let home = HookedController(screenName: "Home")
        let page = HookedController(screenName: "Page")
        let stack = try NavigationController(rootViewController: home)
        try root.present(modal, animated: false, style: .fullScreen)
        modal.addChild(stack)
        stack.didMove(toParent: modal)
        try stack.push(page, animated: false)
        modal.onDisappear = { _ in stack.popToRoot(animated: false) }

        try stack.dismiss(animated: false)

        #expect(page.calls == ["A(moving: true, presented: false)", "D(moving: true, dismissed: false, appearFlags: false)"])
        // Home, the stack's top again after the pop, hears its container's dismissal too: the one exception, told
        // even off screen so that a RIB can close.
        #expect(
            home.calls == [
                "A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
                "D(moving: false, dismissed: false, appearFlags: false)",
            ])
        #expect(root.calls.last == "A(moving: false, presented: false)")
        #expect(!page.isVisible && !home.isVisible && root.isVisible)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("presenting from a layer whose presentations are being dismissed is refused, as UIKit refuses it mid-transition")
    func presentingDuringADismissal() throws {
        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = HookedController(screenName: "Sheet")
        try root.present(sheet, animated: false)
        var refusal: ViewHierarchyError?
        sheet.onDisappear = { _ in
            do throws(ViewHierarchyError) {
                try root.present(ViewController(screenName: "Cover"), animated: false, style: .fullScreen)
            } catch { refusal = error }
        }

        try root.dismiss(animated: false)

        #expect(refusal == .presentationInProgress(presenter: "Root", attempted: "Cover"))
        #expect(refusal?.description == "Attempt to present Cover on Root while a presentation is in progress")
        #expect(root.calls == ["A(moving: false, presented: false)"])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a push whose covered controller takes the stack off the screen: the new top does not appear")
    func pushWhileTheStackLeaves() throws {
        let container = ViewController(screenName: "Container")
        let window = Window.showing(container)
        let home = HookedController(screenName: "Home")
        let stack = try NavigationController(rootViewController: home)
        container.addChild(stack)
        stack.didMove(toParent: container)
        home.onDisappear = { _ in stack.removeFromParent() }
        let page = HookedController(screenName: "Page")

        try stack.push(page, animated: false)

        #expect(home.calls == ["A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)"])
        #expect(page.calls.isEmpty && !page.isVisible)
        #expect(window.snapshot == [Layer(.root, ["Container"])])
    }

    @Test("a page popped by app code while its stack's modal is dismissed: what the page shows hears it left once")
    func dismissalDoesNotFollowAPoppedPage() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let home = ViewController(screenName: "Home")
        let stack = try NavigationController(rootViewController: home)
        try root.present(stack, animated: false, style: .fullScreen)
        let page = HookedController(screenName: "Page")
        try stack.push(page, animated: false)
        let inner = HookedController(screenName: "Inner")
        page.addChild(inner)
        inner.didMove(toParent: page)
        page.onDisappear = { _ in _ = try? stack.userDidPop(to: home) }

        try page.dismiss(animated: false)

        #expect(inner.calls == ["A(moving: true, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)"])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a full-screen presentation whose hidden layer takes the window's root away from its callback: the cover does not appear")
    func presentationWhileTheRootLeaves() throws {
        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let cover = HookedController(screenName: "Cover")
        root.onDisappear = { _ in window.rootViewController = nil }

        try root.present(cover, animated: false, style: .fullScreen)

        #expect(root.calls == ["A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)"])
        #expect(cover.calls.isEmpty && !cover.isVisible)
        #expect(window.snapshot.isEmpty)
    }

    @Test("a root its own callback puts back on the window as it leaves: its sheet is not told it left")
    func rootPutBackFromItsCallback() throws {
        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = HookedController(screenName: "Sheet")
        try root.present(sheet, animated: false)
        root.onDisappear = { root in window.rootViewController = root }

        window.rootViewController = nil

        #expect(
            root.calls == [
                "A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
                "A(moving: false, presented: false)",
            ])
        #expect(sheet.calls == ["A(moving: false, presented: true)"])
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("a child that dismisses the cover hiding its container from its callback: its siblings are not told they left")
    func siblingsOfAChildThatUncovers() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let (first, second) = (HookedController(screenName: "First"), HookedController(screenName: "Second"))
        for child in [first, second] {
            root.addChild(child)
            child.didMove(toParent: root)
        }
        first.onDisappear = { _ in try? root.dismiss(animated: false) }

        try root.present(ViewController(screenName: "Cover"), animated: false, style: .fullScreen)

        #expect(second.calls == ["A(moving: true, presented: false)"])
        #expect(first.calls.last == "A(moving: false, presented: false)")
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("changing a stack from inside a call its own push, pop or new stack makes is refused, and the first change completes")
    func nestedStackChangesAreRefused() throws {
        let home = HookedController(screenName: "Home")
        let stack = try NavigationController(rootViewController: home)
        let window = Window.showing(stack)
        var refusals: [ViewHierarchyError] = []
        func record(_ change: () throws(ViewHierarchyError) -> Void) {
            do throws(ViewHierarchyError) { try change() } catch { refusals.append(error) }
        }
        let (first, second) = (HookedController(screenName: "First"), HookedController(screenName: "Second"))
        home.onDisappear = { _ in record { () throws(ViewHierarchyError) in try stack.push(second, animated: false) } }
        try stack.push(first, animated: false)
        first.onDisappear = { _ in record { () throws(ViewHierarchyError) in _ = try stack.pop(animated: false) } }
        try stack.setViewControllers([home, first, second], animated: false)
        second.onDisappear = { _ in record { () throws(ViewHierarchyError) in try stack.setViewControllers([home], animated: false) } }
        _ = try stack.pop(animated: false)

        #expect(refusals == [.transitionInProgress("Home"), .transitionInProgress("Home"), .transitionInProgress("Home")])
        #expect(refusals.first?.description == "Cannot change the navigation stack of Home while one of its transitions is in progress")
        #expect(
            first.calls == [
                "A(moving: true, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
                "A(moving: false, presented: false)",
            ])
        #expect(second.calls == ["A(moving: true, presented: false)", "D(moving: true, dismissed: false, appearFlags: false)"])
        #expect(window.snapshot == [Layer(.root, ["Home", "First"])])
    }

    @Test("a root put back by its own callback while another replaces it: the window keeps it, and the other never appears")
    func rootPutBackWhileReplaced() throws {
        let old = HookedController(screenName: "Old")
        let window = Window.showing(old)
        let new = HookedController(screenName: "New")
        old.onDisappear = { old in window.rootViewController = old }

        window.rootViewController = new

        #expect(window.rootViewController === old)
        #expect(
            old.calls == [
                "A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
                "A(moving: false, presented: false)",
            ])
        #expect(new.calls == [] && !new.isVisible && new.window == nil)
        #expect(window.snapshot == [Layer(.root, ["Old"])])
    }

    @Test("a root on its way in is taken: the old root's callback cannot push it onto another stack")
    func incomingRootTaken() throws {
        let old = HookedController(screenName: "Old")
        let window = Window.showing(old)
        let stack = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let other = Window.showing(stack)
        let new = HookedController(screenName: "New")
        var refusal: ViewHierarchyError?
        old.onDisappear = { _ in
            do throws(ViewHierarchyError) { try stack.push(new, animated: false) } catch { refusal = error }
        }

        window.rootViewController = new

        #expect(refusal == .alreadyInHierarchy("New"))
        #expect(window.snapshot == [Layer(.root, ["New"])] && other.snapshot == [Layer(.root, ["Home"])])
        #expect(new.calls == ["A(moving: false, presented: false)"] && new.isVisible && new.parent == nil)
    }

    @Test("a child that takes a later sibling away from its appearance call: the sibling, gone, is not told it appeared")
    func siblingRemovedDuringAppearance() throws {
        let stack = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let window = Window.showing(stack)
        let container = ViewController(screenName: "Container")
        let (first, second) = (HookedController(screenName: "First"), HookedController(screenName: "Second"))
        try stack.push(container, animated: false)
        for child in [first, second] {
            container.addChild(child)
            child.didMove(toParent: container)
        }
        try stack.push(ViewController(screenName: "Page"), animated: false)
        first.onAppear = { _ in
            second.willMove(toParent: nil)
            second.removeFromParent()
        }

        try stack.pop(animated: false)

        #expect(first.calls.last == "A(moving: false, presented: false)" && first.isVisible)
        #expect(second.calls == ["A(moving: true, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)"])
        #expect(!second.isVisible && second.parent == nil)
        #expect(window.snapshot == [Layer(.root, ["Home", "Container"])])
    }

    @Test("a new stack set over an old one: what the removed top's callback adds to a covered controller never appears")
    func newStackHidesWhatCoveredControllersGain() throws {
        let (covered, oldTop) = (ViewController(screenName: "B"), HookedController(screenName: "C"))
        let stack = try NavigationController(rootViewController: covered)
        let window = Window.showing(stack)
        try stack.push(oldTop, animated: false)
        let added = HookedController(screenName: "X")
        oldTop.onDisappear = { _ in
            covered.addChild(added)
            added.didMove(toParent: covered)
        }
        let newTop = HookedController(screenName: "D")

        try stack.setViewControllers([covered, newTop], animated: false)

        #expect(added.calls == [] && !added.isVisible)
        #expect(oldTop.calls == ["A(moving: true, presented: false)", "D(moving: true, dismissed: false, appearFlags: false)"])
        #expect(newTop.calls == ["A(moving: true, presented: false)"] && newTop.isVisible)
        #expect(window.snapshot == [Layer(.root, ["B", "D"])])
    }

    @Test(
        "a container that, on appearing, pushes onto its own stack and removes the stack: the page never came on screen and hears nothing")
    func pageOfAContainerNotYetShown() throws {
        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let container = HookedController(screenName: "Container")
        let base = HookedController(screenName: "Base")
        let stack = try NavigationController(rootViewController: base)
        container.addChild(stack)
        stack.didMove(toParent: container)
        let page = HookedController(screenName: "Page")
        // The stack has not appeared yet: it comes in the container's own call, after this.
        container.onAppear = { _ in
            try? stack.push(page, animated: false)
            stack.willMove(toParent: nil)
            stack.removeFromParent()
        }

        root.addChild(container)
        container.didMove(toParent: root)

        #expect(page.calls.isEmpty && base.calls.isEmpty)
        #expect(!page.isVisible && container.isVisible)
        #expect(stack.viewControllers.map(\.screenName) == ["Base", "Page"])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a page removed by setViewControllers that app code made a window's root meanwhile stays on screen, told it came back")
    func removedPageMadeAWindowsRoot() throws {
        let window = Window()
        window.makeKeyAndVisible()
        let first = HookedController(screenName: "First")
        let second = HookedController(screenName: "Second")
        let stack = try NavigationController(rootViewController: first)
        window.rootViewController = stack
        try stack.push(second, animated: false)
        // Second, the top, hears it left first; its code makes First, already out of the stack, the window's root.
        second.onDisappear = { _ in window.rootViewController = first }

        try stack.setViewControllers([HookedController(screenName: "New")], animated: false)

        #expect(
            first.calls == [
                "A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
                "A(moving: false, presented: false)",
            ])
        #expect(window.rootViewController === first && first.isVisible)
        #expect(window.snapshot == [Layer(.root, ["First"])])
    }

    @Test("a close handler that pops a container out of a dismissed stack: what the container holds hears it left once")
    func closeHandlerPopsAContainer() throws {
        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let home = HookedController(screenName: "Home")
        let page = HookedController(screenName: "Page")
        let panel = HookedController(screenName: "Panel")
        let leaf = HookedController(screenName: "Leaf")
        panel.addChild(leaf)
        leaf.didMove(toParent: panel)
        page.addChild(panel)
        panel.didMove(toParent: page)
        let stack = try NavigationController(rootViewController: home)
        try stack.push(page, animated: false)
        try root.present(stack, animated: false, style: .fullScreen)
        panel.onDisappear = { _ in _ = stack.popToRoot(animated: false) }

        try root.dismiss(animated: false)

        #expect(leaf.calls == ["A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)"])
        #expect(panel.calls == ["A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)"])
        #expect(stack.viewControllers.map(\.screenName) == ["Home"])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a child's close handler that pops its container out of a dismissed stack: a later sibling hears it left once")
    func closeHandlerPopsTheContainerOfLaterSiblings() throws {
        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let home = HookedController(screenName: "Home")
        let page = HookedController(screenName: "Page")
        let first = HookedController(screenName: "First")
        let second = HookedController(screenName: "Second")
        let stack = try NavigationController(rootViewController: home)
        try root.present(stack, animated: false, style: .fullScreen)
        try stack.push(page, animated: false)
        for child in [first, second] {
            page.addChild(child)
            child.didMove(toParent: page)
        }
        first.onDisappear = { _ in stack.popToRoot(animated: false) }

        try root.dismiss(animated: false)

        let shownThenGone = ["A(moving: true, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)"]
        #expect(first.calls == shownThenGone && second.calls == shownThenGone)
        #expect(!second.isVisible && root.isVisible)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }
}
