import AppHosting
import RIBs

/// What Root's interactor asks of its router.
protocol LoginRootRouting: ViewableRouting {
    func routeToLogin() throws(EventError)
    func routeToHome(name: String) throws(EventError)
}

/// Root: swaps Login and HomeFlow when they report login and logout; handles no client event itself.
final class LoginRootInteractor: PresentableInteractor<LoginRootViewController>, LoginListener, HomeFlowListener {
    weak var router: (any LoginRootRouting)?

    func didLogin(name: String) throws(EventError) {
        try router?.routeToHome(name: name)
    }

    func homeFlowDidRequestLogout() throws(EventError) {
        try router?.routeToLogin()
    }
}
