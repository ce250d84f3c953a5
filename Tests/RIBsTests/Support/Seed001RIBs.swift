import HeadlessUI
import RIBs
import Testing

/// Seed 001: Root's view is a container; each `setRoot` swaps the navigation controller it contains.
/// Login reports `didLogin(name:)` to Root, which routes to Home built with that name.
enum Seed001 {
    // MARK: Root

    final class RootComponent: Component<any EmptyDependency>, LoginDependency, HomeDependency {}

    final class RootBuilder: Builder<any EmptyDependency> {
        func build() -> RootRouter {
            let component = RootComponent(dependency: dependency)
            let viewController = RootViewController(screenName: "Root")
            let interactor = RootInteractor(presenter: viewController)
            return RootRouter(
                interactor: interactor, viewController: viewController,
                loginBuilder: LoginBuilder(dependency: component), homeBuilder: HomeBuilder(dependency: component)
            )
        }
    }

    final class RootViewController: ViewController, ViewControllable {
        /// Wraps the child's view in a new navigation controller that replaces the contained one.
        func setRoot(_ viewControllable: any ViewControllable) throws(ViewHierarchyError) {
            let navigationController = try NavigationController(rootViewController: viewControllable.uiviewController)
            for old in children {
                old.willMove(toParent: nil)
                old.removeFromParent()
            }
            addChild(navigationController)
            navigationController.didMove(toParent: self)
        }
    }

    final class RootInteractor: PresentableInteractor<RootViewController>, LoginListener {
        weak var router: RootRouter?
        func didLogin(name: String) { router?.routeToHome(name: name) }
    }

    final class RootRouter: LaunchRouter<RootInteractor, RootViewController> {
        private let loginBuilder: LoginBuilder
        private let homeBuilder: HomeBuilder
        private(set) var currentChild: (any ViewableRouting)?

        init(interactor: RootInteractor, viewController: RootViewController, loginBuilder: LoginBuilder, homeBuilder: HomeBuilder) {
            self.loginBuilder = loginBuilder
            self.homeBuilder = homeBuilder
            super.init(interactor: interactor, viewController: viewController)
            interactor.router = self
        }

        override func didLoad() { routeToLogin() }

        func routeToLogin() { route(to: loginBuilder.build(withListener: interactor)) }
        func routeToHome(name: String) { route(to: homeBuilder.build(name: name)) }

        private func route(to child: any ViewableRouting) {
            do {
                if let currentChild { try detachChild(currentChild) }
                try attachChild(child)
                try viewController.setRoot(child.viewControllable)
                currentChild = child
            } catch {
                Issue.record(error)
            }
        }
    }

    // MARK: Login

    protocol LoginDependency: Dependency {}
    protocol LoginListener: AnyObject { func didLogin(name: String) }
    protocol LoginPresentableListener: AnyObject { func touchToLogin(name: String) }

    final class LoginBuilder: Builder<any LoginDependency> {
        func build(withListener listener: any LoginListener) -> LoginRouter {
            let viewController = LoginViewController(screenName: "Login")
            let interactor = LoginInteractor(presenter: viewController)
            interactor.listener = listener
            return LoginRouter(interactor: interactor, viewController: viewController)
        }
    }

    final class LoginViewController: ViewController, ViewControllable {
        weak var listener: (any LoginPresentableListener)?
        /// The login button, with the name typed in.
        func touchToLogin(name: String) { listener?.touchToLogin(name: name) }
    }

    final class LoginInteractor: PresentableInteractor<LoginViewController>, LoginPresentableListener {
        weak var listener: (any LoginListener)?
        override init(presenter: LoginViewController) {
            super.init(presenter: presenter)
            presenter.listener = self
        }
        func touchToLogin(name: String) { listener?.didLogin(name: name) }
    }

    final class LoginRouter: ViewableRouter<LoginInteractor, LoginViewController> {}

    // MARK: Home

    protocol HomeDependency: Dependency {}

    final class HomeBuilder: Builder<any HomeDependency> {
        func build(name: String) -> HomeRouter {
            let viewController = HomeViewController(screenName: "Home")
            return HomeRouter(interactor: HomeInteractor(presenter: viewController, name: name), viewController: viewController)
        }
    }

    final class HomeViewController: ViewController, ViewControllable {}

    final class HomeInteractor: PresentableInteractor<HomeViewController> {
        let name: String
        init(presenter: HomeViewController, name: String) {
            self.name = name
            super.init(presenter: presenter)
        }
    }

    final class HomeRouter: ViewableRouter<HomeInteractor, HomeViewController> {}
}
