import Flows
import HeadlessUI

/// A declared flow: its navigation controller (its own, or the one of the flow that contributed it) and what
/// each step it takes contributes, as RxFlow's `navigate(to:)` switch would.
final class DeclaredFlow: Flow {
    let model: FlowModel
    private let stack: NavigationController

    /// Creates the flow; `parentStack` is the contributing flow's, which a flow rooted on its parent shares.
    init(model: FlowModel, parentStack: NavigationController?) {
        self.model = model
        switch model.root {
        case let .stack(navigationBarHidden):
            stack = NavigationController()
            stack.isNavigationBarHidden = navigationBarHidden
        case .parent:
            // The loader refuses a root flow on its parent's stack: only a contributed flow has one.
            stack = parentStack ?? NavigationController()
        }
    }

    /// The flow's name as the file gives it (the coordinator's tree shows the type's name until `Flow` has one).
    var name: String { model.name }

    var root: any FlowPresentable { stack }

    func accepts(_ step: any Step) -> Bool {
        guard let name = DeclaredStep.name(of: step) else { return false }
        return Self.accepts(name, in: model, on: stack)
    }

    /// Whether a flow of `model` on `stack` (nil: a fresh one of its own) would take the step `name` now: a push
    /// of a screen not on the stack yet, a presentation while nothing is presented, a dismissal while something
    /// is, a child flow that takes its first step, an end always.
    static func accepts(_ name: String, in model: FlowModel, on stack: NavigationController?) -> Bool {
        guard let contribution = model.navigations.first(where: { $0.step == name })?.contribution else { return false }
        switch contribution {
        case let .push(screen, _):
            return !(stack?.viewControllers.contains { $0.screenName == screen } ?? false)
        case .present:
            return stack?.presentedViewController == nil
        case let .flow(child, step, presented):
            if presented != nil, stack?.presentedViewController != nil { return false }
            guard let step else { return true }
            return accepts(step, in: child, on: child.root == .parent ? stack : nil)
        case .dismiss:
            return stack?.presentedViewController != nil
        case .end:
            return true
        }
    }

    func navigate(to step: any Step) throws -> FlowContributors {
        guard let name = DeclaredStep.name(of: step), let contribution = model.navigations.first(where: { $0.step == name })?.contribution
        else { return .none }
        switch contribution {
        case let .push(screenName, animated):
            let screen = DeclaredStepperScreen(screenName: screenName)
            try stack.push(screen, animated: animated)
            return .one(flowContributor: .contribute(withNext: screen))
        case let .present(screenName, style):
            let screen = DeclaredStepperScreen(screenName: screenName)
            try stack.present(screen, animated: true, style: style)
            return .one(flowContributor: .contribute(withNext: screen))
        case let .flow(child, step, presented):
            let flow = DeclaredFlow(model: child, parentStack: stack)
            if let presented { try stack.present(flow.stack, animated: true, style: presented) }
            let stepper: any Stepper = step.map { OneStepper(withSingleStep: DeclaredStep(rawValue: $0)) } ?? NoneStepper()
            return .one(flowContributor: .contribute(withNextPresentable: flow, withNextStepper: stepper))
        case .dismiss:
            try stack.dismiss(animated: true)
            return .none
        case let .end(forward):
            return .end(forwardToParentFlowWithStep: DeclaredStep(rawValue: forward))
        }
    }
}
