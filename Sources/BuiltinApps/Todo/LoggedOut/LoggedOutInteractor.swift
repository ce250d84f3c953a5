import AppHosting
import RIBs

/// What LoggedOut tells Root.
protocol LoggedOutListener: AnyObject {
    func didLogin(name: String) throws(EventError)
}

/// LoggedOut's `login()` goes straight to its listener.
final class LoggedOutInteractor: PresentableInteractor<LoggedOutViewController>, EventHandling {
    weak var listener: (any LoggedOutListener)?

    var acceptedEvents: [EventType] { [.login] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard case let .login(name) = event, let listener else { return false }
        try listener.didLogin(name: name)
        return true
    }
}
