import AppHosting
import RIBs

/// What Root's interactor asks of its router.
protocol TodoRootRouting: ViewableRouting {
    func routeToLoggedOut() throws(EventError)
    func routeToTodo(name: String) throws(EventError)
}

/// Seed 002's four steps: LoggedOut's view → its interactor → this listener → Root's router.
final class TodoRootInteractor: PresentableInteractor<TodoRootViewController>, LoggedOutListener, TodoListener {
    weak var router: (any TodoRootRouting)?

    func didLogin(name: String) throws(EventError) {
        try router?.routeToTodo(name: name)
    }

    func didLogout() throws(EventError) {
        try router?.routeToLoggedOut()
    }
}
