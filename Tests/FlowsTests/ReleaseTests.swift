import Flows
import HeadlessUI
import Testing

@Suite("What ended is released: the coordinator keeps no cycle alive")
struct ReleaseTests {
    @Test("a popped and pruned screen and its separate stepper (a view model) are released")
    func screenAndViewModel() throws {
        let viewModel = WeakRef<RecordingStepper>()
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                let stepper = RecordingStepper("Detail's view model")
                viewModel.object = stepper
                return .one(flowContributor: try flow.push("Detail", stepper: stepper))
            }
        }
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        let detail = WeakRef(try app.screen("Detail"))
        #expect(detail.object != nil && viewModel.object != nil)

        try app.flow.stack.userDidPop(to: app.screen("Home"))
        app.coordinator.prune()

        #expect(detail.object == nil)
        #expect(viewModel.object == nil)
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))
    }

    @Test("a popped and pruned screen that is its own stepper is released")
    func screenStepper() throws {
        let app = try FlowApp.seedWithCoding()
        let coding = WeakRef(try app.screen("Coding"))
        #expect(coding.object != nil)

        try app.flow.stack.userDidPop(to: app.screen("Main"))
        app.coordinator.prune()

        #expect(coding.object == nil)
    }

    @Test("an ended child flow and all its screens are released")
    func childFlow() throws {
        let app = try FlowApp.seedWithCoding()
        let mainFlow = WeakRef<AnyObject>(app.coordinator.root?.childFlows.first?.flow)
        let main = WeakRef(try app.screen("Main"))
        let coding = WeakRef(try app.screen("Coding"))
        #expect(mainFlow.object != nil && main.object != nil && coding.object != nil)

        try app.flow.stack.userDidPop(to: app.screen("AppInit"))
        app.coordinator.prune()

        #expect(mainFlow.object == nil)
        #expect(main.object == nil)
        #expect(coding.object == nil)
    }

    @Test("a dismissed modal flow, its navigation controller and its screen are released")
    func modalFlow() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                .one(
                    flowContributor: .contribute(
                        withNextPresentable: ModalFlow(presentingFrom: flow.stack, log: flow.log),
                        withNextStepper: OneStepper(withSingleStep: TestStep.start)
                    ))
            }
        }
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        let modalFlow = WeakRef<AnyObject>(app.coordinator.root?.childFlows.first?.flow)
        let modalStack = WeakRef(app.window.layers.last?.controller)
        let sheet = WeakRef(try app.screen("Sheet"))
        #expect(modalFlow.object != nil && modalStack.object != nil && sheet.object != nil)

        try app.flow.stack.dismiss(animated: true)
        app.coordinator.prune()

        #expect(modalFlow.object == nil)
        #expect(modalStack.object == nil)
        #expect(sheet.object == nil)
    }
}
