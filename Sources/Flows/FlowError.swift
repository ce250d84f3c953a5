import HeadlessUI

/// Why a step changed nothing.
public enum FlowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No flow handles the step where it was emitted.
    case notHandled(String)
    /// `.end` returned by the root flow, which has no parent to hand the step to.
    case endOfRootFlow(String)
    /// The step came from a presentable that was dismissed (and did not allow it).
    case fromDismissedPresentable(String)
    /// The step came from a presentable that is not visible (and did not allow it).
    case fromHiddenPresentable(String)
    /// UIKit refused the flow's view operation.
    case navigation(ViewHierarchyError)
    /// The flow threw something else.
    case flowFailed(String)

    public var description: String {
        switch self {
        case let .notHandled(step): "no flow handles the step \(step) here"
        case let .endOfRootFlow(step): "the root flow cannot end (step \(step))"
        case let .fromDismissedPresentable(name): "\(name) was dismissed: its steps are refused"
        case let .fromHiddenPresentable(name): "\(name) is not visible: its steps are refused"
        case let .navigation(error): error.description
        case let .flowFailed(message): message
        }
    }
}
