import AppHosting
import HeadlessUI
import RIBs

/// What Home needs from HomeFlow.
protocol HomeDependency: Dependency {}

/// Builds Home for the logged-in user.
final class HomeBuilder: Builder<any HomeDependency> {
    func build(name: String) -> HomeRouter {
        let viewController = HomeViewController(screenName: "Home")
        let interactor = HomeInteractor(presenter: viewController, name: name)
        return HomeRouter(interactor: interactor, viewController: viewController)
    }
}

/// Home's router: a leaf, the root of HomeFlow's stack.
final class HomeRouter: ViewableRouter<HomeInteractor, HomeViewController> {}

/// Home's screen.
final class HomeViewController: ViewController, ViewControllable, Presentable {}

/// Home shows the user's name; every navigation event goes to HomeFlow.
final class HomeInteractor: PresentableInteractor<HomeViewController>, StateExposing {
    let name: String

    init(presenter: HomeViewController, name: String) {
        self.name = name
        super.init(presenter: presenter)
    }

    var exposedState: [(key: String, value: String)] { [("name", name)] }
}
