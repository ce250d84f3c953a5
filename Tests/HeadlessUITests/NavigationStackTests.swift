import HeadlessUI
import TestSupport
import Testing

@Suite("NavigationController: the stack")
struct NavigationStackTests {
    @Test("init(rootViewController:) contains the root, is named after it and records no transition")
    func initWithRoot() throws {
        let home = RecordingViewController("Home")

        let nav = try NavigationController(rootViewController: home)

        #expect(nav.screenName == "Home")
        #expect(nav.viewControllers.count == 1 && nav.viewControllers.first === home)
        #expect(nav.topViewController === home)
        #expect(home.parent === nav && home.navigationController === nav)
        #expect(home.calls == ["willMove(Home)", "didMove(Home)"])
        #expect(nav.lastTransition == nil)
        #expect(nav.isNavigationBarHidden == false)
    }

    @Test("push puts the controller on top and records push with its animated flag")
    func push() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let detail = ViewController(screenName: "Detail")

        try nav.push(detail, animated: false)
        #expect(nav.stackNames == ["Home", "Detail"])
        #expect(nav.topViewController === detail && detail.navigationController === nav)
        #expect(nav.lastTransition == Transition(kind: .push, animated: false))

        try nav.push(ViewController(screenName: "More"), animated: true)
        #expect(nav.stackNames == ["Home", "Detail", "More"])
        #expect(nav.lastTransition == Transition(kind: .push, animated: true))
    }

    @Test("pop removes and returns the top controller and records pop")
    func pop() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let detail = ViewController(screenName: "Detail")
        try nav.push(detail, animated: true)

        let popped = try nav.pop(animated: false)

        #expect(popped === detail)
        #expect(nav.stackNames == ["Home"])
        #expect(detail.parent == nil)
        #expect(nav.lastTransition == Transition(kind: .pop, animated: false))
    }

    @Test("pop(to:) removes everything above the controller and returns it top first")
    func popTo() throws {
        let a = ViewController(screenName: "A")
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        for controller in [a, ViewController(screenName: "B"), ViewController(screenName: "C")] {
            try nav.push(controller, animated: false)
        }

        let popped = try nav.pop(to: a, animated: true)

        #expect(popped.map(\.screenName) == ["C", "B"])
        #expect(popped.allSatisfy { $0.parent == nil })
        #expect(nav.stackNames == ["Home", "A"])
        #expect(nav.lastTransition == Transition(kind: .pop, animated: true))
    }

    @Test("pop(to:) the top controller pops nothing and records nothing")
    func popToTop() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let top = ViewController(screenName: "Top")
        try nav.push(top, animated: false)

        let popped = try nav.pop(to: top, animated: true)

        #expect(popped.isEmpty)
        #expect(nav.stackNames == ["Home", "Top"])
        #expect(nav.lastTransition == Transition(kind: .push, animated: false))
    }

    @Test("popToRoot leaves only the root and returns the popped controllers top first")
    func popToRoot() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        try nav.push(ViewController(screenName: "A"), animated: false)
        try nav.push(ViewController(screenName: "B"), animated: false)

        let popped = nav.popToRoot(animated: true)

        #expect(popped.map(\.screenName) == ["B", "A"])
        #expect(nav.stackNames == ["Home"])
        #expect(nav.lastTransition == Transition(kind: .pop, animated: true))
    }

    @Test("popToRoot on a root-only stack pops nothing and records nothing")
    func popToRootOnRootOnly() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        #expect(nav.popToRoot(animated: true).isEmpty)
        #expect(nav.stackNames == ["Home"])
        #expect(nav.lastTransition == nil)
    }

    @Test("setViewControllers replaces the stack: a removed covered controller is only moved out, kept ones stay")
    func setViewControllers() throws {
        let home = RecordingViewController("Home")
        let kept = ViewController(screenName: "Kept")
        let nav = try NavigationController(rootViewController: home)
        nav.screenName = "Nav"
        let window = Window.showing(nav)
        try nav.push(kept, animated: false)
        let added = RecordingViewController("Added")

        try nav.setViewControllers([kept, added], animated: false)

        #expect(nav.stackNames == ["Kept", "Added"])
        #expect(kept.parent === nav && added.parent === nav)
        #expect(home.parent == nil)
        // Home disappeared when Kept covered it: it is only moved out now.
        #expect(
            home.calls == [
                "willMove(Home)", "didMove(Home)", "viewDidAppear(animated: false, movingToParent: false, beingPresented: false)",
                "viewDidDisappear(animated: false, movingFromParent: false, beingDismissed: false)",
                "willMove(nil)", "didMove(nil)",
            ])
        // Kept, on top before, was covered by Added as by a push.
        #expect(
            added.calls == ["willMove(Nav)", "viewDidAppear(animated: false, movingToParent: true, beingPresented: false)", "didMove(Nav)"])
        #expect(nav.lastTransition == Transition(kind: .setViewControllers, animated: false))
        #expect(window.snapshot == [Layer(.root, ["Kept", "Added"])])
    }

    @Test("setViewControllers that keeps the old top under a new one: it disappears, not moving from its parent")
    func setViewControllersCoveringTheTop() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        nav.screenName = "Nav"
        let window = Window.showing(nav)
        let top = RecordingViewController("Top")
        try nav.push(top, animated: false)
        let added = RecordingViewController("Added")

        try nav.setViewControllers([nav.viewControllers[0], top, added], animated: true)

        #expect(nav.stackNames == ["Home", "Top", "Added"])
        #expect(
            top.calls == [
                "willMove(Nav)", "viewDidAppear(animated: false, movingToParent: true, beingPresented: false)", "didMove(Nav)",
                "viewDidDisappear(animated: true, movingFromParent: false, beingDismissed: false)",
            ])
        #expect(
            added.calls == ["willMove(Nav)", "viewDidAppear(animated: true, movingToParent: true, beingPresented: false)", "didMove(Nav)"])
        #expect(window.snapshot == [Layer(.root, ["Home", "Top", "Added"])])
    }

    @Test("setViewControllers that removes the top: the top disappears moving from its parent, the covered one only moves out")
    func setViewControllersRemovingTop() throws {
        let log = CallLog()
        let home = RecordingViewController("Home", log: log)
        let nav = try NavigationController(rootViewController: home)
        nav.screenName = "Nav"
        let window = Window.showing(nav)
        let covered = RecordingViewController("Covered", log: log)
        let top = RecordingViewController("Top", log: log)
        try nav.push(covered, animated: false)
        try nav.push(top, animated: false)
        log.clear()

        try nav.setViewControllers([home], animated: true)

        #expect(nav.stackNames == ["Home"])
        // Each removed one hears willMove before the stack changes, and the rest once the new stack is in place.
        #expect(
            log.entries == [
                "Top.willMove(nil)", "Covered.willMove(nil)",
                "Top.viewDidDisappear(animated: true, movingFromParent: true, beingDismissed: false)",
                "Top.didMove(nil)", "Covered.didMove(nil)",
                "Home.viewDidAppear(animated: true, movingToParent: false, beingPresented: false)",
            ])
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("userDidPop(to:) — the system swipe back — pops above the controller and records an animated interactivePop")
    func userDidPop() throws {
        let a = ViewController(screenName: "A")
        let b = RecordingViewController("B")
        let c = RecordingViewController("C")
        let nav = try NavigationController(rootViewController: a)
        let window = Window.showing(nav)
        try nav.push(b, animated: false)
        try nav.push(c, animated: false)

        let popped = try nav.userDidPop(to: a)

        #expect(popped.map(\.screenName) == ["C", "B"])
        #expect(nav.stackNames == ["A"])
        #expect(nav.lastTransition == Transition(kind: .interactivePop, animated: true))
        #expect(
            c.calls == [
                "willMove(A)", "viewDidAppear(animated: false, movingToParent: true, beingPresented: false)", "didMove(A)", "willMove(nil)",
                "viewDidDisappear(animated: true, movingFromParent: true, beingDismissed: false)", "didMove(nil)",
            ])
        #expect(
            b.calls == [
                "willMove(A)", "viewDidAppear(animated: false, movingToParent: true, beingPresented: false)", "didMove(A)",
                "viewDidDisappear(animated: false, movingFromParent: false, beingDismissed: false)",
                "willMove(nil)", "didMove(nil)",
            ])
        #expect(window.snapshot == [Layer(.root, ["A"])])
    }

    @Test("the navigation bar hidden flag is kept and does not touch the stack")
    func navigationBarHidden() throws {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Intro"))
        nav.isNavigationBarHidden = true
        #expect(nav.isNavigationBarHidden)
        #expect(nav.stackNames == ["Intro"])
        nav.isNavigationBarHidden = false
        #expect(nav.isNavigationBarHidden == false)
    }
}
