import Flows
import HeadlessUI
import Testing

@Suite(".end(forwardToParentFlowWithStep:)")
struct EndTests {
    /// Home; `.a` starts ChildFlow (sharing Home's stack) which shows Form; Form's `.done` pops it and ends
    /// ChildFlow with `.b`, for which HomeFlow shows Summary.
    private func homeWithForm() throws -> FlowApp<HomeFlow> {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                let child = ChildFlow(stack: flow.stack, log: flow.log)
                child.on(.start) { child in try child.show("Form") }
                child.on(.done) { child in
                    try child.pop()
                    return .end(forwardToParentFlowWithStep: TestStep.b)
                }
                return .one(
                    flowContributor: .contribute(
                        withNextPresentable: child, withNextStepper: OneStepper(withSingleStep: TestStep.start)
                    ))
            }
            home.on(.b) { flow in try flow.show("Summary") }
        }
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        return app
    }

    @Test("a child flow ends: its screens and itself end, it leaves the tree, the parent navigates with the step")
    func childEnds() throws {
        let app = try homeWithForm()
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .flow("ChildFlow", [.screen("Form")])]))
        #expect(app.screens == [["Home", "Form"]])
        app.log.clear()

        try app.screen("Form").steps.accept(TestStep.done)

        #expect(app.coordinator.lastRelayError == nil)
        #expect(
            app.log.events == [
                "will ChildFlow done", "pop Form", "did ChildFlow done",
                "end Form (screen)", "end ChildFlow (flow)",
                "will HomeFlow b", "push Summary", "did HomeFlow b", "ready Summary",
            ])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("Summary")]))
        #expect(app.coordinator.root?.childFlows.isEmpty == true)
        #expect(app.screens == [["Home", "Summary"]])
    }

    @Test(".end on the root flow: .endOfRootFlow, after the navigation was announced; nothing else changes")
    func rootEnds() throws {
        let app = try FlowApp.home { home in home.on(.c) { _ in .end(forwardToParentFlowWithStep: TestStep.b) } }
        app.log.clear()

        #expect(throws: FlowError.endOfRootFlow("b")) {
            try app.coordinator.emit(TestStep.c, fromPresentable: app.screen("Home"))
        }

        #expect(app.log.events == ["will HomeFlow c", "did HomeFlow c"])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))
        #expect(app.coordinator.root?.isActive == true)
        #expect(app.screens == [["Home"]])
    }

    @Test("stop() ends every screen and flow, children before their flow, and empties the tree")
    func stop() throws {
        let app = try FlowApp.seedWithCoding()
        app.log.clear()

        app.coordinator.stop()

        #expect(
            app.log.events == [
                "end AppInit (screen)", "end Main (screen)", "end Coding (screen)", "end MainFlow (flow)", "end AppFlow (flow)",
            ])
        #expect(app.tree == .flow("AppFlow (ended)", []))
    }
}
