/// A presenter: the view side an interactor talks to.
public protocol Presentable: AnyObject {}

/// An interactor that owns its presenter (RIBs holds it strongly).
open class PresentableInteractor<PresenterType>: Interactor {
    /// The view side of the RIB.
    public let presenter: PresenterType
    /// The detector its router has, and the RIB's name, to expect the presenter to go when this interactor goes.
    private var presenterWatch: (detector: LeakDetector, ribName: String)?

    /// Creates the interactor with its presenter.
    public init(presenter: PresenterType) {
        self.presenter = presenter
        super.init()
    }

    deinit {
        // RIBs' `PresentableInteractor.deinit`: the presenter must follow the interactor out. (A presenter that is
        // a value has nothing to leak.)
        if let presenterWatch, type(of: presenter as Any) is AnyObject.Type {
            presenterWatch.detector.expectRelease(of: presenter as AnyObject, name: presenterWatch.ribName, kind: .presentable)
        }
    }

    override func leakDetectorDidChange(_ detector: LeakDetector?, ribName: String) {
        presenterWatch = detector.map { ($0, ribName) }
    }
}

/// A presenter that owns its view controller, for RIBs whose view logic is split out.
open class Presenter<ViewControllerType>: Presentable {
    /// The presenter's view controller.
    public let viewController: ViewControllerType

    /// Creates the presenter.
    public init(viewController: ViewControllerType) {
        self.viewController = viewController
    }
}
