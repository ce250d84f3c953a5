import HeadlessUI
import TestSupport
import Testing

@Suite("TabBarController: tabs and selection")
struct TabBarControllerTests {
    @Test("init(viewControllers:) contains the tabs in order, selects the first and records no transition")
    func initWithTabs() throws {
        let (home, profile) = (RecordingViewController("Home"), RecordingViewController("Profile"))

        let tabBar = try TabBarController(viewControllers: [home, profile])

        #expect(tabBar.screenName == "TabBarController")
        #expect(tabBar.viewControllers.map(\.screenName) == ["Home", "Profile"])
        #expect(tabBar.selectedIndex == 0 && tabBar.selectedViewController === home)
        #expect(home.parent === tabBar && profile.parent === tabBar)
        #expect(home.calls == ["willMove(TabBarController)", "didMove(TabBarController)"])
        #expect(tabBar.lastTransition == nil)
    }

    @Test("select(at:) and select(_:) change the selected tab and record selectTab; the selected one again records nothing")
    func select() throws {
        let tabs = ["Home", "Feed", "Profile"].map { ViewController(screenName: $0) }
        let tabBar = try TabBarController(viewControllers: tabs)

        try tabBar.select(at: 2)
        #expect(tabBar.selectedIndex == 2 && tabBar.selectedViewController === tabs[2])
        #expect(tabBar.lastTransition == Transition(kind: .selectTab, animated: false))

        try tabBar.setViewControllers(tabs, animated: true)
        try tabBar.select(tabs[2])
        #expect(tabBar.lastTransition == Transition(kind: .setViewControllers, animated: true), "the selected tab again: no transition")

        try tabBar.select(tabs[1])
        #expect(tabBar.selectedIndex == 1 && tabBar.selectedViewController === tabs[1])
        #expect(tabBar.lastTransition == Transition(kind: .selectTab, animated: false))
    }

    // UIKit's documented rule for `viewControllers`: reselect the selected controller, else the same index, else 0.
    @Test(
        "new tabs keep the selected controller where it is still a tab, else the same index, else the first",
        arguments: [
            (["A", "B", "C"], 2, ["C", "A"], 0),  // C stays, now at 0
            (["A", "B", "C"], 1, ["A", "D", "C"], 1),  // B goes: index 1 again
            (["A", "B", "C"], 2, ["A", "D"], 0),  // C goes, index 2 is past the end: the first
            (["A", "B"], 0, [], nil),
            ([], nil, ["A", "B"], 0),
        ] as [([String], Int?, [String], Int?)]
    )
    func keepsSelection(old: [String], selected: Int?, new: [String], expected: Int?) throws {
        var made: [String: ViewController] = [:]
        func controller(_ name: String) -> ViewController {
            if let existing = made[name] { return existing }
            let created = ViewController(screenName: name)
            made[name] = created
            return created
        }
        let tabBar = try TabBarController(viewControllers: old.map(controller))
        if let selected { try tabBar.select(at: selected) }

        try tabBar.setViewControllers(new.map(controller), animated: false)

        #expect(tabBar.viewControllers.map(\.screenName) == new)
        #expect(tabBar.selectedIndex == expected)
        #expect(tabBar.selectedViewController?.screenName == expected.map { new[$0] })
        #expect(made.values.allSatisfy { ($0.parent === tabBar) == new.contains($0.screenName) })
    }

    @Test(
        "new tabs: the ones that go hear willMove and didMove to nil, the new ones willMove and didMove to the tab bar, the kept ones nothing"
    )
    func containmentCalls() throws {
        let log = CallLog()
        let (a, b, c) = (
            RecordingViewController("A", log: log), RecordingViewController("B", log: log), RecordingViewController("C", log: log)
        )
        let tabBar = try TabBarController(viewControllers: [a, b])
        log.clear()

        try tabBar.setViewControllers([c, a], animated: true)

        #expect(
            log.entries == [
                "B.willMove(nil)", "C.willMove(TabBarController)", "B.didMove(nil)", "C.didMove(TabBarController)",
            ])
        #expect(tabBar.lastTransition == Transition(kind: .setViewControllers, animated: true))
        #expect(b.parent == nil)
    }

    @Test("a tab taken away or added with containment calls: the selected index stays in range, falling back to the first tab")
    func containmentChangesTheTabs() throws {
        let tabs = ["A", "B", "C"].map { ViewController(screenName: $0) }
        let tabBar = try TabBarController(viewControllers: tabs)
        try tabBar.select(at: 2)

        tabs[2].removeFromParent()
        #expect(tabBar.selectedIndex == 0 && tabBar.selectedViewController === tabs[0])

        tabBar.addChild(tabs[2])
        tabs[2].didMove(toParent: tabBar)
        #expect(tabBar.selectedIndex == 2 && tabBar.selectedViewController === tabs[2], "the index as last set is in range again")
    }

    @Test("userDidSelect(at:) selects another tab; the selected tab tapped again pops its stack to the root, animated")
    func userTaps() throws {
        let stack = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let (a, b) = (ViewController(screenName: "A"), ViewController(screenName: "B"))
        try stack.push(a, animated: false)
        try stack.push(b, animated: false)
        let profile = ViewController(screenName: "Profile")
        let tabBar = try TabBarController(viewControllers: [stack, profile])

        #expect(try tabBar.userDidSelect(at: 1).isEmpty)
        #expect(tabBar.selectedViewController === profile && stack.stackNames == ["Home", "A", "B"])
        #expect(try tabBar.userDidSelect(at: 1).isEmpty, "a tab that holds no stack: nothing to pop")
        #expect(tabBar.lastTransition == Transition(kind: .selectTab, animated: false))

        #expect(try tabBar.userDidSelect(at: 0).isEmpty)
        let popped = try tabBar.userDidSelect(at: 0)

        #expect(popped.map(\.screenName) == ["B", "A"])
        #expect(stack.stackNames == ["Home"] && tabBar.selectedIndex == 0)
        #expect(stack.lastTransition == Transition(kind: .pop, animated: true))
    }
}
