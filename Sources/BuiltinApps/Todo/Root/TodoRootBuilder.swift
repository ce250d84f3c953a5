import HeadlessUI
import RIBs

/// The todo app's root scope.
final class TodoRootComponent: Component<any EmptyDependency>, LoggedOutDependency, TodoDependency {}

/// Builds the todo app's root RIB (seed 002, with its presentation bug fixed).
final class TodoRootBuilder: Builder<any EmptyDependency> {
    func build() -> TodoRootRouter {
        let component = TodoRootComponent(dependency: dependency)
        let viewController = TodoRootViewController(screenName: "Root")
        let interactor = TodoRootInteractor(presenter: viewController)
        return TodoRootRouter(
            interactor: interactor, viewController: viewController,
            loggedOutBuilder: LoggedOutBuilder(dependency: component), todoBuilder: TodoBuilder(dependency: component)
        )
    }
}

/// The todo app's root screen: it presents LoggedOut or Todo full screen.
final class TodoRootViewController: ViewController, ViewControllable, Presentable {}
