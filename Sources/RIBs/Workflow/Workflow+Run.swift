extension Workflow {
    /// The next thing a running or waiting workflow does.
    enum Cursor {
        /// Step `index` (from 0) runs next on this item and value, once the item, if an interactor, is active.
        case before(index: Int, item: Any, value: Any)
        /// Step `index` ran and waits until its condition returns the next item and value.
        case waiting(index: Int, description: String, condition: () -> (Any, Any)?)
    }

    /// Runs steps until the workflow ends or a step waits.
    func advance() {
        guard !isAdvancing, let chain else { return }
        isAdvancing = true
        defer { isAdvancing = false }
        while let cursor {
            switch cursor {
            case let .before(index, item, value):
                guard index < chain.count else { return complete() }
                let step = chain[index]
                // RIBs' wait for the item's interactor to be active, looked at now instead of observed.
                if let scope = item as? any InteractorScope, !scope.isActive {
                    let reason = WorkflowError.Reason.inactive(String(describing: type(of: scope)))
                    state = .waiting(step: index + 1, stepName: step.name, reason: reason)
                    return
                }
                state = .running
                let outcome = step.run(item, value)
                // The step's own code may have cancelled the workflow.
                guard state == .running else { return }
                switch outcome {
                case let .proceed(next, nextValue):
                    self.cursor = .before(index: index + 1, item: next, value: nextValue)
                case let .waitUntil(description, condition):
                    self.cursor = .waiting(index: index, description: description, condition: condition)
                case let .cannotProceed(why):
                    return fail(WorkflowError(step: index + 1, stepName: step.name, reason: .refused(why)))
                }
            case let .waiting(index, description, condition):
                state = .running
                let answer = condition()
                guard state == .running else { return }
                guard let (next, nextValue) = answer else {
                    state = .waiting(step: index + 1, stepName: chain[index].name, reason: .conditionNotMet(description))
                    return
                }
                self.cursor = .before(index: index + 1, item: next, value: nextValue)
            }
        }
    }

    /// Ends the workflow with `error`: the handlers that cover the step first, then `didReceiveError`.
    func fail(_ error: WorkflowError) {
        cursor = nil
        state = .failed(error)
        for handler in errorHandlers where error.step <= handler.stepsBefore { handler.handle(error) }
        didReceiveError(error)
    }

    private func complete() {
        cursor = nil
        state = .completed
        didComplete()
    }
}
