import Flows
import HeadlessUI
import Testing

/// A screen that logs viewDidDisappear, to place its dismissal among its calls.
private final class DisappearingScreen: ViewController {
    private let log: EventLog

    init(_ name: String, log: EventLog) {
        self.log = log
        super.init(screenName: name)
    }

    override func viewDidDisappear(_ animated: Bool) { log.record("\(screenName) viewDidDisappear") }
}

/// The windows a test shows, kept for the whole test: a window that goes takes its screens out of it.
private final class Windows {
    var kept: [Window] = []
}

@Suite("observeDismissal: RxFlow's rx.dismissed, told once a controller (a flow: its root) leaves the window")
struct DismissalSignalTests {
    private let windows = Windows()

    /// A visible window whose root is `root`, kept until the test ends.
    private func window(showing root: ViewController) -> Window {
        let window = Window()
        window.rootViewController = root
        window.makeKeyAndVisible()
        windows.kept.append(window)
        return window
    }

    /// Observes each of `presentables`, logging `Name dismissed`.
    private func observe(_ presentables: [any FlowPresentable], log: EventLog) -> [DismissalObservation] {
        presentables.map { presentable in
            let name = presentable.presentableController.screenName
            return presentable.observeDismissal { log.record("\(name) dismissed") }
        }
    }

    /// A stack of the given screens, bottom first, as the root of a visible window.
    private func shownStack(_ names: [String]) throws -> (NavigationController, [ViewController]) {
        let stack = NavigationController()
        let screens = names.map { ViewController(screenName: $0) }
        for screen in screens { try stack.push(screen, animated: false) }
        _ = window(showing: stack)
        return (stack, screens)
    }

    @Test("a pop tells the popped screen at once, before it hears viewDidDisappear; the one it uncovers is not told")
    func pop() throws {
        let log = EventLog()
        let stack = NavigationController()
        let home = DisappearingScreen("Home", log: log)
        let detail = DisappearingScreen("Detail", log: log)
        try stack.push(home, animated: false)
        try stack.push(detail, animated: false)
        _ = window(showing: stack)
        let observations = observe([home, detail], log: log)
        log.clear()

        try stack.pop(animated: true)

        #expect(log.events == ["Detail dismissed", "Detail viewDidDisappear"])
        #expect(observations.map(\.isActive) == [true, false])
    }

    @Test("covered by a push, then by a full-screen presentation: still in the window, not told")
    func covered() throws {
        let log = EventLog()
        let (stack, screens) = try shownStack(["Home", "Detail"])
        let observations = observe(screens + [stack], log: log)

        try stack.push(ViewController(screenName: "Over"), animated: true)
        try stack.present(ViewController(screenName: "Cover"), animated: true, style: .fullScreen)

        #expect(screens.allSatisfy { !$0.isVisible && $0.isOnScreen })
        #expect(log.events == [])
        #expect(observations.allSatisfy { $0.isActive })
        #expect(stack.window?.layers.count == 2)
    }

    @Test("a swipe back over several screens tells each, top first, the covered one too")
    func swipeBackOverSeveral() throws {
        let log = EventLog()
        let (stack, screens) = try shownStack(["Home", "A", "B"])
        let observations = observe(screens, log: log)

        try stack.userDidPop(to: screens[0])

        #expect(log.events == ["B dismissed", "A dismissed"])
        #expect(observations.map(\.isActive) == [true, false, false])
    }

    @Test("a new stack tells the screens it leaves out")
    func newStack() throws {
        let log = EventLog()
        let (stack, screens) = try shownStack(["Home", "A"])
        let observations = observe(screens, log: log)

        try stack.setViewControllers([screens[0], ViewController(screenName: "C")], animated: true)

        #expect(log.events == ["A dismissed"])
        #expect(observations.map(\.isActive) == [true, false])
    }

    @Test("a dismissed modal stack tells itself and every screen it held, the covered one too (RxFlow misses that one)")
    func dismissedModalStack() throws {
        let log = EventLog()
        let (stack, screens) = try shownStack(["Home"])
        let modal = NavigationController()
        let sheets = [ViewController(screenName: "Sheet1"), ViewController(screenName: "Sheet2")]
        for sheet in sheets { try modal.push(sheet, animated: false) }
        try stack.present(modal, animated: true)
        let observations = observe([modal] + sheets + screens, log: log)

        try sheets[1].dismiss(animated: true)

        #expect(log.events == ["NavigationController dismissed", "Sheet1 dismissed", "Sheet2 dismissed"])
        #expect(observations.map(\.isActive) == [false, false, false, true])
    }

    @Test("the window's root replaced, or the window gone: everything that hung from the root is told")
    func windowRootGone() throws {
        let log = EventLog()
        let root = ViewController(screenName: "Root")
        let child = ViewController(screenName: "Child")
        root.addChild(child)
        child.didMove(toParent: root)
        let cover = ViewController(screenName: "Cover")
        let shown = window(showing: root)
        try root.present(cover, animated: true, style: .fullScreen)
        let first = observe([root, child, cover], log: log)

        shown.rootViewController = ViewController(screenName: "Other")

        #expect(log.events == ["Root dismissed", "Child dismissed", "Cover dismissed"])
        #expect(first.allSatisfy { !$0.isActive })
        log.clear()

        var going: Window? = Window()
        going?.rootViewController = root
        going?.makeKeyAndVisible()
        let second = observe([root, child, cover], log: log)
        #expect(root.isOnScreen && child.isOnScreen && cover.isVisible)
        going = nil

        #expect(log.events == ["Root dismissed", "Child dismissed", "Cover dismissed"])
        #expect(second.allSatisfy { !$0.isActive })
    }

    @Test("told once: shown again and popped again, the observation has said it already")
    func once() throws {
        let log = EventLog()
        let (stack, screens) = try shownStack(["Home", "Detail"])
        let observation = observe([screens[1]], log: log)

        try stack.pop(animated: true)
        try stack.push(screens[1], animated: true)
        try stack.pop(animated: true)

        #expect(log.events == ["Detail dismissed"])
        #expect(observation.map(\.isActive) == [false])
    }

    @Test("an observer that observes again from its callback is told at the next dismissal")
    func observeAgain() throws {
        let log = EventLog()
        let (stack, screens) = try shownStack(["Home", "Detail"])
        var renewed: DismissalObservation?
        let first = screens[1].observeDismissal {
            log.record("first")
            renewed = screens[1].observeDismissal { log.record("second") }
        }

        try stack.pop(animated: true)
        try stack.push(screens[1], animated: true)
        try stack.pop(animated: true)

        #expect(log.events == ["first", "second"])
        #expect(!first.isActive && renewed?.isActive == false)
    }

    @Test("a cancelled observation, and one released, are not told")
    func cancelledAndReleased() throws {
        let log = EventLog()
        let (stack, screens) = try shownStack(["Home", "Detail"])
        let cancelled = observe([screens[1]], log: log)[0]
        cancelled.cancel()
        _ = screens[1].observeDismissal { log.record("released observation told") }

        try stack.pop(animated: true)

        #expect(log.events == [])
        #expect(!cancelled.isActive)
    }

    @Test("observed before it is shown: told when it leaves the window it came into; a pop in no window tells nothing")
    func observedBeforeShown() throws {
        let log = EventLog()
        let (stack, _) = try shownStack(["Home"])
        let detail = ViewController(screenName: "Detail")
        let loose = try NavigationController(rootViewController: ViewController(screenName: "LooseRoot"))
        let looseTop = ViewController(screenName: "LooseTop")
        let observations = observe([detail, looseTop], log: log)

        try stack.push(detail, animated: true)
        try stack.pop(animated: true)
        try loose.push(looseTop, animated: true)
        try loose.pop(animated: true)

        #expect(log.events == ["Detail dismissed"])
        #expect(observations.map(\.isActive) == [false, true])
    }

    @Test("moved to another container: in the same window, not told; into one in no window, told")
    func moved() throws {
        let log = EventLog()
        let root = ViewController(screenName: "Root")
        let left = ViewController(screenName: "Left")
        let right = ViewController(screenName: "Right")
        for container in [left, right] { root.addChild(container) }
        let panel = ViewController(screenName: "Panel")
        left.addChild(panel)
        _ = window(showing: root)
        let observation = observe([panel], log: log)[0]

        right.addChild(panel)
        #expect(log.events == [])
        #expect(observation.isActive && panel.parent === right)

        ViewController(screenName: "Elsewhere").addChild(panel)
        #expect(log.events == ["Panel dismissed"])
        #expect(!observation.isActive)
    }

    @Test("a flow's observation is its root's: its modal stack swiped down tells it, and the screen on it")
    func flowRoot() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                .one(
                    flowContributor: .contribute(
                        withNextPresentable: ModalFlow(presentingFrom: flow.stack, log: flow.log),
                        withNextStepper: OneStepper(withSingleStep: TestStep.start)))
            }
        }
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        let modal = try #require(app.coordinator.root?.childFlows.first?.flow)
        let log = EventLog()
        let observations =
            [
                modal.observeDismissal { log.record("ModalFlow dismissed") },
                app.flow.observeDismissal { log.record("HomeFlow dismissed") },
            ] + observe([try app.screen("Sheet")], log: log)

        try #require(app.window.layers.last).controller.userDidDismissInteractively()

        #expect(log.events == ["ModalFlow dismissed", "Sheet dismissed"])
        #expect(observations.map(\.isActive) == [false, true, false])
    }
}
