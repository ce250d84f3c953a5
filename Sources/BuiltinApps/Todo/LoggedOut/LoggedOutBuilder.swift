import HeadlessUI
import RIBs

/// What LoggedOut needs from Root.
protocol LoggedOutDependency: Dependency {}

/// Builds LoggedOut: the login screen Root presents full screen.
final class LoggedOutBuilder: Builder<any LoggedOutDependency> {
    func build(withListener listener: any LoggedOutListener) -> LoggedOutRouter {
        let viewController = LoggedOutViewController(screenName: "LoggedOut")
        let interactor = LoggedOutInteractor(presenter: viewController)
        interactor.listener = listener
        return LoggedOutRouter(interactor: interactor, viewController: viewController)
    }
}

/// LoggedOut's router: a leaf.
final class LoggedOutRouter: ViewableRouter<LoggedOutInteractor, LoggedOutViewController> {}

/// LoggedOut's screen.
final class LoggedOutViewController: ViewController, ViewControllable, Presentable {}
