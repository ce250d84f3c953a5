import AppHosting
import Flows
import HeadlessUI

/// A test-only flow app whose `next` step pushes a screen and then forwards a step the flow refuses: a refusal
/// that comes after a navigation ran, which no built-in app makes (their forwarded steps are always accepted).
enum LabFlowApp {
    enum LabStep: String, Step, CaseIterable {
        case start, next, refused
    }

    final class LabFlow: Flow {
        private let navigation = NavigationController()
        var root: any FlowPresentable { navigation }

        func accepts(_ step: any Step) -> Bool {
            switch step as? LabStep {
            case .start: navigation.viewControllers.isEmpty
            case .next: navigation.viewControllers.count == 1
            case .refused, nil: false
            }
        }

        func navigate(to step: any Step) throws -> FlowContributors {
            switch step as? LabStep {
            case .start: return .one(flowContributor: .contribute(withNext: try push("Start")))
            case .next:
                return .multiple(flowContributors: [
                    .contribute(withNext: try push("Next")),
                    .forwardToCurrentFlow(withStep: LabStep.refused),
                ])
            case .refused, nil: return .none
            }
        }

        private func push(_ name: String) throws -> LabScreen {
            let screen = LabScreen(screenName: name)
            try navigation.push(screen, animated: false)
            return screen
        }
    }

    final class LabScreen: ViewController, Stepper {
        let steps = StepRelay()
    }

    static func forwardsARefusedStep() -> AppDefinition {
        AppDefinition(id: "forwarding", description: "test: forwards a step it refuses", events: [.step, .pop]) {
            FlowAppRuntime(
                flow: LabFlow(),
                stepper: OneStepper(withSingleStep: LabStep.start),
                steps: LabStep.allCases.map { ($0.rawValue, $0 as any Step) }
            )
        }
    }
}
