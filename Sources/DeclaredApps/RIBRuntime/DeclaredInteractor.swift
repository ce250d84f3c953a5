import AppHosting
import RIBs

/// A view-less declared RIB's interactor (HomeFlow's kind); `Roles` says what a host may ask of it.
final class DeclaredInteractor<Roles: InteractorRoles>: Interactor {
    let logic: RibLogic

    init(logic: RibLogic) {
        self.logic = logic
        super.init()
    }

    override func willResignActive() {
        super.willResignActive()
        logic.willResignActive()
    }
}

extension DeclaredInteractor: EventHandling where Roles: HandlesEvents {
    var acceptedEvents: [EventType] { logic.acceptedEvents }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        try logic.handle(event)
    }
}

extension DeclaredInteractor: StateExposing where Roles: ExposesState {
    var exposedState: [(key: String, value: String)] { logic.state }
}
