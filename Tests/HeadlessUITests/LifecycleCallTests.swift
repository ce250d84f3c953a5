import HeadlessUI
import TestSupport
import Testing

@Suite("viewDidLoad, viewWillAppear and viewWillDisappear")
struct LifecycleCallTests {
    @Test(
        "a push: the covered top hears it will go and went, then the new page loads its view and hears it will come and came, moving to its parent in both"
    )
    func push() throws {
        let log = CallLog()
        let home = LifecycleRecorder("Home", log: log)
        let nav = try NavigationController(rootViewController: home)
        let window = Window.showing(nav)
        #expect(log.entries == ["Home.viewDidLoad", "Home.viewWillAppear", "Home.viewDidAppear"])
        log.clear()

        try nav.push(LifecycleRecorder("Page", log: log), animated: true)

        #expect(
            log.entries == [
                "Home.viewWillDisappear", "Home.viewDidDisappear",
                "Page.viewDidLoad", "Page.viewWillAppear(moving)", "Page.viewDidAppear(moving)",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home", "Page"])])
    }

    @Test("a pop: the page hears it will go and went, moving from its parent in both; the page uncovered comes back without loading again")
    func pop() throws {
        let log = CallLog()
        let home = LifecycleRecorder("Home", log: log)
        let nav = try NavigationController(rootViewController: home)
        let window = Window.showing(nav)
        try nav.push(LifecycleRecorder("Page", log: log), animated: false)
        log.clear()

        _ = try nav.pop(animated: true)

        #expect(
            log.entries == [
                "Page.viewWillDisappear(moving)", "Page.viewDidDisappear(moving)", "Home.viewWillAppear", "Home.viewDidAppear",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("a full-screen presentation and its dismissal: presented and dismissed are up in the will calls too")
    func presentAndDismiss() throws {
        let log = CallLog()
        let root = LifecycleRecorder("Root", log: log)
        let window = Window.showing(root)
        let modal = LifecycleRecorder("Modal", log: log)
        log.clear()

        try root.present(modal, animated: true, style: .fullScreen)
        try modal.dismiss(animated: true)

        #expect(
            log.entries == [
                "Root.viewWillDisappear", "Root.viewDidDisappear",
                "Modal.viewDidLoad", "Modal.viewWillAppear(presented)", "Modal.viewDidAppear(presented)",
                "Modal.viewWillDisappear(dismissed)", "Modal.viewDidDisappear(dismissed)",
                "Root.viewWillAppear", "Root.viewDidAppear",
            ])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test(
        "a stack set in one go: the old page and the new top move, and only the top loads; a page under it loads when a pop shows it, and one never shown never loads"
    )
    func coveredPagesLoadWhenShown() throws {
        let log = CallLog()
        let pages = ["A", "B", "C"].map { LifecycleRecorder($0, log: log) }
        let nav = try NavigationController(rootViewController: LifecycleRecorder("Home", log: log))
        let window = Window.showing(nav)
        log.clear()

        try nav.setViewControllers(pages, animated: false)
        _ = try nav.pop(animated: false)

        #expect(
            log.entries == [
                "Home.viewWillDisappear(moving)", "Home.viewDidDisappear(moving)",
                "C.viewDidLoad", "C.viewWillAppear(moving)", "C.viewDidAppear(moving)",
                "C.viewWillDisappear(moving)", "C.viewDidDisappear(moving)",
                "B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear",
            ])
        #expect(pages.map(\.isViewLoaded) == [false, true, true])
        #expect(window.snapshot == [Layer(.root, ["A", "B"])])
    }

    @Test("off screen nothing loads; loadViewIfNeeded loads once, and the first appearance after it does not load again")
    func loadViewIfNeeded() throws {
        let log = CallLog()
        let home = LifecycleRecorder("Home", log: log)
        let nav = try NavigationController(rootViewController: home)
        try nav.push(LifecycleRecorder("Page", log: log), animated: false)
        #expect(log.entries.isEmpty)

        home.loadViewIfNeeded()
        home.loadViewIfNeeded()
        let window = Window.showing(nav)
        _ = try nav.pop(animated: false)

        #expect(
            log.entries == [
                "Home.viewDidLoad", "Page.viewDidLoad", "Page.viewWillAppear", "Page.viewDidAppear", "Page.viewWillDisappear(moving)",
                "Page.viewDidDisappear(moving)", "Home.viewWillAppear", "Home.viewDidAppear",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test(
        "a presented page that dismisses itself from viewWillAppear hears it will go and went instead of viewDidAppear; the root comes back"
    )
    func dismissedFromItsWillAppear() throws {
        let log = CallLog()
        let root = LifecycleRecorder("Root", log: log)
        let window = Window.showing(root)
        let modal = LifecycleRecorder("Modal", log: log)
        modal.onWillAppear = { try? modal.dismiss(animated: false) }
        log.clear()

        try root.present(modal, animated: false, style: .fullScreen)

        #expect(
            log.entries == [
                "Root.viewWillDisappear", "Root.viewDidDisappear",
                "Modal.viewDidLoad", "Modal.viewWillAppear(presented)",
                "Modal.viewWillDisappear(dismissed)", "Modal.viewDidDisappear(dismissed)",
                "Root.viewWillAppear", "Root.viewDidAppear",
            ])
        #expect(!modal.isVisible && root.isVisible)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test("a window's root that hands the window another root from viewDidLoad hears nothing more; the new root appears")
    func replacedFromItsViewDidLoad() throws {
        let log = CallLog()
        let window = Window()
        window.makeKeyAndVisible()
        let first = LifecycleRecorder("First", log: log)
        let second = LifecycleRecorder("Second", log: log)
        first.onLoad = { window.rootViewController = second }

        window.rootViewController = first

        #expect(log.entries == ["First.viewDidLoad", "Second.viewDidLoad", "Second.viewWillAppear", "Second.viewDidAppear"])
        #expect(window.snapshot == [Layer(.root, ["Second"])])
    }

    @Test("a child a page embeds in its viewDidLoad comes on screen with the page, after the page's own calls")
    func childEmbeddedInViewDidLoad() throws {
        let log = CallLog()
        let nav = try NavigationController(rootViewController: LifecycleRecorder("Home", log: log))
        let window = Window.showing(nav)
        let page = LifecycleRecorder("Page", log: log)
        let child = LifecycleRecorder("Child", log: log)
        page.onLoad = {
            page.addChild(child)
            child.didMove(toParent: page)
        }
        log.clear()

        try nav.push(page, animated: false)

        #expect(
            log.entries == [
                "Home.viewWillDisappear", "Home.viewDidDisappear",
                "Page.viewDidLoad", "Page.viewWillAppear(moving)", "Page.viewDidAppear(moving)",
                "Child.viewDidLoad", "Child.viewWillAppear", "Child.viewDidAppear",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home", "Page"])])
    }
}
