/// One thing a navigation produced (RxFlow's `FlowContributor`).
public enum FlowContributor {
    /// A new presentable (a screen or a child flow) and the stepper that drives it.
    case contribute(
        withNextPresentable: any FlowPresentable, withNextStepper: any Stepper,
        allowStepWhenNotPresented: Bool = false, allowStepWhenDismissed: Bool = false
    )
    /// A step for the same flow, handled after the current navigation completes.
    case forwardToCurrentFlow(withStep: any Step)
    /// A step for the parent flow, handled at once.
    case forwardToParentFlow(withStep: any Step)

    /// A presentable that is its own stepper (a screen with buttons).
    public static func contribute(withNext presentableAndStepper: any FlowPresentable & Stepper) -> FlowContributor {
        .contribute(withNextPresentable: presentableAndStepper, withNextStepper: presentableAndStepper)
    }
}

/// What `navigate(to:)` returns (RxFlow's `FlowContributors`).
public enum FlowContributors {
    /// One contributor.
    case one(flowContributor: FlowContributor)
    /// Several contributors, applied in order.
    case multiple(flowContributors: [FlowContributor])
    /// The flow ends; its parent receives the step. On the root flow this is an error.
    case end(forwardToParentFlowWithStep: any Step)
    /// Nothing further.
    case none
}
