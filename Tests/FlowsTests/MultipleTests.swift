import Flows
import HeadlessUI
import Testing

@Suite(".multiple(flowContributors:)")
struct MultipleTests {
    @Test("contributors are applied in order: screens and a child flow, each stepper listened to in turn")
    func inOrder() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in
            let child = ChildFlow(stack: flow.stack, log: flow.log)
            child.on(.start) { child in try child.show("C") }
            return .multiple(flowContributors: [
                try flow.push("A"),
                .contribute(
                    withNextPresentable: child,
                    withNextStepper: RecordingStepper("ChildFlow's stepper", initialStep: TestStep.start, log: flow.log)
                ),
                try flow.push("B"),
            ])
        }
        let app = FlowApp(home, log: log)

        try app.start(with: OneStepper(withSingleStep: TestStep.start))

        #expect(
            log.events == [
                "will HomeFlow start", "push A", "push B", "did HomeFlow start",
                "ready A", "ready ChildFlow's stepper", "ready B",
                "will ChildFlow start", "push C", "did ChildFlow start", "ready C",
            ])
        #expect(app.tree == .flow("HomeFlow", [.screen("A"), .flow("ChildFlow", [.screen("C")]), .screen("B")]))
        #expect(app.coordinator.root?.contributions.map(\.screenName) == ["A", "B"])
        #expect(app.coordinator.root?.childFlows.map(\.name) == ["ChildFlow"])
        #expect(app.screens == [["A", "B", "C"]])
    }
}
