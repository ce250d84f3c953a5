/// A step with its types erased, as a workflow keeps its chain: each step's types differ, and only the chain's
/// construction (`Step.onStep`) knows them.
struct ErasedStep {
    /// The step's name, if it was given one.
    let name: String?
    /// Runs the step on the previous step's item and value.
    let run: (Any, Any) -> ErasedOutcome
}

/// A `StepOutcome` with its types erased.
enum ErasedOutcome {
    case proceed(Any, Any)
    case waitUntil(String, () -> (Any, Any)?)
    case cannotProceed(String)

    init<ActionableItem, Value>(_ outcome: StepOutcome<ActionableItem, Value>) {
        switch outcome {
        case let .proceed(item, value): self = .proceed(item, value)
        case let .waitUntil(description, condition): self = .waitUntil(description, { condition().map { ($0.0, $0.1) } })
        case let .cannotProceed(why): self = .cannotProceed(why)
        }
    }
}

/// An `onError` handler and the steps it hears of: those chained before it, as RIBs' side effect sits in the stream
/// after them.
struct ErrorHandler {
    /// How many steps precede the handler.
    let stepsBefore: Int
    let handle: (WorkflowError) -> Void
}
