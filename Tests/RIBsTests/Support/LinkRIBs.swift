import RIBs

// A deep link's RIBs, after RIBs' tutorial 4: Root routes to LoggedIn when the user logs in; LoggedIn routes to a
// Game. Each step of the link acts on an interactor and hands on the one it routed to.

/// The root's interactor: the link's first actionable item.
final class LinkRootInteractor: Interactor {
    weak var router: LinkRootRouter?
    /// The logged-in RIB's interactor, once the root routed there.
    fileprivate(set) var loggedIn: LoggedInInteractor?

    /// RIBs' `waitForLogin()`: goes on with the logged-in item once the root has routed there.
    func waitForLogin() -> StepOutcome<LoggedInInteractor, Void> {
        .waitUntil("logged in") { [weak self] in self?.loggedIn.map { ($0, ()) } }
    }

    /// The login event: routes to LoggedIn.
    func logIn() throws {
        try router?.routeToLoggedIn()
    }
}

final class LinkRootRouter: Router<LinkRootInteractor> {
    private var loggedIn: LoggedInRouter?

    let log: EventLog

    init(log: EventLog) {
        self.log = log
        super.init(interactor: LinkRootInteractor(), name: "Root")
        interactor.router = self
    }

    func routeToLoggedIn() throws {
        let child = LoggedInRouter(log: log)
        try attachChild(child)
        loggedIn = child
        interactor.loggedIn = child.interactor
    }

    /// The logout event: LoggedIn is detached, its interactor inactive (the root still remembers it).
    func routeToLoggedOut() throws {
        guard let loggedIn else { return }
        try detachChild(loggedIn)
    }
}

final class LoggedInInteractor: Interactor {
    weak var router: LoggedInRouter?

    /// Routes to the game `id`, and goes on with its interactor and the id; refuses a game that does not exist.
    func launchGame(_ id: String) -> StepOutcome<GameInteractor, String> {
        guard id != "missing", let router else { return .cannotProceed("no game \(id)") }
        do {
            return .proceed(try router.routeToGame(id), id)
        } catch {
            return .cannotProceed(error.description)
        }
    }
}

final class LoggedInRouter: Router<LoggedInInteractor> {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
        super.init(interactor: LoggedInInteractor(), name: "LoggedIn")
        interactor.router = self
    }

    func routeToGame(_ id: String) throws(RoutingError) -> GameInteractor {
        let game = Router(interactor: GameInteractor(log: log), name: "Game")
        try attachChild(game)
        return game.interactor
    }
}

final class GameInteractor: Interactor {
    let log: EventLog

    init(log: EventLog) { self.log = log }

    func start(_ id: String) {
        log.record("game \(id) started, active=\(isActive)")
    }
}

/// A workflow whose hooks record "didComplete" and "didReceiveError(<error>)".
final class RecordingWorkflow: Workflow<LinkRootInteractor> {
    let log: EventLog

    init(log: EventLog) { self.log = log }

    override func didComplete() { log.record("didComplete") }
    override func didReceiveError(_ error: WorkflowError) { log.record("didReceiveError(\(error))") }
}
