import HeadlessUI
import TestSupport
import Testing

/// Each refused selection or set of tabs throws and leaves the tabs, the selection and `lastTransition` as they were.
@Suite("TabBarController rules: refused operations throw and change nothing")
struct TabBarRuleTests {
    /// Home | Feed | Profile, Feed selected (last transition: selectTab), Home a stack.
    private func makeTabs() throws -> (TabBarController, tabs: [ViewController]) {
        let home = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let tabs: [ViewController] = [home, ViewController(screenName: "Feed"), ViewController(screenName: "Profile")]
        let tabBar = try TabBarController(viewControllers: tabs)
        try tabBar.select(at: 1)
        return (tabBar, tabs)
    }

    private func expectUnchanged(_ tabBar: TabBarController, _ tabs: [ViewController]) {
        #expect(tabBar.viewControllers.count == 3 && zip(tabBar.viewControllers, tabs).allSatisfy { $0 === $1 })
        #expect(tabs.allSatisfy { $0.parent === tabBar })
        #expect(tabBar.selectedIndex == 1 && tabBar.selectedViewController === tabs[1])
        #expect(tabBar.lastTransition == Transition(kind: .selectTab, animated: false))
    }

    @Test("selecting an index with no tab throws noSuchTab", arguments: [-1, 3, 99])
    func indexOutOfRange(_ index: Int) throws {
        let (tabBar, tabs) = try makeTabs()

        let error = #expect(throws: ViewHierarchyError.self) { try tabBar.select(at: index) }

        #expect(error == .noSuchTab(index: index, tabBar: "TabBarController", count: 3))
        #expect(error?.description == "Cannot select tab \(index) of TabBarController: it has 3 tabs")
        #expect(throws: ViewHierarchyError.noSuchTab(index: index, tabBar: "TabBarController", count: 3)) {
            try tabBar.userDidSelect(at: index)
        }
        expectUnchanged(tabBar, tabs)
    }

    @Test("a tab bar with no tabs selects nothing, and refuses every index")
    func noTabs() throws {
        let tabBar = TabBarController()

        #expect(tabBar.selectedIndex == nil && tabBar.selectedViewController == nil && tabBar.viewControllers.isEmpty)
        let error = #expect(throws: ViewHierarchyError.self) { try tabBar.select(at: 0) }
        #expect(error?.description == "Cannot select tab 0 of TabBarController: it has 0 tabs")
        #expect(tabBar.lastTransition == nil)
    }

    @Test("selecting a controller that is not a tab throws notATab: a stranger, a screen pushed inside a tab, the tab bar")
    func foreignController() throws {
        let (tabBar, tabs) = try makeTabs()
        let stranger = ViewController(screenName: "Stranger")
        let pushed = ViewController(screenName: "Pushed")
        try (tabs[0] as? NavigationController)?.push(pushed, animated: false)

        let error = #expect(throws: ViewHierarchyError.self) { try tabBar.select(stranger) }
        #expect(throws: ViewHierarchyError.notATab("Pushed", tabBar: "TabBarController")) { try tabBar.select(pushed) }
        #expect(throws: ViewHierarchyError.notATab("TabBarController", tabBar: "TabBarController")) { try tabBar.select(tabBar) }

        #expect(error == .notATab("Stranger", tabBar: "TabBarController"))
        #expect(error?.description == "Stranger is not one of the tabs of TabBarController: only a tab can be selected")
        expectUnchanged(tabBar, tabs)
        #expect(stranger.parent == nil && pushed.parent === tabs[0])
    }

    @Test("the same controller twice in new tabs throws duplicateTab")
    func duplicates() throws {
        let (tabBar, tabs) = try makeTabs()
        let fresh = ViewController(screenName: "Fresh")

        let error = #expect(throws: ViewHierarchyError.self) { try tabBar.setViewControllers([fresh, tabs[0], fresh], animated: true) }

        #expect(error == .duplicateTab("Fresh"))
        #expect(error?.description == "Fresh is given as a tab more than once")
        expectUnchanged(tabBar, tabs)
        #expect(fresh.parent == nil)
    }

    @Test(
        "new tabs that live elsewhere throw alreadyInHierarchy: on a stack, in another tab bar, presented, presenting, a window's root, the tab bar itself or its container"
    )
    func foreignTabs() throws {
        let (tabBar, tabs) = try makeTabs()
        let container = ViewController(screenName: "Container")
        container.addChild(tabBar)
        tabBar.didMove(toParent: container)
        let onStack = ViewController(screenName: "OnStack")
        try (tabs[0] as? NavigationController)?.push(onStack, animated: false)
        let otherTab = ViewController(screenName: "OtherTab")
        let other = try TabBarController(viewControllers: [otherTab])
        let presenter = ViewController(screenName: "Presenter")
        let window = Window.showing(presenter)
        let sheet = ViewController(screenName: "Sheet")
        try presenter.present(sheet, animated: false)

        for foreign in [onStack, otherTab, sheet, presenter, tabBar, container] {
            #expect(throws: ViewHierarchyError.alreadyInHierarchy(foreign.screenName)) {
                try tabBar.setViewControllers([tabs[0], foreign], animated: false)
            }
        }
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Sheet")) { _ = try TabBarController(viewControllers: [sheet]) }

        expectUnchanged(tabBar, tabs)
        #expect(otherTab.parent === other && onStack.parent === tabs[0])
        #expect(window.snapshot == [Layer(.root, ["Presenter"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("changing the tabs or the selection from inside a call a selection or new tabs make is refused, and the first change completes")
    func nestedChangesAreRefused() throws {
        let (first, second, third) = (
            HookedController(screenName: "First"), HookedController(screenName: "Second"), HookedController(screenName: "Third")
        )
        let tabBar = try TabBarController(viewControllers: [first, second, third])
        let window = Window.showing(tabBar)
        var refusals: [ViewHierarchyError] = []
        func record(_ change: () throws(ViewHierarchyError) -> Void) {
            do throws(ViewHierarchyError) { try change() } catch { refusals.append(error) }
        }
        first.onDisappear = { _ in record { () throws(ViewHierarchyError) in try tabBar.select(at: 2) } }
        try tabBar.select(at: 1)
        second.onDisappear = { _ in record { () throws(ViewHierarchyError) in try tabBar.setViewControllers([third], animated: false) } }
        try tabBar.setViewControllers([first, third], animated: false)

        #expect(refusals == [.tabTransitionInProgress("TabBarController"), .tabTransitionInProgress("TabBarController")])
        #expect(refusals.first?.description == "Cannot change the tabs of TabBarController while one of its transitions is in progress")
        #expect(tabBar.viewControllers.map(\.screenName) == ["First", "Third"] && tabBar.selectedViewController === third)
        #expect(third.calls == ["A(moving: false, presented: false)"])
        #expect(window.snapshot == [Layer(.root, ["Third"])])
    }
}
