/// A presenter: the view side an interactor talks to.
public protocol Presentable: AnyObject {}

/// An interactor that owns its presenter (RIBs holds it strongly).
open class PresentableInteractor<PresenterType>: Interactor {
    /// The view side of the RIB.
    public let presenter: PresenterType

    /// Creates the interactor with its presenter.
    public init(presenter: PresenterType) {
        self.presenter = presenter
        super.init()
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
