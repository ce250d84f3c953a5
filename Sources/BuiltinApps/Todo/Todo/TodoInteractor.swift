import AppHosting
import RIBs

/// What Todo tells Root.
protocol TodoListener: AnyObject {
    func didLogout() throws(EventError)
}

/// Todo shows the user's name and handles `logout`.
final class TodoInteractor: PresentableInteractor<TodoViewController>, EventHandling, StateExposing {
    weak var listener: (any TodoListener)?
    let name: String

    init(presenter: TodoViewController, name: String) {
        self.name = name
        super.init(presenter: presenter)
    }

    var acceptedEvents: [EventType] { [.logout] }
    var exposedState: [(key: String, value: String)] { [("name", name)] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard case .logout = event, let listener else { return false }
        try listener.didLogout()
        return true
    }
}
