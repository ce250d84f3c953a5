import HeadlessUI
import RIBs

/// Seed 000: on load, attach Navigation and present its view, wrapped in a navigation controller, full screen.
final class NavRootRouter: LaunchRouter<NavRootInteractor, NavRootViewController> {
    private let navigationBuilder: NavigationBuilder

    init(interactor: NavRootInteractor, viewController: NavRootViewController, navigationBuilder: NavigationBuilder) {
        self.navigationBuilder = navigationBuilder
        super.init(interactor: interactor, viewController: viewController, name: "Root")
    }

    override func didLoad() {
        super.didLoad()
        routeToNavigation()
    }

    private func routeToNavigation() {
        let navigation = navigationBuilder.build(withListener: interactor)
        // Fresh controllers on a root that presents nothing: UIKit has nothing to refuse here.
        guard let stack = try? NavigationController(rootViewController: navigation.viewControllable.uiviewController) else { return }
        do {
            try viewController.present(stack, animated: false, style: .fullScreen)
            try attachChild(navigation)
        } catch {
            assertionFailure("launching the navigation app cannot be refused: \(error)")
        }
    }
}
