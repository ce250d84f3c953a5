import Flows
import HeadlessUI

/// Seed 004's AppFlow: owns a navigation controller (bar hidden); pushes AppInit, then hands over to a main flow.
final class AppFlow: Flow {
    /// How the main flow gets on screen.
    enum MainFlowKind {
        /// The seed's fix: MainFlow is given AppFlow's navigation controller as its root.
        case sharingStack
        /// The seed's bug, RxFlow style: AppFlow pushes the main flow's own navigation controller onto its own.
        case ownStackPushedByAppFlow
        /// The seed's bug, the main flow's way: its first navigation pushes its own navigation controller onto AppFlow's.
        case ownStackPushingItself
    }

    let stack: NavigationController = {
        let controller = NavigationController()
        controller.isNavigationBarHidden = true
        return controller
    }()
    private let mainKind: MainFlowKind
    private let log: EventLog

    init(main mainKind: MainFlowKind = .sharingStack, log: EventLog) {
        self.mainKind = mainKind
        self.log = log
    }

    var root: any FlowPresentable { stack }

    func accepts(_ step: any Step) -> Bool {
        switch step as? AppStep {
        case .introIsRequired: stack.viewControllers.isEmpty
        case .mainIsRequired: !stack.viewControllers.contains { $0.screenName == "Main" }
        case .codingIsRequired, nil: false
        }
    }

    func navigate(to step: any Step) throws -> FlowContributors {
        switch step as? AppStep {
        case .introIsRequired:
            let intro = Screen("AppInit")
            try stack.push(intro, animated: false)
            log.record("push AppInit")
            return .one(flowContributor: .contribute(withNext: intro))
        case .mainIsRequired:
            let main: any Flow
            switch mainKind {
            case .sharingStack:
                main = MainFlow(stack: stack, log: log)
            case .ownStackPushedByAppFlow:
                let flow = MainFlowWithOwnStack(pushingOnto: nil, log: log)
                try stack.push(flow.stack, animated: true)
                main = flow
            case .ownStackPushingItself:
                main = MainFlowWithOwnStack(pushingOnto: stack, log: log)
            }
            return .one(
                flowContributor: .contribute(
                    withNextPresentable: main, withNextStepper: OneStepper(withSingleStep: AppStep.mainIsRequired)
                ))
        case .codingIsRequired, nil:
            return .none
        }
    }
}

/// Seed 004's MainFlow: shares AppFlow's navigation controller; pushes Main, then Coding.
final class MainFlow: Flow {
    let stack: NavigationController
    private let log: EventLog

    init(stack: NavigationController, log: EventLog) {
        self.stack = stack
        self.log = log
    }

    var root: any FlowPresentable { stack }

    func accepts(_ step: any Step) -> Bool {
        switch step as? AppStep {
        case .mainIsRequired: !stack.viewControllers.contains { $0.screenName == "Main" }
        case .codingIsRequired: !stack.viewControllers.contains { $0.screenName == "Coding" }
        case .introIsRequired, nil: false
        }
    }

    func navigate(to step: any Step) throws -> FlowContributors {
        let name: String
        switch step as? AppStep {
        case .mainIsRequired: name = "Main"
        case .codingIsRequired: name = "Coding"
        case .introIsRequired, nil: return .none
        }
        let screen = Screen(name)
        try stack.push(screen, animated: true)
        log.record("push \(name)")
        return .one(flowContributor: .contribute(withNext: screen))
    }
}

/// The seed's first attempt: a main flow with its own navigation controller, which ends up pushed onto AppFlow's.
final class MainFlowWithOwnStack: Flow {
    let stack = NavigationController()
    private let parentStack: NavigationController?
    private let log: EventLog

    /// - Parameter parentStack: where the first navigation pushes `stack`; nil when the parent flow does it.
    init(pushingOnto parentStack: NavigationController?, log: EventLog) {
        self.parentStack = parentStack
        self.log = log
    }

    var root: any FlowPresentable { stack }

    func accepts(_ step: any Step) -> Bool { (step as? AppStep) == .mainIsRequired }

    func navigate(to step: any Step) throws -> FlowContributors {
        if let parentStack, stack.parent == nil {
            try parentStack.push(stack, animated: true)
        }
        let main = Screen("Main")
        try stack.push(main, animated: true)
        log.record("push Main")
        return .one(flowContributor: .contribute(withNext: main))
    }
}
