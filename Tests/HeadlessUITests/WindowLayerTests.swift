import HeadlessUI
import TestSupport
import Testing

@Suite("Window: root, layers and top view controller")
struct WindowLayerTests {
    @Test("an empty window shows nothing and is not key")
    func emptyWindow() {
        let window = Window()
        #expect(window.rootViewController == nil)
        #expect(window.layers.isEmpty)
        #expect(window.topViewController == nil)
        #expect(window.isKeyWindow == false)
    }

    @Test("setting the root and makeKeyAndVisible: one root layer holding the single screen")
    func rootAndKey() {
        let window = Window()
        let root = ViewController(screenName: "Root")

        window.rootViewController = root
        #expect(window.isKeyWindow == false)
        window.makeKeyAndVisible()

        #expect(window.isKeyWindow)
        #expect(window.rootViewController === root)
        #expect(root.window === window)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
        #expect(window.layers[0].controller === root)
        #expect(window.layers[0].navigationController == nil)
        #expect(window.topViewController === root)
    }

    @Test("a navigation controller as root: the root layer shows its stack")
    func navigationRoot() throws {
        let window = Window()
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let detail = ViewController(screenName: "Detail")
        try nav.push(detail, animated: true)

        window.rootViewController = nav

        #expect(window.snapshot == [Layer(.root, ["Home", "Detail"])])
        #expect(window.layers[0].navigationController === nav)
        #expect(window.topViewController === detail)
    }

    @Test("a container holding a navigation controller: the root layer shows that stack")
    func containerWithNavigation() throws {
        let window = Window()
        let container = ViewController(screenName: "Container")
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Login"))
        container.addChild(nav)
        nav.didMove(toParent: container)

        window.rootViewController = container

        #expect(window.snapshot == [Layer(.root, ["Login"])])
        #expect(window.layers[0].controller === container)
        #expect(window.layers[0].navigationController === nav)
        #expect(window.topViewController === nav.topViewController)
    }

    @Test("modals add one layer each with their style, in presentation order; the top is the front layer's top screen")
    func modalLayers() throws {
        let window = Window()
        let root = ViewController(screenName: "Root")
        window.rootViewController = root
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Navigation"))
        try nav.push(ViewController(screenName: "A"), animated: true)
        try root.present(nav, animated: true, style: .fullScreen)
        let sheet = ViewController(screenName: "Sheet")
        try nav.present(sheet, animated: true)

        #expect(
            window.snapshot == [
                Layer(.root, ["Root"]),
                Layer(.fullScreen, ["Navigation", "A"]),
                Layer(.pageSheet, ["Sheet"]),
            ])
        #expect(window.layers.map { ObjectIdentifier($0.controller) } == [root, nav, sheet].map(ObjectIdentifier.init))
        #expect(window.topViewController === sheet)
        #expect(window.layers[1].visibleController?.screenName == "A")
    }

    @Test("a presentation made by a screen inside the root's stack is a layer too")
    func presentationFromContainedScreen() throws {
        let window = Window()
        let detail = ViewController(screenName: "Detail")
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        try nav.push(detail, animated: false)
        window.rootViewController = nav

        try detail.present(ViewController(screenName: "Picker"), animated: true)

        #expect(window.snapshot == [Layer(.root, ["Home", "Detail"]), Layer(.pageSheet, ["Picker"])])
        #expect(window.topViewController?.screenName == "Picker")
    }

    @Test("dismissing the front modal removes its layer")
    func dismissRemovesLayer() throws {
        let window = Window()
        let root = ViewController(screenName: "Root")
        window.rootViewController = root
        try root.present(ViewController(screenName: "Cover"), animated: true, style: .fullScreen)
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Cover"])])

        try root.dismiss(animated: true)

        #expect(window.snapshot == [Layer(.root, ["Root"])])
        #expect(window.topViewController === root)
    }

    @Test("a controller in a container, or presented by another, is not taken as a window's root: nothing changes, and nobody hears")
    func rootOwnedElsewhereRefused() throws {
        let window = Window()
        let root = RecordingViewController("Root")
        let nav = try NavigationController(rootViewController: RecordingViewController("Home"))
        root.addChild(nav)
        nav.didMove(toParent: root)
        let sheet = RecordingViewController("Sheet")
        window.rootViewController = root
        window.makeKeyAndVisible()
        try root.present(sheet, animated: false, style: .pageSheet)
        let home = try #require(nav.topViewController as? RecordingViewController)
        let before = (root.calls, home.calls, sheet.calls)

        let other = Window()
        other.makeKeyAndVisible()
        for owned in [nav, home, sheet] as [ViewController] {
            window.rootViewController = owned
            other.rootViewController = owned
        }

        #expect(window.rootViewController === root)
        #expect(other.rootViewController == nil)
        #expect(window.snapshot == [Layer(.root, ["Home"]), Layer(.pageSheet, ["Sheet"])])
        #expect(other.snapshot == [])
        #expect(nav.parent === root && sheet.presentingViewController === root)
        #expect(root.calls == before.0 && home.calls == before.1 && sheet.calls == before.2)
        // It did come on screen, once, with its stack (which takes its root's name).
        #expect(
            home.calls == [
                "willMove(Home)", "didMove(Home)", "viewDidAppear(animated: false, movingToParent: false, beingPresented: false)",
            ])
    }
}
