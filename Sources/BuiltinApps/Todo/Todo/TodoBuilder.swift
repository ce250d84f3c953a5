import HeadlessUI
import RIBs

/// What Todo needs from Root.
protocol TodoDependency: Dependency {}

/// Builds Todo for the logged-in user.
final class TodoBuilder: Builder<any TodoDependency> {
    func build(withListener listener: any TodoListener, name: String) -> TodoRouter {
        let viewController = TodoViewController(screenName: "Todo")
        let interactor = TodoInteractor(presenter: viewController, name: name)
        interactor.listener = listener
        return TodoRouter(interactor: interactor, viewController: viewController)
    }
}

/// Todo's router: a leaf.
final class TodoRouter: ViewableRouter<TodoInteractor, TodoViewController> {}

/// Todo's screen.
final class TodoViewController: ViewController, ViewControllable, Presentable {}
