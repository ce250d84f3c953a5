import Flows
import HeadlessUI

/// A screen with buttons: its own stepper; logs `ready Name` when the coordinator starts listening.
final class Screen: ViewController, Stepper {
    let steps = StepRelay()
    private let log: EventLog?

    init(_ name: String, log: EventLog? = nil) {
        self.log = log
        super.init(screenName: name)
    }

    func readyToEmitSteps() { log?.record("ready \(screenName)") }
}

/// A stepper separate from its screen (a view model); optionally emits `initialStep`, logs when listened to.
final class RecordingStepper: Stepper {
    let steps = StepRelay()
    let initialStep: any Step
    private let name: String
    private let log: EventLog?
    private let emitWhenReady: (any Step)?

    /// - Parameter emitWhenReady: a step emitted from `readyToEmitSteps()`, as a view model that starts working at once.
    init(_ name: String, initialStep: any Step = NoneStep(), emitWhenReady: (any Step)? = nil, log: EventLog? = nil) {
        self.name = name
        self.initialStep = initialStep
        self.emitWhenReady = emitWhenReady
        self.log = log
    }

    func readyToEmitSteps() {
        log?.record("ready \(name)")
        if let emitWhenReady { steps.accept(emitWhenReady) }
    }
}
