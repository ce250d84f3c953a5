import Flows
import HeadlessUI

/// Seed 004's AppFlow: owns a navigation controller (bar hidden); pushes AppInit, then hands over to MainFlow.
final class AppFlow: Flow {
    private let rootViewController: NavigationController = {
        let controller = NavigationController()
        controller.isNavigationBarHidden = true
        return controller
    }()

    var root: any FlowPresentable { rootViewController }

    func accepts(_ step: any Step) -> Bool {
        switch step as? AppStep {
        case .introIsRequired: rootViewController.viewControllers.isEmpty
        case .mainIsRequired: !rootViewController.viewControllers.contains { $0 is MainViewController }
        case .codingIsRequired, nil: false
        }
    }

    func navigate(to step: any Step) throws -> FlowContributors {
        guard let step = step as? AppStep else { return .none }
        switch step {
        case .introIsRequired: return try navigateToIntro()
        case .mainIsRequired: return navigateToMain()
        case .codingIsRequired: return .none
        }
    }

    private func navigateToIntro() throws -> FlowContributors {
        let intro = AppInitViewController(screenName: "AppInit")
        try rootViewController.push(intro, animated: false)
        return .one(flowContributor: .contribute(withNext: intro))
    }

    /// MainFlow gets AppFlow's navigation controller as its root: pushing a navigation controller onto one is an error.
    private func navigateToMain() -> FlowContributors {
        let flow = MainFlow(root: rootViewController)
        return .one(
            flowContributor: .contribute(withNextPresentable: flow, withNextStepper: OneStepper(withSingleStep: AppStep.mainIsRequired)))
    }
}
