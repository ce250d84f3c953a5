import Flows
import HeadlessUI
import Testing

@Suite("Forwarding steps: to the current flow later, to the parent flow at once")
struct ForwardingTests {
    @Test(".forwardToCurrentFlow is handled once the current navigation's contributors are all applied")
    func toCurrentFlow() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                .multiple(flowContributors: [.forwardToCurrentFlow(withStep: TestStep.b), try flow.push("A")])
            }
            home.on(.b) { flow in try flow.show("B") }
        }
        app.log.clear()

        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))

        #expect(
            app.log.events == [
                "will HomeFlow a", "push A", "did HomeFlow a", "ready A",
                "will HomeFlow b", "push B", "did HomeFlow b", "ready B",
            ])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("A"), .screen("B")]))
        #expect(app.screens == [["Home", "A", "B"]])
    }

    @Test(".forwardToParentFlow is handled by the parent at once, before the child's next contributor")
    func toParentFlow() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                let child = ChildFlow(stack: flow.stack, log: flow.log)
                child.on(.start) { child in
                    .multiple(flowContributors: [.forwardToParentFlow(withStep: TestStep.b), try child.push("Form")])
                }
                return .one(
                    flowContributor: .contribute(
                        withNextPresentable: child, withNextStepper: OneStepper(withSingleStep: TestStep.start)
                    ))
            }
            home.on(.b) { flow in try flow.show("B") }
        }
        app.log.clear()

        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))

        #expect(
            app.log.events == [
                "will HomeFlow a", "did HomeFlow a",
                "will ChildFlow start", "push Form", "did ChildFlow start",
                "will HomeFlow b", "push B", "did HomeFlow b", "ready B",
                "ready Form",
            ])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .flow("ChildFlow", [.screen("Form")]), .screen("B")]))
        #expect(app.screens == [["Home", "Form", "B"]])
    }

    @Test(".forwardToParentFlow from the root flow: .notHandled")
    func toParentOfRoot() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { _ in .one(flowContributor: .forwardToParentFlow(withStep: TestStep.b)) }
            home.on(.b) { flow in try flow.show("B") }
        }
        app.log.clear()

        #expect(throws: FlowError.notHandled("b")) {
            try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        }

        #expect(app.log.events == ["will HomeFlow a", "did HomeFlow a"])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))
        #expect(app.screens == [["Home"]])
    }
}
