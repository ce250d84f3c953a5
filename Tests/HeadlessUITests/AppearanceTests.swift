import HeadlessUI
import TestSupport
import Testing

/// `viewDidAppear` as UIKit sends it: to controllers in a visible window's hierarchy, when they come on screen.
@Suite("viewDidAppear: when a controller came on screen")
struct AppearanceTests {
    private static func appeared(_ name: String, animated: Bool = false, moving: Bool = false, presented: Bool = false) -> String {
        "\(name).viewDidAppear(animated: \(animated), movingToParent: \(moving), beingPresented: \(presented))"
    }

    private static func disappeared(_ name: String, animated: Bool = false, moving: Bool = false, dismissed: Bool = false) -> String {
        "\(name).viewDidDisappear(animated: \(animated), movingFromParent: \(moving), beingDismissed: \(dismissed))"
    }

    @Test("a window's root and what it shows appear when the window is made visible, once; a new root replaces the old one on screen")
    func windowRoot() throws {
        let log = CallLog()
        let home = RecordingViewController("Home", log: log)
        let nav = try NavigationController(rootViewController: home)
        let window = Window()
        window.rootViewController = nav
        #expect(log.entries == ["Home.willMove(Home)", "Home.didMove(Home)"], "not visible yet: nothing appeared")

        window.makeKeyAndVisible()
        window.makeKeyAndVisible()
        let login = RecordingViewController("Login", log: log)
        window.rootViewController = login

        #expect(
            log.entries == [
                "Home.willMove(Home)", "Home.didMove(Home)",
                Self.appeared("Home"),
                Self.disappeared("Home"),
                Self.appeared("Login"),
            ])
        #expect(window.snapshot == [Layer(.root, ["Login"])])
    }

    @Test("a push shows the new top, moving to its parent, after the covered one disappeared; a pop shows the one under it again")
    func pushAndPop() throws {
        let log = CallLog()
        let nav = try NavigationController(rootViewController: RecordingViewController("Home", log: log))
        let window = Window.showing(nav)
        log.clear()

        try nav.push(RecordingViewController("Page", log: log), animated: true)
        try nav.pop(animated: true)

        #expect(
            log.entries == [
                "Page.willMove(Home)", Self.disappeared("Home", animated: true), Self.appeared("Page", animated: true, moving: true),
                "Page.didMove(Home)",
                "Page.willMove(nil)", Self.disappeared("Page", animated: true, moving: true), "Page.didMove(nil)",
                Self.appeared("Home", animated: true),
            ])
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("a stack in no visible window hears no appearance calls, as in UIKit: it is not on screen")
    func offScreenStack() throws {
        let log = CallLog()
        let nav = try NavigationController(rootViewController: RecordingViewController("Home", log: log))
        let page = RecordingViewController("Page", log: log)

        try nav.push(page, animated: false)
        try nav.pop(animated: false)
        let window = Window()
        window.rootViewController = nav
        try nav.push(page, animated: false)

        #expect(
            log.entries == [
                "Home.willMove(Home)", "Home.didMove(Home)",
                "Page.willMove(Home)", "Page.didMove(Home)", "Page.willMove(nil)", "Page.didMove(nil)",
                "Page.willMove(Home)", "Page.didMove(Home)",
            ])
    }

    @Test(
        "a sheet appears presented and leaves what it covers showing; a full-screen modal hides the layers under it, which its dismissal shows again"
    )
    func presentations() throws {
        let log = CallLog()
        let root = RecordingViewController("Root", log: log)
        let window = Window.showing(root)
        let sheet = RecordingViewController("Sheet", log: log)
        let cover = RecordingViewController("Cover", log: log)
        log.clear()

        try root.present(sheet, animated: true)
        try sheet.present(cover, animated: true, style: .fullScreen)
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.pageSheet, ["Sheet"]), Layer(.fullScreen, ["Cover"])])
        try sheet.dismiss(animated: true)
        try root.dismiss(animated: false)

        #expect(
            log.entries == [
                Self.appeared("Sheet", animated: true, presented: true),
                Self.disappeared("Sheet", animated: true), Self.disappeared("Root", animated: true),
                Self.appeared("Cover", animated: true, presented: true),
                Self.disappeared("Cover", animated: true, dismissed: true),
                Self.appeared("Sheet", animated: true), Self.appeared("Root", animated: true),
                Self.disappeared("Sheet", dismissed: true),
            ])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test(
        "addChild into a container on screen shows the child and what it shows, the child moving to its parent; under a full-screen modal, nothing"
    )
    func containment() throws {
        let log = CallLog()
        let container = ViewController(screenName: "Container")
        let window = Window.showing(container)
        let panel = RecordingViewController("Panel", log: log)
        let stack = try NavigationController(rootViewController: RecordingViewController("Top", log: log))
        panel.addChild(stack)
        stack.didMove(toParent: panel)
        log.clear()

        container.addChild(panel)
        panel.didMove(toParent: container)
        try container.present(ViewController(screenName: "Cover"), animated: false, style: .fullScreen)
        let hidden = RecordingViewController("Hidden", log: log)
        container.addChild(hidden)
        hidden.didMove(toParent: container)

        #expect(
            log.entries == [
                "Panel.willMove(Container)", Self.appeared("Panel", moving: true), Self.appeared("Top"), "Panel.didMove(Container)",
                Self.disappeared("Panel"), Self.disappeared("Top"),
                "Hidden.willMove(Container)", "Hidden.didMove(Container)",
            ])
        // The root layer shows the first stack in it.
        #expect(window.snapshot == [Layer(.root, ["Top"]), Layer(.fullScreen, ["Cover"])])
    }
}
