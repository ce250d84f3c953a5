import Flows
import HeadlessUI
import Testing

/// Ported code's kind of composite: a first step of its own, and word when the coordinator listens.
private final class StartingComposite: CompositeStepper {
    private let log: EventLog

    init(steppers: [any Stepper], log: EventLog) {
        self.log = log
        super.init(steppers: steppers)
    }

    override var initialStep: any Step { TestStep.start }

    override func readyToEmitSteps() {
        super.readyToEmitSteps()
        log.record("ready composite")
    }
}

@Suite("CompositeStepper")
struct CompositeStepperTests {
    /// Home: `.start` shows Home, `.a` pushes A, `.b` pushes B.
    private func homeFlow(_ log: EventLog) -> HomeFlow {
        let home = HomeFlow(log: log)
        home.on(.start) { flow in try flow.show("Home") }
        home.on(.a) { flow in try flow.show("A") }
        home.on(.b) { flow in try flow.show("B") }
        return home
    }

    @Test("every inner initial step in order, then each inner stepper is ready, then inner emissions")
    func initialStepsThenEmissions() throws {
        let log = EventLog()
        let app = FlowApp(homeFlow(log), log: log)
        let second = RecordingStepper("second", initialStep: TestStep.a, log: log)
        let third = RecordingStepper("third", log: log)
        let composite = CompositeStepper(steppers: [OneStepper(withSingleStep: TestStep.start), second, third])

        try app.start(with: composite)

        #expect(
            log.events == [
                "will HomeFlow start", "push Home", "did HomeFlow start", "ready Home",
                "will HomeFlow a", "push A", "did HomeFlow a", "ready A",
                "ready second", "ready third",
            ])
        log.clear()

        withExtendedLifetime(composite) { third.steps.accept(TestStep.b) }

        #expect(app.coordinator.lastRelayError == nil)
        #expect(log.events == ["will HomeFlow b", "push B", "did HomeFlow b", "ready B"])
        #expect(app.screens == [["Home", "A", "B"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("A"), .screen("B")]))
    }

    @Test("a subclass's own initial step comes first, then the inner initial steps; it may emit on its own steps too")
    func subclass() throws {
        let log = EventLog()
        let app = FlowApp(homeFlow(log), log: log)
        let inner = RecordingStepper("inner", initialStep: TestStep.a, log: log)
        let composite = StartingComposite(steppers: [inner], log: log)

        try app.start(with: composite)
        #expect(composite.initialStep is TestStep)
        composite.steps.accept(TestStep.b)

        #expect(app.coordinator.lastRelayError == nil)
        #expect(
            log.events == [
                "ready inner", "ready composite",
                "will HomeFlow start", "push Home", "did HomeFlow start", "ready Home",
                "will HomeFlow a", "push A", "did HomeFlow a", "ready A",
                "will HomeFlow b", "push B", "did HomeFlow b", "ready B",
            ])
        #expect(app.screens == [["Home", "A", "B"]])
    }

    @Test("a plain composite has no initial step of its own, as in RxFlow")
    func noOwnInitialStep() {
        let composite = CompositeStepper(steppers: [OneStepper(withSingleStep: TestStep.start)])

        #expect(composite.initialStep is NoneStep)
    }

    @Test("a composite handed to coordinate and not kept by the app still relays its inner steppers' emissions")
    func compositeNotKeptByTheApp() throws {
        let log = EventLog()
        let app = FlowApp(homeFlow(log), log: log)
        let inner = RecordingStepper("inner", log: log)
        try app.start(with: CompositeStepper(steppers: [OneStepper(withSingleStep: TestStep.start), inner]))
        log.clear()

        inner.steps.accept(TestStep.a)

        #expect(log.events == ["will HomeFlow a", "push A", "did HomeFlow a", "ready A"])
        #expect(app.screens == [["Home", "A"]])
    }
}
