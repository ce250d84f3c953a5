import AppHosting
import HeadlessUI
import RIBs

/// Root swaps what it presents: LoggedOut until login, Todo after.
///
/// The seed's bug compared `presentingViewController` when dismissing, so LoggedOut was never
/// dismissed and presenting Todo failed; `dismissRouter` works by identity on the presented controller.
final class TodoRootRouter: LaunchRouter<TodoRootInteractor, TodoRootViewController>, TodoRootRouting {
    private let loggedOutBuilder: LoggedOutBuilder
    private let todoBuilder: TodoBuilder
    private var current: (any ViewableRouting)?

    init(
        interactor: TodoRootInteractor, viewController: TodoRootViewController, loggedOutBuilder: LoggedOutBuilder, todoBuilder: TodoBuilder
    ) {
        self.loggedOutBuilder = loggedOutBuilder
        self.todoBuilder = todoBuilder
        super.init(interactor: interactor, viewController: viewController, name: "Root")
        interactor.router = self
    }

    override func didLoad() {
        super.didLoad()
        // At launch Root presents nothing yet: nothing to refuse.
        try? routeToLoggedOut()
    }

    func routeToLoggedOut() throws(EventError) {
        try show(loggedOutBuilder.build(withListener: interactor))
    }

    func routeToTodo(name: String) throws(EventError) {
        try show(todoBuilder.build(withListener: interactor, name: name))
    }

    private func show(_ next: any ViewableRouting) throws(EventError) {
        if let current {
            try routing { () throws(RoutingError) in try dismissRouter(current, animated: true) }
            self.current = nil
        }
        try routing { () throws(RoutingError) in try presentRouter(next, from: viewController, style: .fullScreen, animated: true) }
        current = next
    }
}
