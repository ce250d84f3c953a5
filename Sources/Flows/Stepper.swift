/// The channel a stepper emits on; the coordinator listening to it is set when the stepper is coordinated.
public final class StepRelay {
    var listener: ((any Step) -> Void)?

    /// Creates a relay nobody listens to yet.
    public init() {}

    /// Emits a step to the coordinator (steps emitted before coordination, or after it ended, go nowhere).
    public func accept(_ step: any Step) {
        listener?(step)
    }
}

/// Something that emits steps: a screen, a flow's own stepper, a composite.
public protocol Stepper: AnyObject {
    /// Where the stepper emits.
    var steps: StepRelay { get }
    /// The first step, delivered as soon as the stepper is coordinated (`NoneStep` for none).
    var initialStep: any Step { get }
    /// Called once the coordinator listens.
    func readyToEmitSteps()
}

extension Stepper {
    public var initialStep: any Step { NoneStep() }
    public func readyToEmitSteps() {}
}

/// Emits exactly one step, its initial one.
public final class OneStepper: Stepper {
    public let steps = StepRelay()
    public let initialStep: any Step

    /// Creates a stepper whose only step is `step`.
    public init(withSingleStep step: any Step) {
        initialStep = step
    }
}

/// Emits no step of its own (RxFlow's `DefaultStepper` emits `.home`; here a flow needs no step to exist).
public final class NoneStepper: Stepper {
    public let steps = StepRelay()

    /// Creates it.
    public init() {}
}

/// Several steppers as one: every initial step in order, then whatever any of them emits.
public final class CompositeStepper: Stepper {
    public let steps = StepRelay()
    /// The inner steppers.
    public let steppers: [any Stepper]
    private var pendingInitialSteps: [any Step]

    /// Combines `steppers`.
    public init(steppers: [any Stepper]) {
        self.steppers = steppers
        pendingInitialSteps = steppers.map(\.initialStep).filter { !($0 is NoneStep) }
    }

    public var initialStep: any Step { NoneStep() }

    public func readyToEmitSteps() {
        for stepper in steppers {
            stepper.steps.listener = { [weak self] step in self?.steps.accept(step) }
        }
        let initial = pendingInitialSteps
        pendingInitialSteps = []
        for step in initial { steps.accept(step) }
        for stepper in steppers { stepper.readyToEmitSteps() }
    }
}
