import AppHosting
import RIBs

/// A viewable declared RIB's interactor, owning its screen as its presenter (RIBs' `PresentableInteractor`,
/// which expects the presenter to go when it goes); `Roles` says what a host may ask of it. It hears its screen
/// close when the RIB asks for that (`detachOnClose`).
final class DeclaredPresentableInteractor<Roles: InteractorRoles>: PresentableInteractor<DeclaredViewController>, ScreenCloseListener {
    let logic: RibLogic

    init(presenter: DeclaredViewController, logic: RibLogic) {
        self.logic = logic
        super.init(presenter: presenter)
    }

    func screenDidClose() {
        logic.screenDidClose()
    }
}

extension DeclaredPresentableInteractor: EventHandling where Roles: HandlesEvents {
    var acceptedEvents: [EventType] { logic.acceptedEvents }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        try logic.handle(event)
    }
}

extension DeclaredPresentableInteractor: StateExposing where Roles: ExposesState {
    var exposedState: [(key: String, value: String)] { logic.state }
}
