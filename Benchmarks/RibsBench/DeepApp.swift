import AppHosting
import HeadlessUI
import RIBs

// A bench-only RIB app whose stack has no cap: `push` accepts any screen name, `pop` pops the top.
// Root is a container (like the login app's Root) holding a navigation controller whose root is `Home`;
// every pushed screen is a leaf RIB attached to Root. Used to measure state serialization at depth 1/10/100.

final class DeepRootViewController: ViewController, ViewControllable, Presentable {}
final class DeepPageViewController: ViewController, ViewControllable, Presentable {}
final class DeepPageInteractor: PresentableInteractor<DeepPageViewController> {}
final class DeepPageRouter: ViewableRouter<DeepPageInteractor, DeepPageViewController> {}

/// Root's interactor: handles `push` of any screen and `pop`.
final class DeepRootInteractor: PresentableInteractor<DeepRootViewController>, EventHandling {
    weak var router: DeepRootRouter?

    var acceptedEvents: [EventType] { (router?.depth ?? 1) > 1 ? [.push, .pop] : [.push] }

    func handle(_ event: AppEvent) throws(EventError) -> Bool {
        guard let router else { return false }
        switch event {
        case let .push(screen): try router.push(screen)
        case .pop: try router.pop()
        default: return false
        }
        return true
    }
}

final class DeepRootRouter: LaunchRouter<DeepRootInteractor, DeepRootViewController> {
    private var stack: NavigationController?
    private var pages: [DeepPageRouter] = []

    init(interactor: DeepRootInteractor, viewController: DeepRootViewController) {
        super.init(interactor: interactor, viewController: viewController, name: "Root")
        interactor.router = self
    }

    var depth: Int { stack?.viewControllers.count ?? 0 }

    override func didLoad() {
        super.didLoad()
        let home = Self.page("Home")
        guard let navigation = try? NavigationController(rootViewController: home.viewController) else { return }
        viewController.addChild(navigation)
        navigation.didMove(toParent: viewController)
        stack = navigation
        try? attachChild(home)
        pages.append(home)
    }

    func push(_ screen: String) throws(EventError) {
        guard let stack else { throw .internalFailure("no stack") }
        let page = Self.page(screen)
        do {
            try pushRouter(page, onto: stack, animated: true)
        } catch {
            throw EventError(error)
        }
        pages.append(page)
    }

    func pop() throws(EventError) {
        guard let stack, pages.count > 1, let top = pages.last else { throw .invalidNavigation("cannot pop the root") }
        do {
            try popRouter(top, from: stack, animated: true)
        } catch {
            throw EventError(error)
        }
        pages.removeLast()
    }

    private static func page(_ screen: String) -> DeepPageRouter {
        let controller = DeepPageViewController(screenName: screen)
        return DeepPageRouter(interactor: DeepPageInteractor(presenter: controller), viewController: controller, name: screen)
    }
}

enum DeepApp {
    static let definition = AppDefinition(id: "deep", description: "bench: push any screen", events: [.push, .pop]) {
        let controller = DeepRootViewController(screenName: "Root")
        return RIBAppRuntime(root: DeepRootRouter(interactor: DeepRootInteractor(presenter: controller), viewController: controller))
    }

    /// A launched deep app with `depth` screens on its stack (Home plus depth - 1 pushed screens S1, S2, ...).
    static func launch(depth: Int) -> any AppRuntime {
        let runtime = definition.launch()
        for index in 1..<max(depth, 1) {
            try! runtime.apply(.push(screen: "S\(index)"))
        }
        return runtime
    }
}
