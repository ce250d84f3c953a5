import HeadlessUI
import RIBs

/// What Login needs from Root.
protocol LoginDependency: Dependency {}

/// Builds Login: the logged-out screen.
final class LoginBuilder: Builder<any LoginDependency> {
    func build(withListener listener: any LoginListener) -> LoginRouter {
        let viewController = LoginViewController(screenName: "Login")
        let interactor = LoginInteractor(presenter: viewController)
        interactor.listener = listener
        return LoginRouter(interactor: interactor, viewController: viewController)
    }
}

/// Login's router: a leaf.
final class LoginRouter: ViewableRouter<LoginInteractor, LoginViewController> {}

/// Login's screen: a name field and a button.
final class LoginViewController: ViewController, ViewControllable, Presentable {}
