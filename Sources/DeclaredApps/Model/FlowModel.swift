import HeadlessUI

/// The RxFlow-style half of the format: flows, the steps clients send, and the first step.
struct FlowAppModel: Sendable {
    let root: FlowModel
    /// The root flow's first step (its `OneStepper`), if any.
    let initialStep: String?
    /// The step names clients may send (`{"type":"step","step":…}`).
    let steps: [String]
    /// The app's declared event types that reach the flows as steps, themselves.
    let eventSteps: [String]
}

/// One declared flow: its root and what each step it takes contributes.
final class FlowModel: Sendable {
    /// Where a flow's screens go.
    enum Root: Sendable, Equatable {
        /// A navigation controller of its own.
        case stack(navigationBarHidden: Bool)
        /// The flow that contributed it's root (seed 004's MainFlow on AppFlow's navigation controller).
        case parent
    }

    let name: String
    let root: Root
    /// The steps the flow takes, in the order it lists them, each with what it contributes.
    let navigations: [(step: String, contribution: FlowContributionModel)]

    init(name: String, root: Root, navigations: [(step: String, contribution: FlowContributionModel)]) {
        self.name = name
        self.root = root
        self.navigations = navigations
    }
}

/// What navigating to a step contributes.
enum FlowContributionModel: Sendable {
    /// A screen pushed onto the flow's stack, itself the stepper of the steps a client sends from it.
    case push(screen: String, animated: Bool)
    /// A screen presented from the flow's root.
    case present(screen: String, style: ModalPresentationStyle)
    /// A child flow, started with `step`; presented from this flow's root in `presented` style when it has a
    /// stack of its own.
    case flow(FlowModel, step: String?, presented: ModalPresentationStyle?)
    /// Dismisses what the flow's root presents.
    case dismiss
    /// Ends the flow; its parent receives `forward`.
    case end(forward: String)
}
