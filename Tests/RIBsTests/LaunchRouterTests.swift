import HeadlessUI
import RIBs
import TestSupport
import Testing

@Suite("LaunchRouter.launch(from:)")
struct LaunchRouterTests {
    @Test("launch sets the window's root, makes it key and visible, activates the interactor, then loads")
    func launchOrder() {
        let log = EventLog()
        let window = Window()
        let root = TestLaunchRouter(log: log)
        root.interactor.onDidBecomeActive = { [unowned window, unowned root] in
            log.record("rootSet=\(window.rootViewController === root.viewController) key=\(window.isKeyWindow)")
        }
        root.onDidLoad = { [unowned root] in log.record("activeAtLoad=\(root.interactor.isActive)") }

        root.launch(from: window)

        #expect(log.events == ["Root.didBecomeActive", "rootSet=true key=true", "Root.didLoad", "activeAtLoad=true"])
        #expect(window.rootViewController === root.viewController)
        #expect(window.isKeyWindow)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
        #expect(root.viewController.isOnScreen)
        #expect(root.leakDetector == nil)
    }

    @Test("launch with a leak detector hands it to the root and points it at the window")
    func launchWithLeakDetector() {
        let window = Window()
        let detector = LeakDetector()
        let root = TestLaunchRouter(log: EventLog())

        root.launch(from: window, leakDetector: detector)

        #expect(root.leakDetector === detector)
        #expect(detector.window === window)
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
    }

    @Test("children attached at didLoad are active and loaded when launch returns")
    func childrenAttachedAtDidLoad() {
        let log = EventLog()
        let root = TestLaunchRouter(log: log)
        let child = TestRouter("Child", log: log)
        root.onDidLoad = { [unowned root] in
            do { try root.attachChild(child) } catch { Issue.record(error) }
        }

        root.launch(from: Window())

        #expect(log.events == ["Root.didBecomeActive", "Root.didLoad", "Child.didBecomeActive", "Child.didLoad"])
        #expect(tree(root) == "Root[Child]")
    }
}
