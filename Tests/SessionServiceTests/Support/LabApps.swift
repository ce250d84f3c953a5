import AppHosting
import HeadlessUI
import Locking
import RIBs

/// Test-only RIB apps, built only through the public AppHosting, RIBs and HeadlessUI API.
///
/// Root (a launch RIB with a plain screen) handles `present {screen}` by presenting a leaf RIB and `dismiss`.
/// Each behaviour breaks one rule on purpose:
/// - `halfway`: `present` attaches the child first and only then asks UIKit, which refuses while Root already presents.
/// - `leaky`: `dismiss` keeps a strong reference to the detached child; `logout` detaches the child without dismissing it.
/// - `breaking`: `dismiss` dismisses and detaches the child, then reports an internal failure (an app bug).
/// - `hasty`: `didDismiss` dismisses whatever is presented before it looks at the screen named, then declines.
/// - `quiet`: takes `logout` and changes nothing (a handled no-op, as a custom app may have).
enum LabApps {
    enum Behavior: Sendable {
        case halfway
        case leaky
        case breaking
        case hasty
        case quiet
    }

    static func halfway(log: ResignLog? = nil) -> AppDefinition {
        AppDefinition(id: "halfway", description: "test: attaches, then presents while presenting", events: [.present, .dismiss]) {
            launch(.halfway, log: log)
        }
    }

    static func leaky(log: ResignLog? = nil) -> AppDefinition {
        AppDefinition(id: "leaky", description: "test: keeps detached children alive", events: [.present, .dismiss, .logout]) {
            launch(.leaky, log: log)
        }
    }

    static func breaking() -> AppDefinition {
        AppDefinition(id: "breaking", description: "test: fails after changing the tree", events: [.present, .dismiss]) {
            launch(.breaking, log: nil)
        }
    }

    static func hasty() -> AppDefinition {
        AppDefinition(id: "hasty", description: "test: changes the screen, then declines", events: [.present, .dismiss, .didDismiss]) {
            launch(.hasty, log: nil)
        }
    }

    static func quiet() -> AppDefinition {
        AppDefinition(id: "quiet", description: "test: takes logout and changes nothing", events: [.present, .dismiss, .logout]) {
            launch(.quiet, log: nil)
        }
    }

    /// `behavior` (`breaking` or `hasty`), with its root screen named after how many times the app was
    /// launched (a count it keeps across launches): the replay after a failed `dismiss`, or after `hasty`
    /// declined a swipe it had acted on, renders another state than the one it replays.
    static func restless(_ behavior: Behavior = .breaking) -> AppDefinition {
        let launches = Lock(0)
        return AppDefinition(
            id: "restless", description: "test: not deterministic across launches", events: [.present, .dismiss, .didDismiss]
        ) {
            let number = launches.withLock { count in
                count += 1
                return count
            }
            return launch(behavior, log: nil, rootName: "Root\(number)")
        }
    }

    private static func launch(_ behavior: Behavior, log: ResignLog?, rootName: String = "Root") -> any AppRuntime {
        let screen = LabScreen(screenName: rootName)
        let interactor = LabRootInteractor(presenter: screen, log: log)
        let router = LabRootRouter(interactor: interactor, viewController: screen, behavior: behavior, log: log)
        return RIBAppRuntime(root: router)
    }
}

/// The names of interactors in the order they resigned (to see a tree torn down).
final class ResignLog: Sendable {
    private let names = Lock<[String]>([])
    func record(_ name: String) { names.withLock { $0.append(name) } }
    var all: [String] { names.withLock { $0 } }
}

final class LabScreen: ViewController, ViewControllable, Presentable {}

final class LabLeafInteractor: PresentableInteractor<LabScreen> {
    let name: String
    let log: ResignLog?

    init(presenter: LabScreen, name: String, log: ResignLog?) {
        self.name = name
        self.log = log
        super.init(presenter: presenter)
    }

    override func willResignActive() {
        super.willResignActive()
        log?.record(name)
    }
}

final class LabLeafRouter: ViewableRouter<LabLeafInteractor, LabScreen> {}

final class LabRootInteractor: PresentableInteractor<LabScreen>, EventHandling {
    weak var router: LabRootRouter?
    let log: ResignLog?

    init(presenter: LabScreen, log: ResignLog?) {
        self.log = log
        super.init(presenter: presenter)
    }

    var acceptedEvents: [EventType] { router?.acceptedEvents ?? [] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard let router else { return false }
        return try router.handle(event)
    }

    override func willResignActive() {
        super.willResignActive()
        log?.record("Root")
    }
}

final class LabRootRouter: LaunchRouter<LabRootInteractor, LabScreen> {
    let behavior: LabApps.Behavior
    let log: ResignLog?
    private var presented: LabLeafRouter?
    /// The deliberate leak of the `leaky` behaviour.
    private var retained: [LabLeafRouter] = []

    init(interactor: LabRootInteractor, viewController: LabScreen, behavior: LabApps.Behavior, log: ResignLog?) {
        self.behavior = behavior
        self.log = log
        super.init(interactor: interactor, viewController: viewController, name: "Root")
        interactor.router = self
    }

    var acceptedEvents: [EventType] {
        behavior == .leaky || behavior == .quiet ? [.present, .dismiss, .logout] : [.present, .dismiss]
    }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        switch event {
        case let .present(screen, style):
            try present(screen, style: style ?? .pageSheet)
        case .dismiss:
            try dismiss()
        case .logout where behavior == .leaky:
            try abandon()
        case .logout where behavior == .quiet:
            break
        case .didDismiss where behavior == .hasty:
            if presented != nil { try dismiss() }
            return false
        default:
            return false
        }
        return true
    }

    private func makeLeaf(_ name: String) -> LabLeafRouter {
        let screen = LabScreen(screenName: name)
        return LabLeafRouter(interactor: LabLeafInteractor(presenter: screen, name: name, log: log), viewController: screen, name: name)
    }

    private func present(_ name: String, style: ModalPresentationStyle) throws(EventError) {
        let leaf = makeLeaf(name)
        switch behavior {
        case .halfway:
            // Wrong order on purpose: the tree changes before UIKit is asked.
            do { try attachChild(leaf) } catch { throw EventError(error) }
            do { try viewController.present(leaf.viewController, animated: true, style: style) } catch { throw EventError(.view(error)) }
        case .leaky, .breaking, .hasty, .quiet:
            do { try presentRouter(leaf, from: viewController, style: style, animated: true) } catch { throw EventError(error) }
        }
        presented = leaf
    }

    private func dismiss() throws(EventError) {
        guard let leaf = presented else { throw .invalidNavigation("nothing is presented") }
        do { try dismissRouter(leaf, animated: true) } catch { throw EventError(error) }
        presented = nil
        if behavior == .leaky { retained.append(leaf) }
        if behavior == .breaking { throw .internalFailure("lost track of \(leaf.name) after dismissing it") }
    }

    /// Detaches the presented child but leaves its screen up (seed 002's bug).
    private func abandon() throws(EventError) {
        guard let leaf = presented else { throw .invalidNavigation("nothing is presented") }
        do { try detachChild(leaf) } catch { throw EventError(error) }
        presented = nil
    }
}
