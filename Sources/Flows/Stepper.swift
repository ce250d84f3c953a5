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

/// Several steppers as one (RxFlow's `CompositeStepper`): its own initial step, if a subclass gives it one, then
/// every inner initial step in order, then whatever any of them emits. Open, as ported code subclasses it.
open class CompositeStepper: Stepper {
    public let steps = StepRelay()
    /// The inner steppers.
    public let steppers: [any Stepper]

    /// Combines `steppers`.
    public init(steppers: [any Stepper]) {
        self.steppers = steppers
    }

    /// Its own first step, delivered before the inner steppers' initial steps: none unless a subclass says.
    open var initialStep: any Step { NoneStep() }

    /// Relays the inner steppers, emits their initial steps in order (read now, as RxFlow does), then tells each
    /// one it is listened to. A subclass that overrides it calls `super` first.
    open func readyToEmitSteps() {
        for stepper in steppers {
            stepper.steps.listener = { [weak self] step in self?.steps.accept(step) }
        }
        for step in steppers.map(\.initialStep) where !(step is NoneStep) { steps.accept(step) }
        for stepper in steppers { stepper.readyToEmitSteps() }
    }
}
