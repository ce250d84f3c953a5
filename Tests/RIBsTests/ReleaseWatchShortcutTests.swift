import HeadlessUI
import RIBs
import Testing

/// A RIB whose presenter is its own view controller, as most RIBs' are.
private final class PanelViewController: ViewController, ViewControllable {}
private final class PanelInteractor: PresentableInteractor<PanelViewController> {}
private final class PanelRouter: ViewableRouter<PanelInteractor, PanelViewController> {
    init(_ name: String) {
        let controller = PanelViewController(screenName: name)
        super.init(interactor: PanelInteractor(presenter: controller), viewController: controller, name: name)
    }
}

/// A presenter that is a value: nothing of it can leak.
private struct ValuePresenter {}
private final class ValueInteractor: PresentableInteractor<ValuePresenter> {}

/// A presenter typed as a class-bound protocol, as RIBs apps usually declare it.
private protocol CardPresentable: AnyObject {}
private final class CardPresenter: CardPresentable {}
private final class CardInteractor: PresentableInteractor<any CardPresentable> {}

@Suite("LeakDetector: the shortcuts a release takes (the detach's parts, the presenter that is the view, a detector stopped)")
struct ReleaseWatchShortcutTests {
    @Test("a presenter that is its router's view controller, kept: reported once, as the view controller")
    func presenterIsTheViewController() throws {
        try expectReported([Leak(name: "Panel", kind: .viewController, reason: .stillAlive)], whileKeeping: { [$0.viewController] }) {
            PanelRouter("Panel")
        }
    }

    @Test("a presenter typed as a class-bound protocol, kept: still watched as the presenter")
    func existentialPresenter() throws {
        try expectReported([Leak(name: "Card", kind: .presentable, reason: .stillAlive)], whileKeeping: { [$0.interactor.presenter] }) {
            Router(interactor: CardInteractor(presenter: CardPresenter()), name: "Card")
        }
    }

    @Test("a presenter that is a value: its interactor's release expects nothing more")
    func valuePresenter() throws {
        let detector = LeakDetector()
        let root = detectingRoot(detector)
        do {
            let value = Router(interactor: ValueInteractor(presenter: ValuePresenter()), name: "Value")
            try root.attachChild(value)
            try root.detachChild(value)
        }

        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
    }

    @Test("a detach's record of the interactor withdrawn: the router's release expects the interactor again")
    func withdrawnPartIsWatchedAgain() throws {
        let detector = LeakDetector()
        let root = detectingRoot(detector)
        var kept: [AnyObject] = []
        do {
            let child = TestViewableRouter("Child", log: EventLog())
            try root.attachChild(child)
            try root.detachChild(child)
            detector.cancelExpectations(forObjectsWith: [ObjectIdentifier(child.interactor)])
            kept.append(child.interactor)
        }

        #expect(detector.leaks() == [Leak(name: "Child", kind: .interactor, reason: .stillAlive)])
        kept.removeAll()
        #expect(detector.leaks().isEmpty)
    }

    @Test("a detector stopped: a tree dropped whole, or a detach, records nothing, whatever is kept")
    func stoppedDetectorRecordsNothing() throws {
        let detector = LeakDetector()
        var kept: [AnyObject] = []
        do {
            let root = detectingRoot(detector)
            let first = TestViewableRouter("First", log: EventLog())
            let second = TestViewableRouter("Second", log: EventLog())
            try root.attachChild(first)
            try root.attachChild(second)
            detector.stopWatching()
            try root.detachChild(first)
            kept = [first.interactor, second.interactor, second.viewController]
        }

        withExtendedLifetime(kept) {
            #expect(detector.leaks().isEmpty)
            #expect(detector.hasPendingExpectations == false)
        }
    }
}
