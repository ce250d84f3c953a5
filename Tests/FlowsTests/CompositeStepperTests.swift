import Flows
import HeadlessUI
import Testing

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
