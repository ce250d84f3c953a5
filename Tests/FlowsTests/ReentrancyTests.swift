import Flows
import HeadlessUI
import Testing

/// FlowCoordinator's contract: "steps emitted while a navigation runs are queued and handled, in order".
@Suite("Steps emitted while a navigation runs")
struct ReentrancyTests {
    @Test("a step a view model emits as soon as it is listened to waits for the rest of the navigation's contributors")
    func emittedWhenReady() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in
            .multiple(flowContributors: [
                try flow.push("Home", stepper: RecordingStepper("Home's view model", emitWhenReady: TestStep.a, log: flow.log)),
                .contribute(
                    withNextPresentable: ChildFlow(stack: flow.stack, log: flow.log),
                    withNextStepper: RecordingStepper("ChildFlow's stepper", log: flow.log)
                ),
            ])
        }
        home.on(.a) { flow in try flow.show("A") }
        let app = FlowApp(home, log: log)

        try app.start(with: OneStepper(withSingleStep: TestStep.start))

        #expect(
            log.events == [
                "will HomeFlow start", "push Home", "did HomeFlow start",
                "ready Home's view model", "ready ChildFlow's stepper",
                "will HomeFlow a", "push A", "did HomeFlow a", "ready A",
            ])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .flow("ChildFlow", []), .screen("A")]))
        #expect(app.screens == [["Home", "A"]])
    }

    @Test("an unhandled first step fails coordinate whether it comes from a OneStepper or a CompositeStepper")
    func unhandledFirstStep() throws {
        let log = EventLog()
        let one = FlowApp(HomeFlow(log: log), log: log)
        #expect(throws: FlowError.notHandled("c")) {
            try one.start(with: OneStepper(withSingleStep: TestStep.c))
        }

        let composite = FlowApp(HomeFlow(log: log), log: log)
        #expect(throws: FlowError.notHandled("c")) {
            try composite.start(with: CompositeStepper(steppers: [OneStepper(withSingleStep: TestStep.c)]))
        }
        #expect(log.events == [])
    }
}
