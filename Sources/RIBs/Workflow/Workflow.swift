/// A deep link through the RIB tree as a chain of steps (RIBs' `Workflow`): each step gets an actionable item
/// (usually an interactor) and a value, acts on it, and hands the next item and value on.
///
/// It runs synchronously, on the thread that drives the tree: `subscribe` runs the steps as far as they go. A step
/// whose item is an inactive interactor, or that answers `.waitUntil`, leaves the workflow waiting; `resume()`
/// looks again (app code calls it after what the step waits for happened, as RIBs' replay subjects emit), and
/// `settle()` ends a wait that still does not hold with a `WorkflowError` naming the step. `run(_:)` does both in
/// one call: a host answering one request with a whole workflow gets it completed or failed, never left waiting.
/// Unlike RIBs, nothing waits for ever, and nothing moves on its own between two calls.
open class Workflow<ActionableItem>: Cancellable {
    /// Where the workflow is.
    public internal(set) final var state = WorkflowState.idle
    /// The committed steps, nil until `commit()`.
    var chain: [ErasedStep]?
    var errorHandlers: [ErrorHandler] = []
    /// The next thing to do while the workflow runs or waits; nil before and after. Holds the step's item (and so
    /// its interactor) while waiting: settle or cancel a workflow that must not keep it.
    var cursor: Cursor?
    /// Set while steps run: a step's own code that resumes the workflow returns at once, the running loop goes on.
    var isAdvancing = false

    /// Creates a workflow with no steps.
    public init() {}

    /// Called once, after the last step went on.
    open func didComplete() {}

    /// Called once, when a step cannot go on (after the steps' `onError` handlers).
    open func didReceiveError(_ error: WorkflowError) {}

    /// Starts the chain with the root step: `body` gets the item `subscribe` is given, once it (if it is an
    /// interactor) is active. `name` labels the step in errors.
    public final func onStep<NextActionableItem, NextValue>(
        _ name: String? = nil, _ body: @escaping (ActionableItem) -> StepOutcome<NextActionableItem, NextValue>
    ) -> Step<NextActionableItem, NextValue> {
        Step<ActionableItem, Void>(workflow: self, chain: [], errorHandlers: [])
            .onStep(name) { item, _ in body(item) }
    }

    /// Runs the committed steps from `root` as far as they go now (RIBs' `subscribe`); returns the workflow, to
    /// cancel (`cancelOnDeactivate(interactor:)`). One run per workflow: later calls do nothing. Before `commit()`,
    /// the workflow fails with `.notCommitted`.
    @discardableResult
    public final func subscribe(_ root: ActionableItem) -> Self {
        guard state == .idle else { return self }
        guard chain != nil else {
            fail(WorkflowError(step: 1, stepName: nil, reason: .notCommitted))
            return self
        }
        cursor = .before(index: 0, item: root, value: ())
        advance()
        return self
    }

    /// Looks again at what a waiting step waits for, and goes on as far as the steps go now.
    public final func resume() {
        guard case .waiting = state else { return }
        advance()
    }

    /// Resumes, then fails a step still waiting with what it waits for. Afterwards the workflow has ended, unless a
    /// step's own code called it (the running steps go on).
    public final func settle() {
        resume()
        guard case let .waiting(step, stepName, reason) = state else { return }
        fail(WorkflowError(step: step, stepName: stepName, reason: reason))
    }

    /// Subscribes and settles: the whole workflow in one call. Returns how it ended.
    @discardableResult
    public final func run(_ root: ActionableItem) -> WorkflowState {
        subscribe(root)
        settle()
        return state
    }

    /// Ends the workflow where it is, calling no hook (RIBs' disposal); idempotent.
    public final func cancel() {
        guard !state.isEnded else { return }
        cursor = nil
        state = .cancelled
    }

    /// Takes the chain `Step.commit()` built, unless the workflow has been subscribed.
    final func commit(_ steps: [ErasedStep], errorHandlers: [ErrorHandler]) {
        guard state == .idle else { return }
        chain = steps
        self.errorHandlers = errorHandlers
    }
}
