import HeadlessUI
import TestSupport
import Testing

@Suite("Presentation: present / dismiss")
struct PresentationTests {
    @Test("present links presenter and presented, keeps the default pageSheet style, records the transition and runs the completion")
    func present() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = ViewController(screenName: "Sheet")
        var completions = 0

        try root.present(sheet, animated: true) { completions += 1 }

        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.pageSheet, ["Sheet"])])
        #expect(root.presentedViewController === sheet)
        #expect(sheet.presentingViewController === root)
        #expect(root.presentingViewController == nil && sheet.presentedViewController == nil)
        #expect(sheet.modalPresentationStyle == .pageSheet)
        #expect(root.lastTransition == Transition(kind: .present, animated: true))
        #expect(completions == 1)
    }

    @Test("the style argument overrides the presented controller's modalPresentationStyle")
    func presentWithStyle() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let cover = ViewController(screenName: "Cover")

        try root.present(cover, animated: false, style: .fullScreen)

        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Cover"])])
        #expect(cover.modalPresentationStyle == .fullScreen)
        #expect(root.lastTransition == Transition(kind: .present, animated: false))
    }

    @Test("without a style argument the controller's own modalPresentationStyle is kept")
    func presentKeepsOwnStyle() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let cover = ViewController(screenName: "Cover")
        cover.modalPresentationStyle = .fullScreen

        try root.present(cover, animated: true)

        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Cover"])])
        #expect(cover.modalPresentationStyle == .fullScreen)
    }

    @Test("dismiss from the presenter removes the presentation and records it on the presenter")
    func dismissFromPresenter() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = ViewController(screenName: "Sheet")
        try root.present(sheet, animated: true)
        var completions = 0

        try root.dismiss(animated: false) { completions += 1 }

        #expect(window.snapshot == [Layer(.root, ["Root"])])
        #expect(root.presentedViewController == nil)
        #expect(sheet.presentingViewController == nil)
        #expect(root.lastTransition == Transition(kind: .dismiss, animated: false))
        #expect(completions == 1)
    }

    @Test("dismiss from the presented controller dismisses itself through its presenter")
    func dismissFromPresented() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let sheet = ViewController(screenName: "Sheet")
        try root.present(sheet, animated: true)

        try sheet.dismiss(animated: true)

        #expect(window.snapshot == [Layer(.root, ["Root"])])
        #expect(root.presentedViewController == nil)
        #expect(sheet.presentingViewController == nil)
        #expect(root.lastTransition == Transition(kind: .dismiss, animated: true))
        #expect(sheet.lastTransition == nil)
    }

    @Test("dismiss from the bottom of a chain removes every presentation, the top one disappearing first")
    func dismissChainFromBottom() throws {
        let log = CallLog()
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let first = RecordingViewController("First", log: log)
        let second = RecordingViewController("Second", log: log)
        try root.present(first, animated: true)
        try first.present(second, animated: true)

        try root.dismiss(animated: true)

        #expect(window.snapshot == [Layer(.root, ["Root"])])
        #expect(root.presentedViewController == nil)
        #expect(first.presentingViewController == nil && first.presentedViewController == nil)
        #expect(second.presentingViewController == nil)
        #expect(
            log.entries == [
                "First.viewDidAppear(animated: true, movingToParent: false, beingPresented: true)",
                "Second.viewDidAppear(animated: true, movingToParent: false, beingPresented: true)",
                "Second.viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: true)",
                "First.viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: true)",
            ])
    }

    @Test("dismiss from the middle of a chain removes only what is above it")
    func dismissChainFromMiddle() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let first = ViewController(screenName: "First")
        let second = ViewController(screenName: "Second")
        try root.present(first, animated: true)
        try first.present(second, animated: true)

        try first.dismiss(animated: true)

        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.pageSheet, ["First"])])
        #expect(root.presentedViewController === first)
        #expect(first.presentingViewController === root)
        #expect(first.presentedViewController == nil)
        #expect(second.presentingViewController == nil)
    }

    @Test("dismiss with nothing presented and not presented throws nothingToDismiss")
    func dismissNothing() {
        let lone = ViewController(screenName: "Lone")
        var completions = 0

        let error = #expect(throws: ViewHierarchyError.self) {
            try lone.dismiss(animated: true) { completions += 1 }
        }

        #expect(error == .nothingToDismiss("Lone"))
        #expect(error?.description == "Lone is not presenting anything and is not presented")
        #expect(completions == 0)
        #expect(lone.lastTransition == nil)
    }

    @Test("a screen pushed inside a presented navigation controller can dismiss it, as in UIKit")
    func dismissFromChildOfPresented() throws {
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        let nav = try NavigationController(rootViewController: ViewController(screenName: "List"))
        let detail = ViewController(screenName: "Detail")
        try nav.push(detail, animated: false)
        try root.present(nav, animated: true, style: .fullScreen)

        #expect(detail.presentingViewController === root)
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["List", "Detail"])])
        try detail.dismiss(animated: true)
        #expect(root.presentedViewController == nil)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a contained screen presents from the base of its layer, and the modal outlives the screen's removal, as in UIKit")
    func presentationFromAContainedScreen() throws {
        let window = Window()
        let container = ViewController(screenName: "Root")
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let page = ViewController(screenName: "A")
        try nav.push(page, animated: false)
        container.addChild(nav)
        nav.didMove(toParent: container)
        window.rootViewController = container
        window.makeKeyAndVisible()
        let sheet = ViewController(screenName: "Sheet")

        try page.present(sheet, animated: true)

        // The layer's base made the presentation; the page sees it as UIKit's children do.
        #expect(sheet.presentingViewController === container)
        #expect(container.presentedViewController === sheet && page.presentedViewController === sheet)
        #expect(container.lastTransition == Transition(kind: .present, animated: true))
        #expect(window.snapshot == [Layer(.root, ["Home", "A"]), Layer(.pageSheet, ["Sheet"])])
        // One presentation per layer, whoever asks.
        #expect(throws: ViewHierarchyError.alreadyPresenting(presenter: "Root", presented: "Sheet", attempted: "Other")) {
            try nav.present(ViewController(screenName: "Other"), animated: true)
        }

        // The page leaving its stack does not take the sheet with it.
        _ = try nav.pop(animated: false)
        #expect(page.presentedViewController == nil)
        #expect(window.snapshot == [Layer(.root, ["Home"]), Layer(.pageSheet, ["Sheet"])])
        #expect(sheet.isOnScreen)

        // Any screen of the layer dismisses it through that base.
        try nav.dismiss(animated: false)
        #expect(container.presentedViewController == nil && !sheet.isOnScreen)
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }
}
