import HeadlessUI
import TestSupport
import Testing

/// The appearance calls a tab bar sends: to the selected tab alone, the one that goes and the one that comes.
@Suite("TabBarController: who hears that they came on screen or left it")
struct TabBarAppearanceTests {
    /// Home (a stack) | Profile, in a visible window, with the log cleared.
    private func makeShownTabs(_ log: CallLog) throws -> (TabBarController, Window, home: NavigationController, profile: LifecycleRecorder)
    {
        let home = try NavigationController(rootViewController: LifecycleRecorder("Home", log: log))
        let profile = LifecycleRecorder("Profile", log: log)
        let tabBar = try TabBarController(viewControllers: [home, profile])
        let window = Window.showing(tabBar)
        log.clear()
        return (tabBar, window, home, profile)
    }

    @Test("a tab bar made visible shows its selected tab alone: the others neither load nor appear")
    func onlySelectedTabAppears() throws {
        let log = CallLog()
        let tabBar = try TabBarController(viewControllers: [LifecycleRecorder("Home", log: log), LifecycleRecorder("Profile", log: log)])

        let window = Window.showing(tabBar)

        #expect(log.entries == ["Home.viewDidLoad", "Home.viewWillAppear", "Home.viewDidAppear"])
        #expect(tabBar.viewControllers.map(\.isVisible) == [true, false])
        #expect(window.topViewController === tabBar.viewControllers[0])
    }

    @Test(
        "selecting another tab: the one that goes hears it will go and went, then the one that comes loads and hears it will come and came; neither moves"
    )
    func switchTabs() throws {
        let log = CallLog()
        let (tabBar, window, _, _) = try makeShownTabs(log)

        try tabBar.select(at: 1)
        #expect(window.snapshot == [Layer(.root, ["Profile"])])
        try tabBar.select(at: 0)

        #expect(
            log.entries == [
                "Home.viewWillDisappear", "Home.viewDidDisappear",
                "Profile.viewDidLoad", "Profile.viewWillAppear", "Profile.viewDidAppear",
                "Profile.viewWillDisappear", "Profile.viewDidDisappear",
                "Home.viewWillAppear", "Home.viewDidAppear",
            ])
    }

    @Test("selecting the selected tab again tells no one, by index, by controller or by a tap on a tab that holds no stack")
    func reselectTellsNoOne() throws {
        let log = CallLog()
        let (tabBar, window, home, profile) = try makeShownTabs(log)

        try tabBar.select(at: 0)
        try tabBar.select(home)
        try tabBar.select(profile)
        log.clear()
        try tabBar.select(at: 1)
        try tabBar.userDidSelect(at: 1)

        #expect(log.entries.isEmpty)
        #expect(window.snapshot == [Layer(.root, ["Profile"])])
    }

    @Test("a tab bar in no visible window selects tabs silently; made visible, it shows the tab selected then")
    func offScreenSelection() throws {
        let log = CallLog()
        let tabBar = try TabBarController(viewControllers: [LifecycleRecorder("Home", log: log), LifecycleRecorder("Profile", log: log)])

        try tabBar.select(at: 1)
        #expect(log.entries.isEmpty)
        let window = Window.showing(tabBar)

        #expect(window.topViewController?.screenName == "Profile")
        #expect(log.entries == ["Profile.viewDidLoad", "Profile.viewWillAppear", "Profile.viewDidAppear"])
    }

    @Test("each tab keeps its stack: a push in a tab not selected tells no one, and selecting it shows its top")
    func stackPerTab() throws {
        let log = CallLog()
        let (tabBar, window, home, _) = try makeShownTabs(log)
        try tabBar.select(at: 1)
        log.clear()

        try home.push(LifecycleRecorder("Detail", log: log), animated: true)
        #expect(log.entries.isEmpty, "the Home tab is off the screen")
        try tabBar.select(at: 0)

        #expect(
            log.entries == [
                "Profile.viewWillDisappear", "Profile.viewDidDisappear",
                "Detail.viewDidLoad", "Detail.viewWillAppear", "Detail.viewDidAppear",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home", "Detail"])])
    }

    @Test(
        "a pop and a swipe back inside the selected tab's stack tell its screens, as on any stack; a tap on the selected tab pops to its root"
    )
    func popInsideTab() throws {
        let log = CallLog()
        let (tabBar, window, home, _) = try makeShownTabs(log)
        let root = try #require(home.topViewController)
        for name in ["A", "B", "C"] { try home.push(LifecycleRecorder(name, log: log), animated: false) }
        log.clear()

        try home.userDidPop(to: home.viewControllers[2])
        #expect(log.entries == ["C.viewWillDisappear(moving)", "C.viewDidDisappear(moving)", "B.viewWillAppear", "B.viewDidAppear"])
        #expect(home.lastTransition == Transition(kind: .interactivePop, animated: true))
        log.clear()

        try tabBar.userDidSelect(at: 0)

        #expect(log.entries == ["B.viewWillDisappear(moving)", "B.viewDidDisappear(moving)", "Home.viewWillAppear", "Home.viewDidAppear"])
        #expect(window.topViewController === root)
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("a pop inside a tab that is not selected tells no one")
    func popInHiddenTab() throws {
        let log = CallLog()
        let (tabBar, window, home, _) = try makeShownTabs(log)
        try home.push(LifecycleRecorder("Detail", log: log), animated: false)
        try tabBar.select(at: 1)
        log.clear()

        try home.pop(animated: true)
        #expect(log.entries.isEmpty)
        try tabBar.select(at: 0)

        #expect(log.entries == ["Profile.viewWillDisappear", "Profile.viewDidDisappear", "Home.viewWillAppear", "Home.viewDidAppear"])
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("new tabs: the selected tab that goes hears it went, moving from its parent, then the new selected one comes, moving to it")
    func newTabsReplaceSelected() throws {
        let log = CallLog()
        let feed = LifecycleRecorder("Feed", log: log)
        let tabBar = try TabBarController(viewControllers: [feed, LifecycleRecorder("Profile", log: log)])
        let window = Window.showing(tabBar)
        let search = LifecycleRecorder("Search", log: log)
        log.clear()

        try tabBar.setViewControllers([search, tabBar.viewControllers[1]], animated: true)

        #expect(
            log.entries == [
                "Feed.viewWillDisappear(moving)", "Feed.viewDidDisappear(moving)",
                "Search.viewDidLoad", "Search.viewWillAppear(moving)", "Search.viewDidAppear(moving)",
            ])
        #expect(feed.parent == nil && tabBar.selectedViewController === search)
        #expect(window.snapshot == [Layer(.root, ["Search"])])
    }

    @Test("new tabs that keep the selected controller tell no one; a kept tab that is no longer selected hears it went, not moving")
    func newTabsKeepOrMoveSelection() throws {
        let log = CallLog()
        let (tabBar, window, home, profile) = try makeShownTabs(log)
        let search = LifecycleRecorder("Search", log: log)

        try tabBar.setViewControllers([search, profile, home], animated: false)
        #expect(log.entries.isEmpty && tabBar.selectedIndex == 2)

        // Home leaves the tabs: index 2 is past the end, so the first tab, Search, is selected. Home's screen is
        // not the tab itself: it goes with its stack, not moving from its own parent.
        try tabBar.setViewControllers([search, profile], animated: false)
        #expect(
            log.entries == [
                "Home.viewWillDisappear", "Home.viewDidDisappear",
                "Search.viewDidLoad", "Search.viewWillAppear", "Search.viewDidAppear",
            ])
        log.clear()

        // Profile selected, then moved to another index (still selected), then Search, not selected, taken away.
        try tabBar.select(at: 1)
        try tabBar.setViewControllers([profile, search], animated: false)
        try tabBar.setViewControllers([profile], animated: false)
        #expect(
            log.entries == [
                "Search.viewWillDisappear", "Search.viewDidDisappear",
                "Profile.viewDidLoad", "Profile.viewWillAppear", "Profile.viewDidAppear",
            ])
        #expect(tabBar.selectedViewController === profile && window.snapshot == [Layer(.root, ["Profile"])])
    }

    @Test("a full-screen presentation over the tab bar hides its selected tab alone; a selection under it is told when it is dismissed")
    func presentationOverTabs() throws {
        let log = CallLog()
        let (tabBar, window, home, _) = try makeShownTabs(log)
        let cover = LifecycleRecorder("Cover", log: log)

        // A screen inside a tab presents from the tab bar, the base of its layer.
        try #require(home.topViewController).present(cover, animated: true, style: .fullScreen)
        #expect(cover.presentingViewController === tabBar)
        #expect(window.snapshot == [Layer(.root, ["Home"]), Layer(.fullScreen, ["Cover"])])
        try tabBar.select(at: 1)
        try cover.dismiss(animated: true)

        #expect(
            log.entries == [
                "Home.viewWillDisappear", "Home.viewDidDisappear",
                "Cover.viewDidLoad", "Cover.viewWillAppear(presented)", "Cover.viewDidAppear(presented)",
                "Cover.viewWillDisappear(dismissed)", "Cover.viewDidDisappear(dismissed)",
                "Profile.viewDidLoad", "Profile.viewWillAppear", "Profile.viewDidAppear",
            ])
        #expect(window.snapshot == [Layer(.root, ["Profile"])])
    }

    @Test("a sheet over the tab bar leaves its selected tab on screen: a selection under it is told at once")
    func sheetOverTabs() throws {
        let log = CallLog()
        let (tabBar, window, _, _) = try makeShownTabs(log)
        try tabBar.present(LifecycleRecorder("Sheet", log: log), animated: false, style: .pageSheet)
        log.clear()

        try tabBar.select(at: 1)

        #expect(
            log.entries == [
                "Home.viewWillDisappear", "Home.viewDidDisappear", "Profile.viewDidLoad", "Profile.viewWillAppear", "Profile.viewDidAppear",
            ])
        #expect(window.snapshot == [Layer(.root, ["Profile"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("app code that presents full screen from the tab that goes: the tab that comes stays off the screen")
    func hiddenFromInsideTheSwitch() throws {
        let home = HookedController(screenName: "Home")
        let profile = HookedController(screenName: "Profile")
        let tabBar = try TabBarController(viewControllers: [home, profile])
        let window = Window.showing(tabBar)
        let cover = ViewController(screenName: "Cover")
        home.onDisappear = { _ in try? tabBar.present(cover, animated: false, style: .fullScreen) }

        try tabBar.select(at: 1)

        #expect(profile.calls.isEmpty && !profile.isVisible)
        #expect(window.snapshot == [Layer(.root, ["Profile"]), Layer(.fullScreen, ["Cover"])])
        try cover.dismiss(animated: false)
        #expect(profile.calls == ["A(moving: false, presented: false)"])
    }
}
