import HeadlessUI
import RIBs
import Testing

/// Seed 002: Root presents LoggedOut full screen; LoggedOut's login goes view → interactor → listener
/// (Root's interactor) → Root's router `routeToTodo`, which detaches LoggedOut and presents Todo.
enum Seed002 {
    // MARK: Root

    final class RootComponent: Component<any EmptyDependency>, LoggedOutDependency, TodoDependency {}

    final class RootBuilder: Builder<any EmptyDependency> {
        /// `dismissComparesPresenting: true` builds the seed's buggy view controller.
        func build(dismissComparesPresenting: Bool) -> RootRouter {
            let component = RootComponent(dependency: dependency)
            let viewController = RootViewController(dismissComparesPresenting: dismissComparesPresenting)
            let interactor = RootInteractor(presenter: viewController)
            return RootRouter(
                interactor: interactor, viewController: viewController,
                loggedOutBuilder: LoggedOutBuilder(dependency: component), todoBuilder: TodoBuilder(dependency: component)
            )
        }
    }

    final class RootViewController: ViewController, ViewControllable {
        private let dismissComparesPresenting: Bool

        init(dismissComparesPresenting: Bool) {
            self.dismissComparesPresenting = dismissComparesPresenting
            super.init(screenName: "Root")
        }

        func present(_ viewControllable: any ViewControllable) throws(ViewHierarchyError) {
            try present(viewControllable.uiviewController, animated: true, style: .fullScreen)
        }

        /// Dismisses only when `viewControllable` is the one presented (the buggy version compares the wrong property).
        func dismiss(_ viewControllable: any ViewControllable) throws(ViewHierarchyError) {
            let shown = dismissComparesPresenting ? presentingViewController : presentedViewController
            if shown === viewControllable.uiviewController {
                try dismiss(animated: true)
            }
        }
    }

    final class RootInteractor: PresentableInteractor<RootViewController>, LoggedOutListener {
        weak var router: RootRouter?
        func routeToTodo() throws { try router?.routeToTodo() }
    }

    final class RootRouter: LaunchRouter<RootInteractor, RootViewController> {
        private let loggedOutBuilder: LoggedOutBuilder
        private let todoBuilder: TodoBuilder
        private var loggedOut: LoggedOutRouter?
        private var todo: TodoRouter?

        init(interactor: RootInteractor, viewController: RootViewController, loggedOutBuilder: LoggedOutBuilder, todoBuilder: TodoBuilder) {
            self.loggedOutBuilder = loggedOutBuilder
            self.todoBuilder = todoBuilder
            super.init(interactor: interactor, viewController: viewController)
            interactor.router = self
        }

        override func didLoad() {
            do { try routeToLoggedOut() } catch { Issue.record(error) }
        }

        func routeToLoggedOut() throws {
            let loggedOut = loggedOutBuilder.build(withListener: interactor)
            try attachChild(loggedOut)
            try viewController.present(loggedOut.viewController)
            self.loggedOut = loggedOut
        }

        func routeToTodo() throws {
            if let loggedOut {
                try detachChild(loggedOut)
                try viewController.dismiss(loggedOut.viewController)
                self.loggedOut = nil
            }
            let todo = todoBuilder.build()
            try attachChild(todo)
            self.todo = todo
            try viewController.present(todo.viewController)
        }
    }

    // MARK: LoggedOut

    protocol LoggedOutDependency: Dependency {}
    protocol LoggedOutListener: AnyObject { func routeToTodo() throws }
    protocol LoggedOutPresentableListener: AnyObject { func login() throws }

    final class LoggedOutBuilder: Builder<any LoggedOutDependency> {
        func build(withListener listener: any LoggedOutListener) -> LoggedOutRouter {
            let viewController = LoggedOutViewController(screenName: "LoggedOut")
            let interactor = LoggedOutInteractor(presenter: viewController)
            interactor.listener = listener
            return LoggedOutRouter(interactor: interactor, viewController: viewController)
        }
    }

    final class LoggedOutViewController: ViewController, ViewControllable {
        weak var listener: (any LoggedOutPresentableListener)?
        /// The "go to TODO" button.
        func tapLogin() throws { try listener?.login() }
    }

    final class LoggedOutInteractor: PresentableInteractor<LoggedOutViewController>, LoggedOutPresentableListener {
        weak var listener: (any LoggedOutListener)?
        override init(presenter: LoggedOutViewController) {
            super.init(presenter: presenter)
            presenter.listener = self
        }
        func login() throws { try listener?.routeToTodo() }
    }

    final class LoggedOutRouter: ViewableRouter<LoggedOutInteractor, LoggedOutViewController> {}

    // MARK: Todo

    protocol TodoDependency: Dependency {}

    final class TodoBuilder: Builder<any TodoDependency> {
        func build() -> TodoRouter {
            let viewController = TodoViewController(screenName: "Todo")
            return TodoRouter(interactor: TodoInteractor(presenter: viewController), viewController: viewController)
        }
    }

    final class TodoViewController: ViewController, ViewControllable {}
    final class TodoInteractor: PresentableInteractor<TodoViewController> {}
    final class TodoRouter: ViewableRouter<TodoInteractor, TodoViewController> {}
}
