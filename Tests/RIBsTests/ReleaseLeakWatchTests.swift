import HeadlessUI
import RIBs
import Testing

private final class CardPresenter: Presentable {}

private final class CardInteractor: PresentableInteractor<CardPresenter> {}

@Suite("LeakDetector: what a router's or a presentable interactor's release expects, as RIBs watches it")
struct ReleaseLeakWatchTests {
    @Test("a tree dropped whole while something keeps a child's interactor: that interactor is reported, nothing else")
    func droppedTreeKeptInteractor() throws {
        let detector = LeakDetector()
        var kept: [AnyObject] = []
        do {
            let root = detectingRoot(detector)
            let child = TestViewableRouter("Child", log: EventLog())
            try root.attachChild(child)
            kept.append(child.interactor)
        }

        #expect(detector.leaks() == [Leak(name: "Child", kind: .interactor, reason: .stillAlive)])

        kept.removeAll()
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
    }

    @Test("a viewable router released while its view controller is kept: the view controller is reported")
    func releasedRouterKeptViewController() {
        let detector = LeakDetector()
        var kept: [AnyObject] = []
        do {
            let root = detectingRoot(detector)
            kept.append(root.viewController)
        }

        #expect(detector.leaks() == [Leak(name: "Root", kind: .viewController, reason: .stillAlive)])
        kept.removeAll()
        #expect(detector.leaks().isEmpty)
    }

    @Test("a tree dropped whole with nothing kept: no leaks, nothing pending")
    func droppedTreeNothingKept() throws {
        let detector = LeakDetector()
        weak var weakChild: TestViewableRouter?
        do {
            let root = detectingRoot(detector)
            let child = TestViewableRouter("Child", log: EventLog())
            weakChild = child
            try root.attachChild(child)
        }

        #expect(weakChild == nil)
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
    }

    @Test("a detached router released: each part reported once, in the detach's order, however the release adds to it")
    func detachedThenReleasedReportsOnce() throws {
        let detector = LeakDetector()
        let root = detectingRoot(detector)
        var kept: [AnyObject] = []
        do {
            let child = TestViewableRouter("Child", log: EventLog())
            try root.attachChild(child)
            try root.detachChild(child)
            kept = [child.interactor, child.viewController]
        }

        #expect(
            detector.leaks() == [
                Leak(name: "Child", kind: .interactor, reason: .stillAlive),
                Leak(name: "Child", kind: .viewController, reason: .stillAlive),
            ])
        kept.removeAll()
        #expect(detector.leaks().isEmpty)
    }

    @Test("a presentable interactor released while its presenter is kept: the presenter is reported under its RIB's name")
    func keptPresenter() throws {
        try expectReported([Leak(name: "Card", kind: .presentable, reason: .stillAlive)], whileKeeping: { [$0.interactor.presenter] }) {
            Router(interactor: CardInteractor(presenter: CardPresenter()), name: "Card")
        }
    }

    @Test("the presenter is expected only once its interactor goes, as RIBs' PresentableInteractor.deinit expects it")
    func presenterExpectedAtInteractorRelease() throws {
        // The interactor holds the presenter: only the interactor is reported.
        try expectReported([Leak(name: "Card", kind: .interactor, reason: .stillAlive)], whileKeeping: { [$0.interactor] }) {
            Router(interactor: CardInteractor(presenter: CardPresenter()), name: "Card")
        }
    }
}
