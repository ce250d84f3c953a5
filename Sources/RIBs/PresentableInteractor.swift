import HeadlessUI

/// A presenter: the view side an interactor talks to.
public protocol Presentable: AnyObject {}

/// An interactor that owns its presenter (RIBs holds it strongly).
open class PresentableInteractor<PresenterType>: Interactor {
    /// The view side of the RIB.
    public let presenter: PresenterType
    /// The presenter as an object, nil when it is a value (which has nothing to leak). Found in `init`, where the
    /// caller's concrete presenter type lets the optimizer drop the casts; in `deinit` they are the runtime's
    /// generic casts, which cost more than the rest of a push and pop's release.
    private let presenterObject: AnyObject?
    /// The detector its router has, and the RIB's name, to expect the presenter to go when this interactor goes.
    private var presenterWatch: (detector: LeakDetector, ribName: String)?

    /// Creates the interactor with its presenter.
    public init(presenter: PresenterType) {
        self.presenter = presenter
        presenterObject = Self.object(presenter)
        super.init()
    }

    deinit {
        // RIBs' `PresentableInteractor.deinit`: the presenter must follow the interactor out.
        if let presenterWatch, let presenterObject {
            presenterWatch.detector.expectReleaseIfUnexpected(of: presenterObject, name: presenterWatch.ribName, kind: .presentable)
        }
    }

    /// `presenter` as an object when its type is a class (a class-bound existential's too); nil for a value, which
    /// a plain `as? AnyObject` would box instead.
    private static func object(_ presenter: PresenterType) -> AnyObject? {
        guard type(of: presenter as Any) is AnyObject.Type else { return nil }
        switch presenter as Any {
        case let object as AnyObject: return object
        default: return nil
        }
    }

    override func leakDetectorDidChange(_ detector: LeakDetector?, ribName: String, viewController: ViewController?) {
        // A presenter that is its router's view controller (the usual RIB) needs no watch of its own: the router's
        // release expects that controller (a detach did already), and the router, which holds this interactor,
        // goes first.
        guard let detector, let presenterObject, presenterObject !== viewController else {
            presenterWatch = nil
            return
        }
        presenterWatch = (detector, ribName)
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
