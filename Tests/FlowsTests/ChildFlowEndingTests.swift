import Flows
import HeadlessUI
import Testing

@Suite("A child flow ends when what it showed leaves the screen")
struct ChildFlowEndingTests {
    /// Home; `.a` starts ModalFlow, which presents its own navigation controller showing Sheet.
    private func homeWithModal() throws -> FlowApp<HomeFlow> {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                .one(
                    flowContributor: .contribute(
                        withNextPresentable: ModalFlow(presentingFrom: flow.stack, log: flow.log),
                        withNextStepper: OneStepper(withSingleStep: TestStep.start)
                    ))
            }
        }
        app.log.clear()
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        return app
    }

    @Test("a flow presenting its own navigation controller modally")
    func modalPresented() throws {
        let app = try homeWithModal()

        #expect(
            app.log.events == [
                "will HomeFlow a", "did HomeFlow a",
                "will ModalFlow start", "push Sheet", "present NavigationController", "did ModalFlow start", "ready Sheet",
            ])
        #expect(app.screens == [["Home"], ["Sheet"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .flow("ModalFlow", [.screen("Sheet")])]))
    }

    @Test("its root dismissed by the user: at prune its screens end, then the flow, which leaves the tree")
    func modalDismissed() throws {
        let app = try homeWithModal()
        let sheet = try app.screen("Sheet")
        app.log.clear()

        try #require(app.window.layers.last).controller.userDidDismissInteractively()
        app.coordinator.prune()

        #expect(app.log.events == ["end Sheet (screen)", "end ModalFlow (flow)"])
        #expect(app.screens == [["Home"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))
        #expect(app.coordinator.root?.childFlows.isEmpty == true)

        sheet.steps.accept(TestStep.b)
        #expect(app.coordinator.lastRelayError == .fromDismissedPresentable("Sheet"))
    }

    @Test("a flow sharing its parent's stack ends when its last screen is popped")
    func sharingFlowEmptied() throws {
        let app = try FlowApp.seedWithCoding()
        app.log.clear()

        try app.flow.stack.userDidPop(to: app.screen("AppInit"))
        app.coordinator.prune()

        #expect(app.log.events == ["end Main (screen)", "end Coding (screen)", "end MainFlow (flow)"])
        #expect(app.screens == [["AppInit"]])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit")]))
        #expect(app.coordinator.root?.childFlows.isEmpty == true)
    }

    @Test("a flow sharing its parent's stack lives on while one of its screens is left")
    func sharingFlowPartlyPopped() throws {
        let app = try FlowApp.seedWithCoding()
        app.log.clear()

        try app.flow.stack.pop(animated: true)
        app.coordinator.prune()

        #expect(app.log.events == ["end Coding (screen)"])
        #expect(app.screens == [["AppInit", "Main"]])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit"), .flow("MainFlow", [.screen("Main")])]))
    }

    @Test("after the shared flow ended, AppInit hands over to a new MainFlow again")
    func mainAgain() throws {
        let app = try FlowApp.seedWithCoding()
        try app.flow.stack.userDidPop(to: app.screen("AppInit"))
        app.coordinator.prune()
        app.log.clear()

        try app.coordinator.emit(AppStep.mainIsRequired, fromPresentable: app.screen("AppInit"))

        #expect(
            app.log.events == [
                "will AppFlow mainIsRequired", "did AppFlow mainIsRequired",
                "will MainFlow mainIsRequired", "push Main", "did MainFlow mainIsRequired",
            ])
        #expect(app.screens == [["AppInit", "Main"]])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit"), .flow("MainFlow", [.screen("Main")])]))
    }
}
