import HeadlessUI
import TestSupport
import Testing

@Suite("viewDidDisappear: why a controller left the screen")
struct DisappearanceTests {
    @Test("a pop calls willMove(nil), viewDidDisappear with isMovingFromParent true, then didMove(nil); the flag is false afterwards")
    func popSetsMovingFromParent() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let window = Window.showing(nav)
        let detail = RecordingViewController("Detail")
        try nav.push(detail, animated: true)

        try nav.pop(animated: true)

        #expect(
            detail.calls == [
                "willMove(Home)", "viewDidAppear(animated: true, movingToParent: true, beingPresented: false)", "didMove(Home)",
                "willMove(nil)",
                "viewDidDisappear(animated: true, movingFromParent: true, beingDismissed: false)",
                "didMove(nil)",
            ])
        #expect(detail.isMovingFromParent == false)
        #expect(detail.isBeingDismissed == false)
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("a pop of several screens: only the top one disappears then; the covered ones disappeared when covered, as in UIKit")
    func popOfSeveralScreens() throws {
        let log = CallLog()
        let home = RecordingViewController("Home", log: log)
        let nav = try NavigationController(rootViewController: home)
        let window = Window.showing(nav)
        let a = RecordingViewController("A", log: log)
        let b = RecordingViewController("B", log: log)
        try nav.push(a, animated: true)
        try nav.push(b, animated: true)
        #expect(
            home.calls == [
                "willMove(Home)", "didMove(Home)", "viewDidAppear(animated: false, movingToParent: false, beingPresented: false)",
                "viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: false)",
            ])
        log.clear()

        let popped = nav.popToRoot(animated: true)

        #expect(popped.map(\.screenName) == ["B", "A"])
        #expect(
            log.entries == [
                "B.willMove(nil)",
                "B.viewDidDisappear(animated: true, movingFromParent: true, beingDismissed: false)",
                "B.didMove(nil)",
                "A.willMove(nil)", "A.didMove(nil)",
                "Home.viewDidAppear(animated: true, movingToParent: false, beingPresented: false)",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("a full-screen modal covers the layer under it: its base and what it shows disappear; a sheet covers nothing")
    func fullScreenCovers() throws {
        let log = CallLog()
        let container = RecordingViewController("Container", log: log)
        let window = Window.showing(container)
        let side = RecordingViewController("Side", log: log)
        let nav = try NavigationController(rootViewController: RecordingViewController("Home", log: log))
        let page = RecordingViewController("Page", log: log)
        try nav.push(page, animated: false)
        for child in [side, nav] as [ViewController] {
            container.addChild(child)
            child.didMove(toParent: container)
        }
        try container.present(RecordingViewController("Sheet"), animated: true)
        try container.dismiss(animated: true)
        log.clear()

        try page.present(RecordingViewController("Cover"), animated: true, style: .fullScreen)

        // The navigation controller shows its top only: Home, under Page, had disappeared already.
        #expect(
            log.entries == [
                "Container.viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: false)",
                "Side.viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: false)",
                "Page.viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: false)",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home", "Page"]), Layer(.fullScreen, ["Cover"])])
    }

    @Test("under a full-screen modal, a push and a pop send no disappearance: the stack left the screen when it was covered")
    func hiddenStackSendsNoDisappearance() throws {
        let log = CallLog()
        let a = RecordingViewController("A", log: log)
        let b = RecordingViewController("B", log: log)
        let nav = try NavigationController(rootViewController: a)
        let window = Window.showing(nav)
        try a.present(RecordingViewController("Cover", log: log), animated: true, style: .fullScreen)
        log.clear()

        try nav.push(b, animated: false)
        try nav.pop(animated: false)
        try nav.setViewControllers([a, b], animated: false)

        #expect(
            log.entries == [
                "B.willMove(A)", "B.didMove(A)",
                "B.willMove(nil)", "B.didMove(nil)",
                "B.willMove(A)", "B.didMove(A)",
            ])
        #expect(window.snapshot == [Layer(.root, ["A", "B"]), Layer(.fullScreen, ["Cover"])])
    }

    @Test(
        "a full-screen modal over a sheet hides the layers under both: each top disappears once, then the stack's pushes and pops are silent"
    )
    func fullScreenOverSheetHidesEveryLayerBelow() throws {
        let log = CallLog()
        let a = RecordingViewController("A", log: log)
        let nav = try NavigationController(rootViewController: RecordingViewController("Home", log: log))
        try nav.push(a, animated: false)
        let window = Window.showing(nav)
        let sheet = RecordingViewController("Sheet", log: log)
        try a.present(sheet, animated: true)
        log.clear()

        try sheet.present(RecordingViewController("Cover", log: log), animated: true, style: .fullScreen)
        try nav.push(RecordingViewController("B", log: log), animated: false)
        try nav.pop(animated: false)

        #expect(
            log.entries == [
                "Sheet.viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: false)",
                "A.viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: false)",
                "Cover.viewDidAppear(animated: true, movingToParent: false, beingPresented: true)",
                "B.willMove(Home)", "B.didMove(Home)",
                "B.willMove(nil)", "B.didMove(nil)",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home", "A"]), Layer(.pageSheet, ["Sheet"]), Layer(.fullScreen, ["Cover"])])
    }

    @Test("under a page sheet the stack still shows: a pop sends the popped top its disappearance")
    func stackUnderSheetStillDisappears() throws {
        let log = CallLog()
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let page = RecordingViewController("Page", log: log)
        try nav.push(page, animated: false)
        let window = Window.showing(nav)
        try nav.present(ViewController(screenName: "Sheet"), animated: true)
        log.clear()

        try nav.pop(animated: true)

        #expect(
            log.entries == [
                "Page.willMove(nil)",
                "Page.viewDidDisappear(animated: true, movingFromParent: true, beingDismissed: false)",
                "Page.didMove(nil)",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("during willMove(toParent: nil) of a pop, parent is still the navigation controller, as in UIKit")
    func parentStillSetDuringWillMoveToNil() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        nav.screenName = "Nav"
        let detail = ParentProbeViewController(screenName: "Detail")
        try nav.push(detail, animated: true)

        try nav.pop(animated: true)

        #expect(detail.parentDuringWillMoveToNil == ["Nav"])
        #expect(detail.parent == nil)
    }

    @Test("a dismiss calls viewDidDisappear with isBeingDismissed true, then the flag is false again")
    func dismissSetsBeingDismissed() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = RecordingViewController("Sheet")
        try root.present(sheet, animated: false)

        try root.dismiss(animated: false)

        #expect(
            sheet.calls == [
                "viewDidAppear(animated: false, movingToParent: false, beingPresented: true)",
                "viewDidDisappear(animated: false, movingFromParent: false, beingDismissed: true)",
            ])
        #expect(sheet.isBeingDismissed == false)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a dismissed navigation controller takes its top page with it: the page disappears, its container being dismissed, not itself")
    func dismissedContainerForwardsToWhatItShows() throws {
        let log = CallLog()
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let home = RecordingViewController("Home", log: log)
        let page = ContainerDismissalProbe("Page", log: log)
        let nav = try NavigationController(rootViewController: home)
        try nav.push(page, animated: false)
        try root.present(nav, animated: true)
        log.clear()

        try root.dismiss(animated: true)
        try root.present(nav, animated: true)
        try nav.userDidDismissInteractively()

        // Home, covered on the stack, had left the screen when Page was pushed.
        #expect(
            log.entries == [
                "Page.viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: false, parentBeingDismissed: true)",
                "Page.viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: false, parentBeingDismissed: true)",
            ])
        #expect(page.isParentBeingDismissed == false)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("the user swiping a sheet down dismisses it: isBeingDismissed during viewDidDisappear, interactiveDismiss recorded")
    func interactiveDismiss() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = RecordingViewController("Sheet")
        try root.present(sheet, animated: false)

        try sheet.userDidDismissInteractively()

        #expect(
            sheet.calls == [
                "viewDidAppear(animated: false, movingToParent: false, beingPresented: true)",
                "viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: true)",
            ])
        #expect(sheet.isBeingDismissed == false)
        #expect(root.presentedViewController == nil && sheet.presentingViewController == nil)
        #expect(root.lastTransition == Transition(kind: .interactiveDismiss, animated: true))
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a full-screen presentation has no swipe: an interactive dismiss throws and changes nothing")
    func interactiveDismissOfFullScreen() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let page = RecordingViewController("Page")
        page.modalPresentationStyle = .fullScreen
        try root.present(page, animated: false)

        #expect(throws: ViewHierarchyError.notInteractivelyDismissible("Page")) {
            try page.userDidDismissInteractively()
        }
        #expect(root.presentedViewController === page && page.presentingViewController === root)
        #expect(page.calls == ["viewDidAppear(animated: false, movingToParent: false, beingPresented: true)"])
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Page"])])
    }

    @Test("a sheet that presents another cannot be swiped down: only the top one is under the finger")
    func interactiveDismissOfCoveredSheet() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = RecordingViewController("Sheet")
        let top = RecordingViewController("Top")
        try root.present(sheet, animated: false)
        try sheet.present(top, animated: false)

        let error = #expect(throws: ViewHierarchyError.self) { try sheet.userDidDismissInteractively() }

        #expect(error == .coveredSheet("Sheet", by: "Top"))
        #expect(error?.description == "Sheet is covered by Top: only the sheet on top can be swiped down")
        // A sheet leaves the one under it showing: neither disappeared.
        #expect(sheet.calls == ["viewDidAppear(animated: false, movingToParent: false, beingPresented: true)"])
        #expect(top.calls == sheet.calls)
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.pageSheet, ["Sheet"]), Layer(.pageSheet, ["Top"])])
        try top.userDidDismissInteractively()
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("an interactive dismiss of a controller nobody presents throws nothingToDismiss")
    func interactiveDismissOfUnpresented() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = RecordingViewController("Sheet")
        try root.present(sheet, animated: false)

        #expect(throws: ViewHierarchyError.nothingToDismiss("Root")) {
            try root.userDidDismissInteractively()
        }
        #expect(root.presentedViewController === sheet)
        #expect(sheet.calls == ["viewDidAppear(animated: false, movingToParent: false, beingPresented: true)"])
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.pageSheet, ["Sheet"])])
    }
}

/// Records its disappearances with whether its container was being dismissed.
private final class ContainerDismissalProbe: ViewController {
    private let log: CallLog

    init(_ screenName: String, log: CallLog) {
        self.log = log
        super.init(screenName: screenName)
    }

    override func viewDidDisappear(_ animated: Bool) {
        log.record(
            "\(screenName).viewDidDisappear(animated: \(animated), movingFromParent: \(isMovingFromParent), beingDismissed: \(isBeingDismissed), parentBeingDismissed: \(isParentBeingDismissed))"
        )
    }
}
