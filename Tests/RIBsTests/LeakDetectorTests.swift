import HeadlessUI
import RIBs
import TestSupport
import Testing

@Suite("LeakDetector: what a detach leaves behind")
struct LeakDetectorTests {
    /// A root launched with a detector; children inherit it on attach.
    private func launch() -> (Window, TestLaunchRouter, LeakDetector) {
        let window = Window()
        let detector = LeakDetector()
        let root = TestLaunchRouter(log: EventLog())
        root.launch(from: window, leakDetector: detector)
        return (window, root, detector)
    }

    /// A launched root with Leaf attached, presented full screen, and its interactor resigned: a leak on screen.
    private func launchWithResignedLeafShown() throws -> (Window, TestLaunchRouter, LeakDetector, TestViewableRouter) {
        let (window, root, detector) = launch()
        let leaf = TestViewableRouter("Leaf", log: EventLog())
        try root.attachChild(leaf)
        try root.viewController.present(leaf.viewController, animated: true, style: .fullScreen)
        leaf.interactor.deactivate()
        #expect(detector.leaks() == [Leak(name: "Leaf", kind: .viewController, reason: .stillOnScreen)])
        return (window, root, detector, leaf)
    }

    private func stillAlive(_ name: String) -> [Leak] {
        [
            Leak(name: name, kind: .router, reason: .stillAlive),
            Leak(name: name, kind: .interactor, reason: .stillAlive),
            Leak(name: name, kind: .viewController, reason: .stillAlive),
        ]
    }

    @Test("children inherit the root's detector when attached, grandchildren included")
    func childrenInheritDetector() throws {
        let (_, root, detector) = launch()
        let child = TestViewableRouter("Child", log: EventLog())
        let grandchild = TestViewableRouter("Grandchild", log: EventLog())
        try child.attachChild(grandchild)
        #expect(child.leakDetector == nil && grandchild.leakDetector == nil)

        try root.attachChild(child)

        #expect(child.leakDetector === detector)
        #expect(grandchild.leakDetector === detector)
    }

    @Test("a detached child that nothing else holds is released: no leaks, nothing pending")
    func releasedChildNoLeaks() throws {
        let (_, root, detector) = launch()
        weak var weakViewController: TestViewController?
        do {
            let child = TestViewableRouter("Child", log: EventLog())
            weakViewController = child.viewController
            try root.attachChild(child)
            try root.detachChild(child)
        }

        #expect(weakViewController == nil)
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
        #expect(tree(root) == "Root")
    }

    @Test("a detached router still held (a leaking parent property) lists router, interactor and view controller as stillAlive")
    func heldRouterLeaks() throws {
        let (_, root, detector) = launch()
        var leakingProperty: TestViewableRouter? = TestViewableRouter("Child", log: EventLog())
        try root.attachChild(leakingProperty!)
        try root.detachChild(leakingProperty!)

        #expect(detector.leaks() == stillAlive("Child"))
        #expect(detector.hasPendingExpectations)

        leakingProperty = nil
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
    }

    @Test("a lasting leak is new once: newlyReported counts the leaks a leaks() call returns for the first time")
    func lastingLeakIsNewOnce() throws {
        let (_, root, detector) = launch()
        let first = TestViewableRouter("First", log: EventLog())
        let second = TestViewableRouter("Second", log: EventLog())
        try root.attachChild(first)
        try root.detachChild(first)
        #expect(detector.leaks() == stillAlive("First"))
        #expect(detector.newlyReported == 3)
        #expect(detector.leaks() == stillAlive("First"))
        #expect(detector.newlyReported == 0)

        try root.attachChild(second)
        try root.detachChild(second)
        #expect(detector.leaks() == stillAlive("First") + stillAlive("Second"))
        #expect(detector.newlyReported == 3)
        // Attached again and detached again: a new expectation, so found again.
        try root.attachChild(first)
        try root.detachChild(first)
        #expect(detector.leaks() == stillAlive("Second") + stillAlive("First"))
        #expect(detector.newlyReported == 3)
    }

    @Test("detaching a held child expects its whole subtree to go, parents first")
    func heldSubtreeLeaks() throws {
        let (_, root, detector) = launch()
        let child = TestViewableRouter("Child", log: EventLog())
        try root.attachChild(child)
        try child.attachChild(TestViewableRouter("Grandchild", log: EventLog()))

        try root.detachChild(child)

        #expect(detector.leaks() == stillAlive("Child") + stillAlive("Grandchild"))
    }

    @Test("a grandchild detached by a child that inherited the detector is watched too")
    func inheritedDetectorWatchesGrandchildren() throws {
        let (_, root, detector) = launch()
        let child = TestViewableRouter("Child", log: EventLog())
        try root.attachChild(child)
        let grandchild = TestViewableRouter("Grandchild", log: EventLog())
        try child.attachChild(grandchild)

        try child.detachChild(grandchild)

        #expect(detector.leaks() == stillAlive("Grandchild"))
    }

    @Test("a detached RIB whose view was never dismissed: its view controller leaks with stillOnScreen")
    func undismissedViewLeaks() throws {
        let (window, root, detector) = launch()
        do {
            let child = TestViewableRouter("Child", log: EventLog())
            try root.attachChild(child)
            try root.viewController.present(child.viewController, animated: true, style: .fullScreen)
            try root.detachChild(child)
        }

        #expect(detector.leaks() == [Leak(name: "Child", kind: .viewController, reason: .stillOnScreen)])
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Child"])])

        try root.viewController.dismiss(animated: true)
        #expect(detector.leaks().isEmpty)
    }

    @Test("an attached RIB whose interactor resigned while its view stays up: the view leaks with stillOnScreen until it is active again")
    func deactivatedButShown() throws {
        let (window, root, detector) = launch()
        let middle = TestRouter("Middle", log: EventLog())
        let leaf = TestViewableRouter("Leaf", log: EventLog())
        try root.attachChild(middle)
        try middle.attachChild(leaf)
        try root.viewController.present(leaf.viewController, animated: true, style: .fullScreen)

        middle.interactor.deactivate()

        // RIBs' viewable router: "appearance has leaked" for a view left up by an inactive RIB; it is alive, as
        // an attached RIB should be.
        #expect(!leaf.interactor.isActive)
        #expect(detector.leaks() == [Leak(name: "Leaf", kind: .viewController, reason: .stillOnScreen)])
        #expect(detector.newlyReported == 1)
        #expect(detector.leaks() == [Leak(name: "Leaf", kind: .viewController, reason: .stillOnScreen)])
        #expect(detector.newlyReported == 0)

        middle.interactor.activate()
        #expect(leaf.interactor.isActive)
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
        #expect(tree(root) == "Root[Middle[Leaf]]")
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Leaf"])])
    }

    @Test("an attached RIB whose interactor resigned and whose view left the screen: no leak, though it lives")
    func deactivatedAndHidden() throws {
        let (window, root, detector, _) = try launchWithResignedLeafShown()

        try root.viewController.dismiss(animated: true)

        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
        #expect(window.snapshot == [Layer(.root, ["Root"])])
        #expect(tree(root) == "Root[Leaf]")
    }

    @Test("a RIB that app code detaches and lets go while its subtree resigns goes after the subtree has heard, not during")
    func releasedWhileItsSubtreeResigns() throws {
        let (window, root, detector) = launch()
        weak var weakMiddle: TestViewableRouter?
        let interactor: RecordingInteractor
        do {
            let middle = TestViewableRouter("Middle", log: EventLog())
            try root.attachChild(middle)
            try root.viewController.present(middle.viewController, animated: true, style: .fullScreen)
            for name in ["First", "Second"] { try middle.attachChild(TestRouter(name, log: EventLog())) }
            // As Middle resigns, First's listener chain routes Middle away: the root held it alone.
            (middle.children[0] as? TestRouter)?.interactor.onWillResignActive = { [unowned root, weak middle] in
                if let middle { try? root.detachChild(middle) }
            }
            interactor = middle.interactor
            weakMiddle = middle
        }

        interactor.deactivate()

        #expect(weakMiddle == nil)
        #expect(tree(root) == "Root")
        // The test still holds the interactor; the view is still presented.
        #expect(
            detector.leaks() == [
                Leak(name: "Middle", kind: .interactor, reason: .stillAlive),
                Leak(name: "Middle", kind: .viewController, reason: .stillOnScreen),
            ])
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Middle"])])
    }

    @Test("a RIB deactivated, then detached while held: listed once per object, in the detach's order")
    func deactivatedThenDetached() throws {
        let (_, root, detector) = launch()
        let leaf = TestViewableRouter("Leaf", log: EventLog())
        try root.attachChild(leaf)
        leaf.interactor.deactivate()
        #expect(detector.leaks().isEmpty)

        try root.detachChild(leaf)

        #expect(detector.leaks() == stillAlive("Leaf"))
        #expect(detector.newlyReported == 3)
    }

    @Test("a sibling deactivated by app code during a detach, its view up: still checked, and reported")
    func siblingDeactivatedDuringDetach() throws {
        let (window, root, detector) = launch()
        let shown = TestViewableRouter("Shown", log: EventLog())
        let leaving = TestViewableRouter("Leaving", log: EventLog())
        try root.attachChild(shown)
        try root.attachChild(leaving)
        try root.viewController.present(shown.viewController, animated: true, style: .fullScreen)
        leaving.interactor.onWillResignActive = { [unowned shown] in shown.interactor.deactivate() }

        try root.detachChild(leaving)

        // Shown is attached, inactive, and its view is up (Leaving is listed too: the test holds it).
        #expect(detector.leaks() == [Leak(name: "Shown", kind: .viewController, reason: .stillOnScreen)] + stillAlive("Leaving"))
        #expect(tree(root) == "Root[Shown]")
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Shown"])])
    }

    @Test("a RIB deactivated while its detached parent was active again keeps its check when the parent is re-attached")
    func reattachKeepsADueCheck() throws {
        let (window, root, detector) = launch()
        let middle = TestRouter("Middle", log: EventLog())
        let leaf = TestViewableRouter("Leaf", log: EventLog())
        try root.attachChild(middle)
        try middle.attachChild(leaf)
        try root.viewController.present(leaf.viewController, animated: true, style: .fullScreen)
        try root.detachChild(middle)
        middle.interactor.activate()
        leaf.interactor.deactivate()

        try root.attachChild(middle)

        #expect(leaf.interactor.isActive == false)
        #expect(detector.leaks() == [Leak(name: "Leaf", kind: .viewController, reason: .stillOnScreen)])
        // Active again: the check is withdrawn.
        leaf.interactor.activate()
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
        #expect(tree(root) == "Root[Middle[Leaf]]")
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Leaf"])])
    }

    @Test("a view reported on screen, then its RIB detached while held: its record counts as new once")
    func reportedThenDetached() throws {
        let (window, root, detector, leaf) = try launchWithResignedLeafShown()
        #expect(detector.newlyReported == 1)

        try root.detachChild(leaf)

        #expect(
            detector.leaks() == [
                Leak(name: "Leaf", kind: .router, reason: .stillAlive),
                Leak(name: "Leaf", kind: .interactor, reason: .stillAlive),
                Leak(name: "Leaf", kind: .viewController, reason: .stillOnScreen),
            ])
        #expect(detector.newlyReported == 2)
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Leaf"])])
    }

    @Test("many held routers (past the detector's short list): each is listed once, re-attaching and releasing take the right ones out")
    func manyHeldRouters() throws {
        let (_, root, detector) = launch()
        var held = (0..<10).map { TestViewableRouter("Child\($0)", log: EventLog()) }
        for child in held { try root.attachChild(child) }
        for child in held { try root.detachChild(child) }
        // Detaching again is refused, and expecting the same objects twice keeps one record each.
        for child in held { detector.expectRelease(of: [child]) }
        #expect(detector.leaks() == (0..<10).flatMap { stillAlive("Child\($0)") })

        try root.attachChild(held[3])
        held.remove(at: 7)
        held.remove(at: 0)

        #expect(detector.leaks() == [1, 2, 4, 5, 6, 8, 9].flatMap { stillAlive("Child\($0)") })
        held.removeAll { $0.name != "Child3" }
        #expect(detector.leaks().isEmpty)
        #expect(tree(root) == "Root[Child3]")
    }

    @Test(
        "attach and detach without a leaks() between (a history replay): released RIBs leave nothing, a held one among them is listed once and re-attaching it cancels"
    )
    func replayWithoutLeaksCalls() throws {
        let (_, root, detector) = launch()
        func cycle(_ count: Int) throws {
            for index in 0..<count {
                let page = TestViewableRouter("Page\(index)", log: EventLog())
                try root.attachChild(page)
                try root.detachChild(page)
            }
        }
        let held = TestViewableRouter("Held", log: EventLog())
        try cycle(40)
        try root.attachChild(held)
        try root.detachChild(held)
        try cycle(40)  // records of released pages pile up beside the held one's, which must survive them
        #expect(detector.hasPendingExpectations)
        #expect(detector.leaks() == stillAlive("Held"))

        try cycle(40)
        try root.attachChild(held)
        try cycle(40)
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
        #expect(tree(root) == "Root[Held]")
    }

    @Test("re-attaching a detached router cancels its expectations")
    func reattachCancels() throws {
        let (_, root, detector) = launch()
        let child = TestViewableRouter("Child", log: EventLog())
        try root.attachChild(child)
        try root.detachChild(child)
        #expect(detector.leaks() == stillAlive("Child"))

        try root.attachChild(child)

        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
        #expect(tree(root) == "Root[Child]")
    }

    @Test("without a detector at launch, detaches are not watched: a detached RIB kept alive is nobody's report")
    func noDetector() throws {
        let root = TestLaunchRouter(log: EventLog())
        root.launch(from: Window())
        let child = TestViewableRouter("Child", log: EventLog())
        try root.attachChild(child)
        #expect(child.leakDetector == nil)

        try root.detachChild(child)

        // Still referenced here, which a watching detector would report (`stillAlive("Child")` above); without
        // one, nothing was registered to report it, and the tree is as a detach leaves it.
        #expect(child.leakDetector == nil)
        #expect(child.interactable.isActive == false)
        #expect(tree(root) == "Root")
    }

    /// An interactor that is not an `Interactor`: it cannot tell the detector of its `deinit`.
    private final class PlainInteractor: Interactable {
        var isActive = false
        func activate() { isActive = true }
        func deactivate() { isActive = false }
        func observeActiveState(_ observer: @escaping (Bool) -> Void) -> ActiveStateObservation {
            Interactor().observeActiveState(observer)
        }
    }

    private final class Thing {}

    /// An object of a size nothing else here allocates, so the allocator gives its address to the next one.
    private final class Bulky {
        var words: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    @Test("objects that cannot report their deinit (any class, an Interactable that is not an Interactor) are watched weakly")
    func nonReportingObjects() {
        let detector = LeakDetector()
        var thing: Thing? = Thing()
        var interactor: PlainInteractor? = PlainInteractor()
        var router: Router<PlainInteractor>? = Router(interactor: interactor!, name: "Plain")
        interactor = nil
        detector.expectRelease(of: thing!, name: "Thing", kind: .presentable)
        detector.expectRelease(of: [router!])

        #expect(
            detector.leaks() == [
                Leak(name: "Thing", kind: .presentable, reason: .stillAlive),
                Leak(name: "Plain", kind: .router, reason: .stillAlive),
                Leak(name: "Plain", kind: .interactor, reason: .stillAlive),
            ])
        router = nil
        #expect(detector.leaks() == [Leak(name: "Thing", kind: .presentable, reason: .stillAlive)])
        thing = nil
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
    }

    /// A replay applies events with no render between them, so records of objects that went stay listed until
    /// the next `leaks()`; the live path drops them at every render. Both must list the leaks in one order, or
    /// the replay renders another state.
    @Test("a new object at the address of one that went is listed last, with or without a leaks() between")
    func reuseKeepsTheOrderOfTheLivePath() throws {
        let replayed = LeakDetector(), rendered = LeakDetector()
        let other = Bulky()
        var first: Bulky? = Bulky()
        let firstID = ObjectIdentifier(first!)
        for detector in [replayed, rendered] {
            detector.expectRelease(of: first!, name: "First", kind: .presentable)
            detector.expectRelease(of: other, name: "Other", kind: .presentable)
        }
        first = nil
        _ = rendered.leaks()
        // The allocator hands the freed address out again, usually at once (nothing else in between asks for a
        // block of a `Bulky`'s size); the misses stay alive meanwhile.
        var misses: [Bulky] = []
        var second: Bulky?
        while second == nil, misses.count < 100 {
            let candidate = Bulky()
            if ObjectIdentifier(candidate) == firstID { second = candidate } else { misses.append(candidate) }
        }
        // An allocator that holds freed blocks back (ThreadSanitizer's) cannot show this; glibc's hands the
        // address back at once.
        guard let reused = second else { return }
        for detector in [replayed, rendered] { detector.expectRelease(of: reused, name: "Second", kind: .presentable) }
        let expected = [
            Leak(name: "Other", kind: .presentable, reason: .stillAlive), Leak(name: "Second", kind: .presentable, reason: .stillAlive),
        ]
        #expect(rendered.leaks() == expected)
        #expect(replayed.leaks() == expected)
    }

    @Test("an object that went is not pending, whether or not a leaks() dropped its record since")
    func goneIsNotPending() {
        let replayed = LeakDetector(), rendered = LeakDetector()
        var thing: Thing? = Thing()
        let id = ObjectIdentifier(thing!)
        for detector in [replayed, rendered] { detector.expectRelease(of: thing!, name: "Thing", kind: .presentable) }
        #expect(replayed.cancelExpectations(forObjectsWith: [id]))
        for detector in [replayed, rendered] { detector.expectRelease(of: thing!, name: "Thing", kind: .presentable) }
        thing = nil
        _ = rendered.leaks()
        #expect(!rendered.cancelExpectations(forObjectsWith: [id]))
        #expect(!replayed.cancelExpectations(forObjectsWith: [id]))
    }

    @Test("an object released while expected and a new one at the same address: the new one is watched afresh")
    func identifierReuse() {
        let detector = LeakDetector()
        for round in 0..<50 {
            // Released at the end of each round; the allocator tends to hand the next round the same address.
            let controller = ViewController(screenName: "S\(round)")
            detector.expectRelease(of: controller, name: "S\(round)", kind: .viewController)
            #expect(detector.leaks() == [Leak(name: "S\(round)", kind: .viewController, reason: .stillAlive)])
        }
        #expect(detector.leaks().isEmpty)
    }

    @Test("two detectors watching the same objects: the first is told of their deinit, the second watches weakly; both see them go")
    func twoDetectors() {
        let first = LeakDetector()
        let second = LeakDetector()
        var controller: ViewController? = ViewController(screenName: "S")
        var interactor: Interactor? = Interactor()
        for detector in [first, second] {
            detector.expectRelease(of: controller!, name: "S", kind: .viewController)
            detector.expectRelease(of: interactor!, name: "S", kind: .interactor)
        }
        let expected = [
            Leak(name: "S", kind: .viewController, reason: .stillAlive),
            Leak(name: "S", kind: .interactor, reason: .stillAlive),
        ]
        #expect(first.leaks() == expected)
        #expect(second.leaks() == expected)
        #expect(controller!.reportDeinit(to: first))
        #expect(controller!.reportDeinit(to: second) == false)

        controller = nil
        interactor = nil

        #expect(first.leaks().isEmpty)
        #expect(second.leaks().isEmpty)
        #expect(first.hasPendingExpectations == false && second.hasPendingExpectations == false)
    }
}
