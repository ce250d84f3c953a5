import HeadlessUI
import RIBs

/// What a world knows of one RIB it built, kept apart from the RIB itself for the oracle: weak references to
/// see what went, and what the RIB heard.
final class RIBRecord {
    /// How the app showed a RIB's screen, and which RIB did (the listener its close event goes to).
    enum Shown { case pushed, presented }

    let id: Int
    let name: String
    let viewable: Bool
    weak var router: (any Routing)?
    weak var interactor: TreeProbe.Interactor?
    weak var controller: ViewController?
    /// How many times `didLoad` ran.
    var loads = 0
    /// The last activity hook heard: true after `didBecomeActive`, false after `willResignActive`, nil before any.
    var lastHook: Bool?
    /// Whether an attach of it ever returned (it must have loaded then).
    var everAttached = false
    /// How the app showed its screen, and the RIB that did; nil when the app did not show it.
    var shown: (how: Shown, by: Int)?

    init(id: Int, name: String, router: any Routing, interactor: TreeProbe.Interactor, controller: ViewController?) {
        self.id = id
        self.name = name
        viewable = controller != nil
        self.router = router
        self.interactor = interactor
        self.controller = controller
    }
}
