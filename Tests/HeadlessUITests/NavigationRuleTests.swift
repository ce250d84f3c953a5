import HeadlessUI
import TestSupport
import Testing

/// Each refused operation throws and leaves the stack and `lastTransition` exactly as they were.
@Suite("NavigationController rules: refused operations throw and change nothing")
struct NavigationRuleTests {
    /// Home → Detail, last transition: push (not animated).
    private func makeStack() throws -> (NavigationController, home: ViewController, detail: ViewController) {
        let home = ViewController(screenName: "Home")
        let detail = ViewController(screenName: "Detail")
        let nav = try NavigationController(rootViewController: home)
        try nav.push(detail, animated: false)
        return (nav, home, detail)
    }

    private func expectUnchanged(_ nav: NavigationController, _ home: ViewController, _ detail: ViewController) {
        #expect(nav.viewControllers.count == 2 && nav.viewControllers[0] === home && nav.viewControllers[1] === detail)
        #expect(home.parent === nav && detail.parent === nav)
        #expect(nav.lastTransition == Transition(kind: .push, animated: false))
    }

    @Test("pushing a navigation controller throws pushingNavigationController")
    func pushNavigationController() throws {
        let (nav, home, detail) = try makeStack()
        let other = try NavigationController(rootViewController: ViewController(screenName: "Other"))

        let error = #expect(throws: ViewHierarchyError.self) { try nav.push(other, animated: true) }

        #expect(error == .pushingNavigationController("Other"))
        #expect(error?.description == "Pushing a navigation controller (Other) is not supported")
        expectUnchanged(nav, home, detail)
        #expect(other.parent == nil)
    }

    @Test("pushing or setting the container the stack lives in (a loop) throws alreadyInHierarchy")
    func pushContainerOfTheStack() throws {
        let (nav, home, detail) = try makeStack()
        let container = ViewController(screenName: "Container")
        container.addChild(nav)
        nav.didMove(toParent: container)

        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Container")) { try nav.push(container, animated: true) }
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Container")) {
            try nav.setViewControllers([home, container], animated: true)
        }

        expectUnchanged(nav, home, detail)
        #expect(nav.parent === container && container.parent == nil)
    }

    @Test("pushing the same instance twice throws alreadyOnStack")
    func pushSameInstanceTwice() throws {
        let (nav, home, detail) = try makeStack()
        #expect(throws: ViewHierarchyError.alreadyOnStack("Detail")) { try nav.push(detail, animated: true) }
        #expect(throws: ViewHierarchyError.alreadyOnStack("Home")) { try nav.push(home, animated: true) }
        expectUnchanged(nav, home, detail)
    }

    @Test("pushing a controller that lives on another stack or is presented throws alreadyInHierarchy")
    func pushForeignController() throws {
        let (nav, home, detail) = try makeStack()
        let elsewhere = ViewController(screenName: "Elsewhere")
        let otherNav = try NavigationController(rootViewController: elsewhere)
        let sheet = ViewController(screenName: "Sheet")
        let presenter = ViewController(screenName: "Presenter")
        let window = Window.showing(presenter)
        try presenter.present(sheet, animated: false)

        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Elsewhere")) { try nav.push(elsewhere, animated: true) }
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Sheet")) { try nav.push(sheet, animated: true) }
        expectUnchanged(nav, home, detail)
        #expect(elsewhere.parent === otherNav)
        #expect(window.snapshot == [Layer(.root, ["Presenter"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("a controller that presents is the base of a layer: a stack does not take it in")
    func pushPresentingController() throws {
        let (nav, home, detail) = try makeStack()
        let presenter = ViewController(screenName: "Presenter")
        let window = Window.showing(presenter)
        try presenter.present(ViewController(screenName: "Sheet"), animated: false)

        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Presenter")) { try nav.push(presenter, animated: true) }
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Presenter")) {
            try nav.setViewControllers([home, presenter], animated: true)
        }
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Presenter")) { try NavigationController(rootViewController: presenter) }
        expectUnchanged(nav, home, detail)
        #expect(window.snapshot == [Layer(.root, ["Presenter"]), Layer(.pageSheet, ["Sheet"])])
    }

    @Test("popping the root throws cannotPopRoot")
    func popRoot() throws {
        let home = ViewController(screenName: "Home")
        let nav = try NavigationController(rootViewController: home)

        let error = #expect(throws: ViewHierarchyError.self) { try nav.pop(animated: true) }

        #expect(error == .cannotPopRoot("Home"))
        #expect(nav.viewControllers.count == 1 && nav.viewControllers[0] === home)
        #expect(nav.lastTransition == nil)
    }

    @Test("an empty setViewControllers throws emptyStack")
    func setEmpty() throws {
        let (nav, home, detail) = try makeStack()
        #expect(throws: ViewHierarchyError.emptyStack) { try nav.setViewControllers([], animated: true) }
        expectUnchanged(nav, home, detail)
    }

    @Test("duplicates in setViewControllers throw alreadyOnStack")
    func setDuplicates() throws {
        let (nav, home, detail) = try makeStack()
        let fresh = ViewController(screenName: "Fresh")

        #expect(throws: ViewHierarchyError.alreadyOnStack("Fresh")) {
            try nav.setViewControllers([fresh, home, fresh], animated: true)
        }
        expectUnchanged(nav, home, detail)
        #expect(fresh.parent == nil)
    }

    @Test("setViewControllers with a navigation controller or a controller from elsewhere throws")
    func setForeign() throws {
        let (nav, home, detail) = try makeStack()
        let otherNav = try NavigationController(rootViewController: ViewController(screenName: "Elsewhere"))

        #expect(throws: ViewHierarchyError.pushingNavigationController("Elsewhere")) {
            try nav.setViewControllers([home, otherNav], animated: true)
        }
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Elsewhere")) {
            try nav.setViewControllers([home, otherNav.viewControllers[0]], animated: true)
        }
        expectUnchanged(nav, home, detail)
    }

    @Test("setViewControllers refuses a window's root view controller, as push does")
    func setWindowRoot() throws {
        let (nav, home, detail) = try makeStack()
        let window = Window()
        let windowRoot = ViewController(screenName: "WindowRoot")
        window.rootViewController = windowRoot

        #expect(throws: ViewHierarchyError.alreadyInHierarchy("WindowRoot")) {
            try nav.push(windowRoot, animated: true)
        }
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("WindowRoot")) {
            try nav.setViewControllers([home, windowRoot], animated: true)
        }
        #expect(windowRoot.parent == nil)
        #expect(window.rootViewController === windowRoot)
        expectUnchanged(nav, home, detail)
    }

    @Test("pop(to:) or userDidPop(to:) a controller not on the stack throws notOnStack")
    func popToStranger() throws {
        let (nav, home, detail) = try makeStack()
        let stranger = ViewController(screenName: "Stranger")

        let error = #expect(throws: ViewHierarchyError.self) { try nav.pop(to: stranger, animated: true) }
        #expect(error == .notOnStack("Stranger"))
        #expect(error?.description == "Stranger is not on the navigation stack")
        #expect(throws: ViewHierarchyError.notOnStack("Stranger")) { try nav.userDidPop(to: stranger) }
        expectUnchanged(nav, home, detail)
    }

    @Test("init(rootViewController:) refuses a navigation controller and a contained controller")
    func initRules() throws {
        let inner = try NavigationController(rootViewController: ViewController(screenName: "Inner"))
        #expect(throws: ViewHierarchyError.pushingNavigationController("Inner")) {
            _ = try NavigationController(rootViewController: inner)
        }
        #expect(throws: ViewHierarchyError.alreadyInHierarchy("Inner")) {
            _ = try NavigationController(rootViewController: inner.viewControllers[0])
        }
        #expect(inner.viewControllers[0].parent === inner)
    }
}
