import HeadlessUI
import TestSupport
import Testing

@Suite("Window: the layers of a tab bar")
struct TabBarLayerTests {
    /// Home (a stack: Home → Detail) | Profile | Search (a stack: Search), as a window's root.
    private func makeTabs() throws -> (TabBarController, Window, home: NavigationController) {
        let home = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        try home.push(ViewController(screenName: "Detail"), animated: false)
        let search = try NavigationController(rootViewController: ViewController(screenName: "Search"))
        let tabBar = try TabBarController(viewControllers: [home, ViewController(screenName: "Profile"), search])
        return (tabBar, Window.showing(tabBar), home)
    }

    @Test("a layer shows its tabs and the selected one; its stack is the selected tab's stack, or the selected tab alone")
    func tabsAndStack() throws {
        let (tabBar, window, home) = try makeTabs()

        var layer = try #require(window.layers.first)
        #expect(layer.controller === tabBar && layer.tabBarController === tabBar)
        #expect(layer.tabs.map(\.screenName) == ["Home", "Profile", "Search"] && layer.selectedTabIndex == 0)
        #expect(layer.navigationController === home && layer.stack.map(\.screenName) == ["Home", "Detail"])
        #expect(window.topViewController === home.topViewController && layer.visibleController === home.topViewController)

        try tabBar.select(at: 1)
        layer = try #require(window.layers.first)
        #expect(layer.selectedTabIndex == 1 && layer.navigationController == nil)
        #expect(window.snapshot == [Layer(.root, ["Profile"])])
        #expect(window.topViewController === tabBar.viewControllers[1])

        try tabBar.select(at: 2)
        layer = try #require(window.layers.first)
        #expect(layer.navigationController === tabBar.viewControllers[2] && window.snapshot == [Layer(.root, ["Search"])])
    }

    @Test("a layer is a snapshot: the tabs it lists stay as they were when it was made")
    func snapshot() throws {
        let (tabBar, window, _) = try makeTabs()
        let layer = try #require(window.layers.first)

        try tabBar.setViewControllers([tabBar.viewControllers[1]], animated: false)

        #expect(layer.tabs.map(\.screenName) == ["Home", "Profile", "Search"] && layer.selectedTabIndex == 0)
        #expect(window.layers.first?.tabs.map(\.screenName) == ["Profile"] && window.layers.first?.selectedTabIndex == 0)
    }

    @Test("a tab bar with no tabs: a layer of its own screen, no tabs and no selection")
    func emptyTabBar() throws {
        let tabBar = TabBarController()
        let window = Window.showing(tabBar)

        let layer = try #require(window.layers.first)
        #expect(layer.tabBarController === tabBar && layer.tabs.isEmpty && layer.selectedTabIndex == nil)
        #expect(window.snapshot == [Layer(.root, ["TabBarController"])])
        #expect(window.topViewController === tabBar)
    }

    @Test("layers without a tab bar list no tabs")
    func noTabBar() throws {
        let window = Window.showing(try NavigationController(rootViewController: ViewController(screenName: "Home")))
        let layer = try #require(window.layers.first)
        #expect(layer.tabBarController == nil && layer.tabs.isEmpty && layer.selectedTabIndex == nil)
    }

    @Test("a tab bar inside a container: the layer finds it, and the selected tab's stack, under the container")
    func tabBarInContainer() throws {
        let (tabBar, _, home) = try makeTabs()
        let container = ViewController(screenName: "Container")
        let window = Window.showing(container)
        container.addChild(tabBar)
        tabBar.didMove(toParent: container)

        let layer = try #require(window.layers.first)
        #expect(layer.controller === container && layer.tabBarController === tabBar && layer.navigationController === home)
        try tabBar.select(at: 1)
        #expect(window.snapshot == [Layer(.root, ["Profile"])])
    }

    @Test("a presentation over the tab bar is a layer of its own, with no tabs; forEachLayer walks the same layers with their tab bars")
    func presentationOverTabs() throws {
        let (tabBar, window, home) = try makeTabs()
        let sheet = try NavigationController(rootViewController: ViewController(screenName: "Sheet"))
        try #require(home.topViewController).present(sheet, animated: false)

        #expect(window.snapshot == [Layer(.root, ["Home", "Detail"]), Layer(.pageSheet, ["Sheet"])])
        #expect(window.layers.map { $0.tabs.count } == [3, 0])
        var walked: [(ViewController, NavigationController?, TabBarController?)] = []
        window.forEachLayer { _, base, stack, tabs in walked.append((base, stack, tabs)) }
        #expect(walked.count == 2)
        #expect(walked[0].0 === tabBar && walked[0].1 === home && walked[0].2 === tabBar)
        #expect(walked[1].0 === sheet && walked[1].1 === sheet && walked[1].2 == nil)
        #expect(window.topViewController === sheet.topViewController)
    }
}
