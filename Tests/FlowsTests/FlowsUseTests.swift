import Flows
import HeadlessUI
import Testing

@Suite("Flows.use(_:in:when:)")
struct FlowsUseTests {
    @Test(".created runs at once with the flow's root, before anything navigated")
    func created() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in try flow.show("Home") }
        let app = FlowApp(home, log: log)

        Flows.use(home, in: app.coordinator, when: .created) { root in
            log.record("use(.created) root is the flow's stack: \(root === home.stack)")
        }
        #expect(log.events == ["use(.created) root is the flow's stack: true"])

        try app.start(with: OneStepper(withSingleStep: TestStep.start))
        #expect(
            log.events == [
                "use(.created) root is the flow's stack: true",
                "will HomeFlow start", "push Home", "did HomeFlow start", "ready Home",
            ])
    }

    @Test(".ready runs once the flow and the child flow it contributed have both navigated")
    func ready() throws {
        let log = EventLog()
        let rootStepper = RecordingStepper("HomeFlow's stepper", log: log)
        let childStepper = RecordingStepper("ChildFlow's stepper", log: log)
        let home = HomeFlow(log: log)
        home.on(.start) { flow in
            let child = ChildFlow(stack: flow.stack, log: flow.log)
            child.on(.a) { child in try child.show("A") }
            return .multiple(flowContributors: [
                try flow.push("Home"),
                .contribute(withNextPresentable: child, withNextStepper: childStepper),
            ])
        }
        let app = FlowApp(home, log: log)
        try app.start(with: rootStepper)
        Flows.use(home, in: app.coordinator, when: .ready) { root in
            log.record("use(.ready) root is the flow's stack: \(root === home.stack)")
        }
        #expect(log.events == ["ready HomeFlow's stepper"])
        #expect(app.coordinator.root?.isReady == false)
        log.clear()

        rootStepper.steps.accept(TestStep.start)

        #expect(
            log.events == [
                "will HomeFlow start", "push Home", "did HomeFlow start", "ready Home", "ready ChildFlow's stepper",
            ])
        #expect(app.coordinator.root?.isReady == false)
        #expect(app.coordinator.root?.childFlows.map(\.isReady) == [false])
        log.clear()

        childStepper.steps.accept(TestStep.a)

        #expect(
            log.events == [
                "will ChildFlow a", "push A", "did ChildFlow a", "ready A",
                "use(.ready) root is the flow's stack: true",
            ])
        #expect(app.coordinator.root?.isReady == true)
        #expect(app.coordinator.root?.childFlows.map(\.isReady) == [true])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .flow("ChildFlow", [.screen("A")])]))
    }

    @Test(".ready on a flow that is already ready runs at once")
    func alreadyReady() throws {
        let app = try FlowApp.home()
        app.log.clear()

        Flows.use(app.flow, in: app.coordinator, when: .ready) { _ in app.log.record("use(.ready)") }

        #expect(app.log.events == ["use(.ready)"])
    }

    @Test(".ready registered before coordinate (RxFlow's usual order) waits for the first navigation")
    func readyBeforeCoordinate() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in try flow.show("Home") }
        let app = FlowApp(home, log: log)

        Flows.use(home, in: app.coordinator, when: .ready) { _ in log.record("use(.ready)") }
        try app.start(with: OneStepper(withSingleStep: TestStep.start))

        #expect(log.events == ["will HomeFlow start", "push Home", "did HomeFlow start", "ready Home", "use(.ready)"])
    }

    @Test("steps sent from a .ready block are handled in the same run, with what their navigations queue, in order")
    func stepsFromTheReadyBlock() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in try flow.show("Home") }
        // A's own stepper starts with `.b`: pushed once A is up.
        home.on(.a) { flow in
            .one(flowContributor: try flow.push("A", stepper: RecordingStepper("A's stepper", initialStep: TestStep.b, log: flow.log)))
        }
        home.on(.b) { flow in try flow.show("B") }
        home.on(.c) { flow in try flow.show("C") }
        let app = FlowApp(home, log: log)
        let stepper = RecordingStepper("HomeFlow's stepper", initialStep: TestStep.start, log: log)
        Flows.use(home, in: app.coordinator, when: .ready) { _ in
            stepper.steps.accept(TestStep.a)
            stepper.steps.accept(TestStep.c)
        }

        try app.start(with: stepper)

        #expect(app.coordinator.lastRelayError == nil)
        #expect(app.screens == [["Home", "A", "B", "C"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("A"), .screen("B"), .screen("C")]))
    }
}
