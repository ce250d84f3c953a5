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

    @Test(
        "presentations made before the window is visible come on screen with it: a sheet and the root under it, or only a full-screen cover"
    )
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
        let (left, right, offScreen) = (
            ViewController(screenName: "Left"), ViewController(screenName: "Right"), ViewController(screenName: "Off")
        )
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
