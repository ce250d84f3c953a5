import HeadlessUI
import RIBs
import TestSupport
import Testing

/// Seed 003's helpers: the view operation and the attach/detach together.
@Suite("Router helpers: pushRouter / popRouter / presentRouter / dismissRouter / setRouters")
struct RouterNavigationTests {
    /// A launched root whose view contains a navigation controller with a plain "Home" screen.
    private struct App {
        let log = EventLog()
        let window = Window()
        let detector = LeakDetector()
        let root: TestLaunchRouter
        let nav: NavigationController

        init() throws {
            root = TestLaunchRouter(log: log)
            nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
            root.viewController.addChild(nav)
            nav.didMove(toParent: root.viewController)
            root.launch(from: window, leakDetector: detector)
        }

        func rib(_ name: String) -> TestViewableRouter { TestViewableRouter(name, log: log) }
    }

    // MARK: push / pop

    @Test("pushRouter pushes the view and attaches the RIB")
    func pushRouter() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B")

        try app.root.pushRouter(a, onto: app.nav, animated: true)
        try app.root.pushRouter(b, onto: app.nav, animated: false)

        #expect(app.window.snapshot == [Layer(.root, ["Home", "A", "B"])])
        #expect(tree(app.root) == "Root[A,B]")
        #expect(a.interactor.isActive && b.interactor.isActive)
        #expect(app.nav.lastTransition == Transition(kind: .push, animated: false))
        #expect(b.navigationController === app.nav)
    }

    @Test("pushRouter of an attached RIB throws alreadyAttached and pushes nothing")
    func pushAttached() throws {
        let app = try App()
        let a = app.rib("A")
        try app.root.pushRouter(a, onto: app.nav, animated: true)

        #expect(throws: RoutingError.alreadyAttached("A")) { try app.root.pushRouter(a, onto: app.nav, animated: true) }

        #expect(app.window.snapshot == [Layer(.root, ["Home", "A"])])
        #expect(tree(app.root) == "Root[A]")
    }

    @Test("a refused push (the view lives elsewhere) leaves both the tree and the screen unchanged")
    func refusedPush() throws {
        let app = try App()
        let sheet = app.rib("Sheet")
        try app.root.viewController.present(sheet.viewController, animated: true)
        let stranger = app.rib("Stranger")
        let other = try NavigationController(rootViewController: stranger.viewController)

        #expect(throws: RoutingError.view(.alreadyInHierarchy("Sheet"))) {
            try app.root.pushRouter(sheet, onto: app.nav, animated: true)
        }
        #expect(throws: RoutingError.view(.alreadyInHierarchy("Stranger"))) {
            try app.root.pushRouter(stranger, onto: app.nav, animated: true)
        }

        #expect(tree(app.root) == "Root")
        #expect(app.window.snapshot == [Layer(.root, ["Home"]), Layer(.pageSheet, ["Sheet"])])
        #expect(stranger.viewController.parent === other)
        #expect(app.nav.lastTransition == nil)
        #expect(app.log.events == ["Root.didBecomeActive", "Root.didLoad"])
    }

    @Test("popRouter pops the RIB's view by identity and detaches it")
    func popRouter() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B")
        try app.root.pushRouter(a, onto: app.nav, animated: true)
        try app.root.pushRouter(b, onto: app.nav, animated: true)

        try app.root.popRouter(b, from: app.nav, animated: false)

        #expect(app.window.snapshot == [Layer(.root, ["Home", "A"])])
        #expect(tree(app.root) == "Root[A]")
        #expect(b.interactor.isActive == false)
        #expect(app.nav.lastTransition == Transition(kind: .pop, animated: false))
    }

    @Test("popRouter after the user already swiped back only detaches: no second pop, the stack below stays intact")
    func popRouterAfterSwipeBack() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B")
        try app.root.pushRouter(a, onto: app.nav, animated: true)
        try app.root.pushRouter(b, onto: app.nav, animated: true)
        try app.nav.userDidPop(to: a.viewController)
        #expect(tree(app.root) == "Root[A,B]")

        try app.root.popRouter(b, from: app.nav, animated: true)

        #expect(app.window.snapshot == [Layer(.root, ["Home", "A"])])
        #expect(app.nav.viewControllers[1] === a.viewController)
        #expect(app.nav.lastTransition == Transition(kind: .interactivePop, animated: true))
        #expect(tree(app.root) == "Root[A]")
        #expect(b.interactor.isActive == false && a.interactor.isActive)
    }

    @Test("popRouter of the stack's root view throws cannotPopRoot and changes nothing")
    func popRouterRoot() throws {
        let app = try App()
        let a = app.rib("A")
        try app.root.setRouters([a], on: app.nav, animated: false)

        #expect(throws: RoutingError.view(.cannotPopRoot("A"))) { try app.root.popRouter(a, from: app.nav, animated: true) }

        #expect(app.window.snapshot == [Layer(.root, ["A"])])
        #expect(tree(app.root) == "Root[A]")
        #expect(a.interactor.isActive)
    }

    @Test("popRouter of a RIB neither attached nor on the stack throws notAChild")
    func popRouterStranger() throws {
        let app = try App()
        let stranger = app.rib("Stranger")
        #expect(throws: RoutingError.notAChild("Stranger")) { try app.root.popRouter(stranger, from: app.nav, animated: true) }
        #expect(app.window.snapshot == [Layer(.root, ["Home"])])
    }

    // MARK: present / dismiss

    @Test("presentRouter presents the view with the given style and attaches the RIB")
    func presentRouter() throws {
        let app = try App()
        let a = app.rib("A")

        try app.root.presentRouter(a, from: app.root.viewController, style: .fullScreen, animated: true)

        #expect(app.window.snapshot == [Layer(.root, ["Home"]), Layer(.fullScreen, ["A"])])
        #expect(tree(app.root) == "Root[A]")
        #expect(a.interactor.isActive)
    }

    @Test("presentRouter while the presenter already presents: the refused move leaves tree and screen unchanged")
    func refusedPresent() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B")
        try app.root.presentRouter(a, from: app.root.viewController, style: .fullScreen, animated: true)
        app.log.clear()

        let error = #expect(throws: RoutingError.self) {
            try app.root.presentRouter(b, from: app.root.viewController, style: .fullScreen, animated: true)
        }

        #expect(error == .view(.alreadyPresenting(presenter: "Root", presented: "A", attempted: "B")))
        #expect(error?.description == "Attempt to present B on Root which is already presenting A")
        #expect(tree(app.root) == "Root[A]")
        #expect(app.window.snapshot == [Layer(.root, ["Home"]), Layer(.fullScreen, ["A"])])
        #expect(b.interactor.isActive == false)
        #expect(b.viewController.modalPresentationStyle == .pageSheet)
        #expect(app.log.events.isEmpty)
    }

    @Test("dismissRouter dismisses the RIB's view and detaches it; nothing leaks")
    func dismissRouter() throws {
        let app = try App()
        do {
            let a = app.rib("A")
            try app.root.presentRouter(a, from: app.root.viewController, animated: true)

            try app.root.dismissRouter(a, animated: false)

            #expect(a.interactor.isActive == false)
        }
        #expect(app.window.snapshot == [Layer(.root, ["Home"])])
        #expect(tree(app.root) == "Root")
        #expect(app.root.viewController.lastTransition == Transition(kind: .dismiss, animated: false))
        #expect(app.detector.leaks().isEmpty)
    }

    @Test("dismissRouter after the user swiped the sheet down only detaches, and leaves a newer presentation alone")
    func dismissRouterAfterInteractiveDismiss() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B")
        try app.root.presentRouter(a, from: app.root.viewController, animated: true)
        try a.viewController.userDidDismissInteractively()
        try app.root.presentRouter(b, from: app.root.viewController, animated: true)

        try app.root.dismissRouter(a, animated: true)

        #expect(tree(app.root) == "Root[B]")
        #expect(app.window.snapshot == [Layer(.root, ["Home"]), Layer(.pageSheet, ["B"])])
        #expect(a.interactor.isActive == false && b.interactor.isActive)
    }

    @Test("dismissRouter of a RIB neither attached nor presented throws notAChild")
    func dismissRouterStranger() throws {
        let app = try App()
        let a = app.rib("A")
        try app.root.presentRouter(a, from: app.root.viewController, animated: true)
        let stranger = app.rib("Stranger")

        #expect(throws: RoutingError.notAChild("Stranger")) { try app.root.dismissRouter(stranger, animated: true) }

        #expect(tree(app.root) == "Root[A]")
        #expect(app.window.snapshot == [Layer(.root, ["Home"]), Layer(.pageSheet, ["A"])])
        #expect(a.interactor.isActive && stranger.interactor.isActive == false)
    }

    @Test("dismissRouter of a RIB whose view presents another view dismisses the RIB's view too")
    func dismissRouterWhosViewPresents() throws {
        let app = try App()
        let a = app.rib("A")
        try app.root.presentRouter(a, from: app.root.viewController, style: .fullScreen, animated: true)
        let picker = app.rib("Picker")
        try a.presentRouter(picker, from: a.viewController, animated: true)

        try app.root.dismissRouter(a, animated: true)

        #expect(tree(app.root) == "Root")
        #expect(app.window.snapshot == [Layer(.root, ["Home"])])
        #expect(a.viewController.isOnScreen == false)
    }

    @Test("dismissRouter of a RIB shown inside a presented navigation controller (seed 000) dismisses the container")
    func dismissRouterInsidePresentedContainer() throws {
        let app = try App()
        do {
            let a = app.rib("A")
            let container = try NavigationController(rootViewController: a.viewController)
            try app.root.viewController.present(container, animated: true, style: .fullScreen)
            try app.root.attachChild(a)
            #expect(app.window.snapshot == [Layer(.root, ["Home"]), Layer(.fullScreen, ["A"])])

            // UIKit forwards a contained controller's dismissal to the presentation that holds it.
            try app.root.dismissRouter(a, animated: true)

            #expect(a.interactor.isActive == false)
            #expect(app.root.viewController.presentedViewController == nil)
        }
        #expect(tree(app.root) == "Root")
        #expect(app.window.snapshot == [Layer(.root, ["Home"])])
        #expect(app.root.viewController.lastTransition == Transition(kind: .dismiss, animated: true))
        #expect(app.detector.leaks().isEmpty)
    }

    @Test("dismissRouter of a RIB pushed later inside a presented container is refused: the container is the root RIB's")
    func dismissRouterOfAPageInsidePresentedContainer() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B"), stranger = app.rib("Stranger")
        let container = try NavigationController(rootViewController: a.viewController)
        try app.root.viewController.present(container, animated: true, style: .fullScreen)
        try app.root.attachChild(a)
        try app.root.pushRouter(b, onto: container, animated: false)
        try container.push(stranger.viewController, animated: false)

        // Not attached, and not what was presented: a stranger, whatever presentation its view sits in.
        #expect(throws: RoutingError.notAChild("Stranger")) { try app.root.dismissRouter(stranger, animated: true) }
        // B's view is not the presentation (A's is), and detaching B alone would leave its view up.
        #expect(throws: RoutingError.view(.nothingToDismiss("B"))) { try app.root.dismissRouter(b, animated: true) }

        #expect(tree(app.root) == "Root[A,B]" && b.interactor.isActive)
        #expect(app.window.snapshot == [Layer(.root, ["Home"]), Layer(.fullScreen, ["A", "B", "Stranger"])])
    }

    // MARK: setRouters

    @Test("setRouters makes the RIBs' views the whole stack and attaches each")
    func setRouters() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B")

        try app.root.setRouters([a, b], on: app.nav, animated: true)

        #expect(app.window.snapshot == [Layer(.root, ["A", "B"])])
        #expect(tree(app.root) == "Root[A,B]")
        #expect(app.nav.lastTransition == Transition(kind: .setViewControllers, animated: true))
        #expect(a.interactor.isActive && b.interactor.isActive)
    }

    @Test("setRouters with an already attached RIB keeps it attached once and attaches the new ones")
    func setRoutersKeepsAttached() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B")
        try app.root.setRouters([a], on: app.nav, animated: false)
        app.log.clear()

        try app.root.setRouters([a, b], on: app.nav, animated: false)

        #expect(app.window.snapshot == [Layer(.root, ["A", "B"])])
        #expect(tree(app.root) == "Root[A,B]")
        #expect(app.log.events == ["B.didBecomeActive", "B.didLoad"])
    }

    @Test("a refused setRouters (duplicates, empty) leaves tree and screen unchanged")
    func refusedSetRouters() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B")
        try app.root.pushRouter(a, onto: app.nav, animated: false)
        app.log.clear()

        #expect(throws: RoutingError.view(.alreadyOnStack("B"))) { try app.root.setRouters([b, a, b], on: app.nav, animated: true) }
        #expect(throws: RoutingError.view(.emptyStack)) { try app.root.setRouters([], on: app.nav, animated: true) }

        #expect(app.window.snapshot == [Layer(.root, ["Home", "A"])])
        #expect(tree(app.root) == "Root[A]")
        #expect(app.log.events.isEmpty)
    }

    // MARK: tree and screen stay together when a stack operation removes several views

    @Test("setRouters detaches the RIBs whose views it took off the stack")
    func setRoutersDetachesReplaced() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B"), c = app.rib("C")
        try app.root.setRouters([a, b], on: app.nav, animated: false)
        app.log.clear()

        try app.root.setRouters([a, c], on: app.nav, animated: true)

        #expect(app.window.snapshot == [Layer(.root, ["A", "C"])])
        #expect(tree(app.root) == "Root[A,C]")
        #expect(!b.interactor.isActive)
        #expect(app.log.events == ["B.willResignActive", "C.didBecomeActive", "C.didLoad"])
    }

    @Test("setRouters goes on when one replaced RIB's resignation detaches another replaced one")
    func setRoutersWhenResignationDetachesAnother() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B"), c = app.rib("C")
        try app.root.setRouters([a, b], on: app.nav, animated: false)
        a.interactor.onWillResignActive = { [unowned root = app.root, unowned b] in try? root.detachChild(b) }
        app.log.clear()

        try app.root.setRouters([c], on: app.nav, animated: false)

        #expect(app.window.snapshot == [Layer(.root, ["C"])])
        #expect(tree(app.root) == "Root[C]")
        #expect(!a.interactor.isActive && !b.interactor.isActive)
        #expect(app.log.events == ["A.willResignActive", "B.willResignActive", "C.didBecomeActive", "C.didLoad"])
    }

    @Test("popRouter of a RIB in the middle of the stack pops and detaches the RIBs above it too")
    func popRouterMidStack() throws {
        let app = try App()
        let a = app.rib("A"), b = app.rib("B"), c = app.rib("C")
        for rib in [a, b, c] { try app.root.pushRouter(rib, onto: app.nav, animated: false) }

        try app.root.popRouter(b, from: app.nav, animated: true)

        #expect(app.window.snapshot == [Layer(.root, ["Home", "A"])])
        #expect(tree(app.root) == "Root[A]")
        #expect(!b.interactor.isActive && !c.interactor.isActive && a.interactor.isActive)
        // This test still holds b and c, so the detector reports both as alive, off screen.
        #expect(
            Set(app.detector.leaks())
                == Set(
                    ["B", "C"].flatMap { name in
                        [Leak.Kind.router, .interactor, .viewController].map { Leak(name: name, kind: $0, reason: .stillAlive) }
                    }))
    }
}
