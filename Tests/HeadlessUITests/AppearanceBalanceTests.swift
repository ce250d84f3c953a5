import HeadlessUI
import TestSupport
import Testing

/// A controller's appearance calls alternate, appeared then disappeared, and the last says whether it is visible:
/// whatever moves it, it never hears that it appeared twice in a row, nor that it left a screen it was not on.
@Suite("appearance calls stay in step with what is on screen")
struct AppearanceBalanceTests {
    /// "A" for each viewDidAppear, "D" for each viewDidDisappear, in order.
    private static func comings(_ controller: RecordingViewController) -> [String] {
        controller.calls.filter { $0.hasPrefix("viewDid") }.map { $0.hasPrefix("viewDidAppear") ? "A" : "D" }
    }

    @Test("presentations made before the window is visible come on screen with it: a sheet and the root under it, or only a full-screen cover")
    func presentedBeforeVisible() throws {
        let root = RecordingViewController("Root")
        let sheet = RecordingViewController("Sheet")
        let sheetWindow = Window()
        sheetWindow.rootViewController = root
        try root.present(sheet, animated: false)
        sheetWindow.makeKeyAndVisible()
        try root.dismiss(animated: false)

        let coveredRoot = RecordingViewController("CoveredRoot")
        let cover = RecordingViewController("Cover")
        let coverWindow = Window()
        coverWindow.rootViewController = coveredRoot
        try coveredRoot.present(cover, animated: false, style: .fullScreen)
        coverWindow.makeKeyAndVisible()
        #expect([Self.comings(coveredRoot), Self.comings(cover)] == [[], ["A"]])
        try coveredRoot.dismiss(animated: false)

        #expect([root, sheet, coveredRoot, cover].map(Self.comings) == [["A"], ["A", "D"], ["A"], ["A", "D"]])
    }

    @Test("in a window never made visible, a dismissed sheet hears nothing: it never came on screen")
    func neverVisibleWindow() throws {
        let root = RecordingViewController("Root")
        let sheet = RecordingViewController("Sheet")
        let window = Window()
        window.rootViewController = root
        try root.present(sheet, animated: false)
        try root.dismiss(animated: false)
        #expect([root, sheet].map(Self.comings) == [[], []])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("what a popped or removed container shows leaves the screen with it, and comes back with it")
    func containerChildrenFollowTheirContainer() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let window = Window.showing(nav)
        let panel = ViewController(screenName: "Panel")
        let child = RecordingViewController("Child")
        panel.addChild(child)
        child.didMove(toParent: panel)

        try nav.push(panel, animated: false)
        try nav.pop(animated: false)
        try nav.push(panel, animated: false)
        try nav.setViewControllers([nav.viewControllers[0]], animated: false)

        #expect(Self.comings(child) == ["A", "D", "A", "D"])
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("addChild of a child held by another container moves it: on screen before and after, it hears nothing; off screen after, it left")
    func childMovedBetweenContainers() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let (left, right, offScreen) = (ViewController(screenName: "Left"), ViewController(screenName: "Right"), ViewController(screenName: "Off"))
        for side in [left, right] {
            root.addChild(side)
            side.didMove(toParent: root)
        }
        let child = RecordingViewController("Child")
        left.addChild(child)
        right.addChild(child)
        #expect(Self.comings(child) == ["A"])

        offScreen.addChild(child)
        window.rootViewController = offScreen

        #expect(Self.comings(child) == ["A", "D", "A"])
        #expect(child.isVisible)
    }

    @Test("a root another visible window takes stays on screen; its first window's next root does not touch it")
    func rootTakenByAnotherWindow() throws {
        let root = RecordingViewController("Root")
        let first = Window.showing(root)
        let second = Window()
        second.makeKeyAndVisible()
        second.rootViewController = root
        first.rootViewController = ViewController(screenName: "Other")

        #expect(Self.comings(root) == ["A"])
        #expect(root.isVisible && root.window === second)
        try root.present(ViewController(screenName: "Sheet"), animated: false)
        #expect(second.snapshot == [Layer(.root, ["Root"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("a window that goes while visible takes its screens off it; shown again elsewhere, they come back")
    func windowReleasedWhileVisible() {
        let root = RecordingViewController("Root")
        do { _ = Window.showing(root) }
        #expect(root.isVisible == false)
        let window = Window.showing(root)
        #expect(Self.comings(root) == ["A", "D", "A"])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a replaced root takes its sheet off the screen with it, and brings it back when it returns")
    func replacedRootWithSheet() throws {
        let root = RecordingViewController("Root")
        let sheet = RecordingViewController("Sheet")
        let window = Window.showing(root)
        try root.present(sheet, animated: false)

        window.rootViewController = ViewController(screenName: "New")
        #expect(sheet.isVisible == false)
        window.rootViewController = root

        #expect([Self.comings(root), Self.comings(sheet)] == [["A", "D", "A"], ["A", "D", "A"]])
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("a sheet that dismisses itself when a full-screen cover over it goes still leaves the root under it on screen")
    func sheetDismissingItselfOnAppearing() throws {
        let root = RecordingViewController("Root")
        let window = Window.showing(root)
        let sheet = SelfDismissingController(screenName: "Sheet")
        try root.present(sheet, animated: false)
        try sheet.present(ViewController(screenName: "Cover"), animated: false, style: .fullScreen)
        sheet.dismissesOnAppearing = true

        try sheet.dismiss(animated: false)

        #expect(window.snapshot == [Layer(.root, ["Root"])])
        #expect(root.isVisible)
        #expect(Self.comings(root) == ["A", "D", "A"])
    }
}

/// Dismisses itself the next time it appears, once asked to.
private final class SelfDismissingController: ViewController {
    var dismissesOnAppearing = false

    override func viewDidAppear(_ animated: Bool) {
        guard dismissesOnAppearing else { return }
        dismissesOnAppearing = false
        try? dismiss(animated: false)
    }
}

/// Runs what a test gives it from inside its appearance calls, and records the flags it saw there.
private final class HookedController: ViewController {
    var onAppear: ((HookedController) -> Void)?
    var onDisappear: ((HookedController) -> Void)?
    private(set) var calls: [String] = []

    override func viewDidAppear(_ animated: Bool) {
        calls.append("A(moving: \(isMovingToParent), presented: \(isBeingPresented))")
        let hook = onAppear
        onAppear = nil
        hook?(self)
    }

    override func viewDidDisappear(_ animated: Bool) {
        calls.append("D(moving: \(isMovingFromParent), dismissed: \(isBeingDismissed), appearFlags: \(isMovingToParent || isBeingPresented))")
        let hook = onDisappear
        onDisappear = nil
        hook?(self)
    }
}

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

        #expect(root.calls == ["A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)", "A(moving: false, presented: false)"])
        #expect(sheet.calls == [
            "A(moving: false, presented: true)", "D(moving: false, dismissed: false, appearFlags: false)",
            "D(moving: false, dismissed: true, appearFlags: false)",
        ])
        #expect(cover.calls == ["A(moving: false, presented: true)", "D(moving: false, dismissed: true, appearFlags: false)"])
        #expect(root.isVisible && !sheet.isVisible)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a presentation made from inside viewDidAppear: the nested disappearance sees only its own flags, and the outer ones come back after")
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
}

@Suite("containment that the stack and the screen must follow")
struct ContainmentAppearanceTests {
    @Test("addChild and removeFromParent on a navigation stack cover and uncover its top, as a push and a pop do")
    func stackContainment() throws {
        let home = HookedController(screenName: "Home")
        let nav = try NavigationController(rootViewController: home)
        let window = Window.showing(nav)
        let page = HookedController(screenName: "Page")
        try nav.push(page, animated: false)
        page.removeFromParent()
        let added = HookedController(screenName: "Added")
        nav.addChild(added)
        added.didMove(toParent: nav)

        #expect(home.calls == [
            "A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
            "A(moving: false, presented: false)", "D(moving: false, dismissed: false, appearFlags: false)",
        ])
        #expect(page.calls == ["A(moving: true, presented: false)", "D(moving: true, dismissed: false, appearFlags: false)"])
        #expect(added.calls == ["A(moving: true, presented: false)"])
        #expect(window.snapshot == [Layer(.root, ["Home", "Added"])])
    }

    @Test("addChild refuses a cycle, a presented controller and a window's root, changing nothing; present refuses one that presents")
    func refusedChildren() throws {
        let (a, b) = (ViewController(screenName: "A"), ViewController(screenName: "B"))
        a.addChild(b)
        b.addChild(a)
        #expect(a.parent == nil && b.parent === a && a.children.map(\.screenName) == ["B"])

        let root = HookedController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = HookedController(screenName: "Sheet")
        try root.present(sheet, animated: false)
        let box = ViewController(screenName: "Box")
        box.addChild(sheet)
        box.addChild(root)
        #expect(box.children.isEmpty && sheet.parent == nil && root.parent == nil)
        #expect(sheet.calls == ["A(moving: false, presented: true)"])

        let cover = ViewController(screenName: "Cover")
        try root.dismiss(animated: false)
        try root.present(cover, animated: false, style: .fullScreen)
        window.rootViewController = box
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Root")) { try box.present(root, animated: false) }
        #expect(window.snapshot == [Layer(.root, ["Box"])])
    }
}
