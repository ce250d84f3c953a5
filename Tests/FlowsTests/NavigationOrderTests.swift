import Flows
import HeadlessUI
import Testing

@Suite("willNavigate / didNavigate order")
struct NavigationOrderTests {
    @Test("the whole seed run: each navigation between its will and did, the child flow's first step after the parent's")
    func seedRun() throws {
        let app = try FlowApp.seed()
        try app.screen("AppInit").steps.accept(AppStep.mainIsRequired)
        try app.screen("Main").steps.accept(AppStep.codingIsRequired)

        #expect(app.coordinator.lastRelayError == nil)
        #expect(
            app.log.events == [
                "will AppFlow introIsRequired", "push AppInit", "did AppFlow introIsRequired",
                "will AppFlow mainIsRequired", "did AppFlow mainIsRequired",
                "will MainFlow mainIsRequired", "push Main", "did MainFlow mainIsRequired",
                "will MainFlow codingIsRequired", "push Coding", "did MainFlow codingIsRequired",
            ])
    }

    @Test("the root flow's initial step comes before what its stepper emits once ready (RxFlow: startWith, then readyToEmitSteps)")
    func rootInitialStepFirst() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in try flow.show("Home") }
        home.on(.a) { flow in try flow.show("A") }
        let app = FlowApp(home, log: log)

        try app.start(with: RecordingStepper("HomeFlow's stepper", initialStep: TestStep.start, emitWhenReady: TestStep.a, log: log))

        #expect(
            log.events == [
                "ready HomeFlow's stepper",
                "will HomeFlow start", "push Home", "did HomeFlow start", "ready Home",
                "will HomeFlow a", "push A", "did HomeFlow a", "ready A",
            ])
        #expect(app.screens == [["Home", "A"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("A")]))
    }

    @Test("a HomeFlow's launch: navigation, then its screen's stepper is listened to")
    func launch() throws {
        let app = try FlowApp.home()

        #expect(app.log.events == ["will HomeFlow start", "push Home", "did HomeFlow start", "ready Home"])
        #expect(app.screens == [["Home"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))
    }
}
