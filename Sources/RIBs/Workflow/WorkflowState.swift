/// Where a workflow is: RIBs' workflow has no such thing to read (it is a stream); a host running one inside a
/// request reads it to answer.
public enum WorkflowState: Equatable, Sendable {
    /// Not subscribed yet.
    case idle
    /// A step is running (read from the step's own code).
    case running
    /// Waiting at `step` (counted from 1) for what `reason` names: its item's interactor to be active, or its
    /// condition to hold. `resume()` looks again; `settle()` would fail it with that reason.
    case waiting(step: Int, stepName: String?, reason: WorkflowError.Reason)
    /// Every step ran; `didComplete()` was called.
    case completed
    /// A step could not go on; `didReceiveError(_:)` was called.
    case failed(WorkflowError)
    /// Cancelled before it ended (RIBs' disposal): no hook was called.
    case cancelled

    /// Whether the workflow has ended (completed, failed or cancelled).
    public var isEnded: Bool {
        switch self {
        case .completed, .failed, .cancelled: return true
        case .idle, .running, .waiting: return false
        }
    }
}
