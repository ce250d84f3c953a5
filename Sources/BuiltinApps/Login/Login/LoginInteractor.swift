import AppHosting
import RIBs

/// What Login tells Root.
protocol LoginListener: AnyObject {
    func didLogin(name: String) throws(EventError)
}

/// Seed 001: the view's `touchToLogin(name)` reaches the interactor, which tells its listener.
final class LoginInteractor: PresentableInteractor<LoginViewController>, EventHandling {
    weak var listener: (any LoginListener)?

    var acceptedEvents: [EventType] { [.login] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard case let .login(name) = event else { return false }
        try listener?.didLogin(name: name)
        return true
    }
}
