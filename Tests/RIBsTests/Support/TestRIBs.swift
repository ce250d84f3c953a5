import HeadlessUI
import RIBs

/// An interactor that records its lifecycle hooks as "<name>.didBecomeActive" / "<name>.willResignActive".
final class RecordingInteractor: Interactor {
    let name: String
    let log: EventLog
    /// Runs inside `didBecomeActive`, to look at the tree at that moment.
    var onDidBecomeActive: (() -> Void)?
    /// Runs inside `willResignActive`, as app code that reacts to leaving (a listener told, a sibling detached).
    var onWillResignActive: (() -> Void)?

    init(name: String, log: EventLog) {
        self.name = name
        self.log = log
    }

    override func didBecomeActive() {
        log.record("\(name).didBecomeActive")
        onDidBecomeActive?()
    }

    override func willResignActive() {
        log.record("\(name).willResignActive")
        onWillResignActive?()
    }
}

/// A plain screen for a test RIB, named after it.
final class TestViewController: ViewController, ViewControllable {}

/// A viewless RIB that records "<name>.didLoad".
final class TestRouter: Router<RecordingInteractor> {
    private(set) var didLoadCount = 0

    init(_ name: String, log: EventLog) {
        super.init(interactor: RecordingInteractor(name: name, log: log), name: name)
    }

    override func didLoad() {
        didLoadCount += 1
        interactor.log.record("\(name).didLoad")
    }
}

/// A RIB with a view that records "<name>.didLoad".
final class TestViewableRouter: ViewableRouter<RecordingInteractor, TestViewController> {
    init(_ name: String, log: EventLog) {
        super.init(
            interactor: RecordingInteractor(name: name, log: log),
            viewController: TestViewController(screenName: name),
            name: name
        )
    }

    override func didLoad() {
        interactor.log.record("\(name).didLoad")
    }
}

/// A root RIB, launched from a window.
final class TestLaunchRouter: LaunchRouter<RecordingInteractor, TestViewController> {
    /// Runs inside `didLoad`, to look at the state at that moment.
    var onDidLoad: (() -> Void)?

    init(_ name: String = "Root", log: EventLog) {
        super.init(
            interactor: RecordingInteractor(name: name, log: log),
            viewController: TestViewController(screenName: name),
            name: name
        )
    }

    override func didLoad() {
        interactor.log.record("\(name).didLoad")
        onDidLoad?()
    }
}
