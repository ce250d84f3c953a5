/// Why a workflow ended before its last step: which step, and what stopped it. RIBs would wait for ever instead.
public struct WorkflowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What stopped the step.
    public enum Reason: Equatable, Sendable {
        /// The step's actionable item is an interactor that is not active (named by its type).
        case inactive(String)
        /// The condition the step waited for did not hold (its description).
        case conditionNotMet(String)
        /// The step said it cannot go on (its reason).
        case refused(String)
        /// The workflow was subscribed before `commit()`: no step ran.
        case notCommitted
    }

    /// The step, counted from 1 (the root step).
    public let step: Int
    /// The step's name, if it was given one.
    public let stepName: String?
    /// What stopped it.
    public let reason: Reason

    /// Creates the error.
    public init(step: Int, stepName: String?, reason: Reason) {
        self.step = step
        self.stepName = stepName
        self.reason = reason
    }

    public var description: String {
        let step = stepName.map { "step \(self.step) (\($0))" } ?? "step \(self.step)"
        switch reason {
        case let .inactive(item): return "\(step) cannot proceed: \(item) is not active"
        case let .conditionNotMet(condition): return "\(step) cannot proceed: still waiting until \(condition)"
        case let .refused(why): return "\(step) cannot proceed: \(why)"
        case .notCommitted: return "\(step) did not run: the workflow was subscribed before it was committed"
        }
    }
}
