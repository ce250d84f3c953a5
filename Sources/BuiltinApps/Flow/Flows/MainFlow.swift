import Flows
import HeadlessUI

/// Seed 004's MainFlow: shares AppFlow's navigation controller; pushes Main, then Coding.
final class MainFlow: Flow {
    private let rootViewController: NavigationController

    init(root: NavigationController) {
        rootViewController = root
    }

    var root: any FlowPresentable { rootViewController }

    func accepts(_ step: any Step) -> Bool {
        switch step as? AppStep {
        case .mainIsRequired: !rootViewController.viewControllers.contains { $0 is MainViewController }
        case .codingIsRequired: !rootViewController.viewControllers.contains { $0 is CodingViewController }
        case .introIsRequired, nil: false
        }
    }

    func navigate(to step: any Step) throws -> FlowContributors {
        guard let step = step as? AppStep else { return .none }
        switch step {
        case .mainIsRequired:
            let main = MainViewController(screenName: "Main")
            try rootViewController.push(main, animated: true)
            return .one(flowContributor: .contribute(withNext: main))
        case .codingIsRequired:
            let coding = CodingViewController(screenName: "Coding")
            try rootViewController.push(coding, animated: true)
            return .one(flowContributor: .contribute(withNext: coding))
        case .introIsRequired:
            return .none
        }
    }
}
