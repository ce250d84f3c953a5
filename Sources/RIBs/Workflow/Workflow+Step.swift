extension Workflow {
    /// A step of the workflow, to chain the next one from (RIBs' `Step`, nested here: RxFlow's `Step` is another
    /// thing, and a host imports both): its item and value are what the next step gets.
    public final class Step<Item, Value> {
        private let workflow: Workflow
        private let chain: [ErasedStep]
        private var errorHandlers: [ErrorHandler]

        init(workflow: Workflow, chain: [ErasedStep], errorHandlers: [ErrorHandler]) {
            self.workflow = workflow
            self.chain = chain
            self.errorHandlers = errorHandlers
        }

        /// Chains the next step: `body` gets this step's item and value, once the item (if it is an interactor) is
        /// active. `name` labels the step in errors.
        public func onStep<NextItem, NextValue>(
            _ name: String? = nil, _ body: @escaping (Item, Value) -> StepOutcome<NextItem, NextValue>
        ) -> Step<NextItem, NextValue> {
            let step = ErasedStep(name: name) { item, value in
                // This step's outcome made them, with these very types (its generic parameters): the casts cannot fail.
                ErasedOutcome(body(item as! Item, value as! Value))
            }
            return Step<NextItem, NextValue>(workflow: workflow, chain: chain + [step], errorHandlers: errorHandlers)
        }

        /// Calls `handler` when this step or one before it fails, before the workflow's `didReceiveError`.
        @discardableResult
        public func onError(_ handler: @escaping (WorkflowError) -> Void) -> Step {
            errorHandlers.append(ErrorHandler(stepsBefore: chain.count, handle: handler))
            return self
        }

        /// Makes the chain up to this step the one the workflow runs; returns the workflow, to subscribe. Only before
        /// the workflow is subscribed; the last commit wins (there are no forks).
        @discardableResult
        public func commit() -> Workflow {
            workflow.commit(chain, errorHandlers: errorHandlers)
            return workflow
        }
    }
}
