import Flows
import HeadlessUI
import Testing

@Suite("allowStepWhenDismissed and allowStepWhenNotPresented given for a child flow")
struct ChildFlowPermissionTests {
    /// Home; `.a` starts ModalFlow (its own navigation controller presented from Home's, showing Sheet) with the
    /// given permission and a stepper the test drives. ModalFlow's `.b` presents its stack again, `.c` pushes C.
    private func homeWithModal(allowStepWhenDismissed: Bool) throws -> (FlowApp<HomeFlow>, RecordingStepper) {
        let modalStepper = RecordingStepper("ModalFlow's stepper", initialStep: TestStep.start)
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                let modal = ModalFlow(presentingFrom: flow.stack, log: flow.log)
                modal.on(.b) { [stack = flow.stack] modal in
                    try stack.present(modal.stack, animated: true)
                    return .none
                }
                modal.on(.c) { modal in try modal.show("C") }
                return .one(
                    flowContributor: .contribute(
                        withNextPresentable: modal, withNextStepper: modalStepper, allowStepWhenDismissed: allowStepWhenDismissed))
            }
        }
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        try #require(app.window.layers.last).controller.userDidDismissInteractively()
        app.coordinator.prune()
        app.log.clear()
        return (app, modalStepper)
    }

    @Test("allowStepWhenDismissed: its root swiped down, the flow and its screens outlive the prune")
    func dismissedAllowed() throws {
        let (app, _) = try homeWithModal(allowStepWhenDismissed: true)

        #expect(app.log.events == [])
        #expect(app.screens == [["Home"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .flow("ModalFlow", [.screen("Sheet")])]))
        #expect(app.coordinator.root?.childFlows.first?.allowStepWhenDismissed == true)
    }

    @Test("allowStepWhenDismissed: its stepper shows its root again, and its screen's steps are heard then")
    func dismissedAllowedShownAgain() throws {
        let (app, modalStepper) = try homeWithModal(allowStepWhenDismissed: true)

        modalStepper.steps.accept(TestStep.b)
        try app.screen("Sheet").steps.accept(TestStep.c)

        #expect(app.coordinator.lastRelayError == nil)
        #expect(
            app.log.events == [
                "will ModalFlow b", "did ModalFlow b", "will ModalFlow c", "push C", "did ModalFlow c", "ready C",
            ])
        #expect(app.screens == [["Home"], ["Sheet", "C"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .flow("ModalFlow", [.screen("Sheet"), .screen("C")])]))
    }

    @Test("without it (the default), the same swipe ends the flow, and its stepper is no longer heard")
    func dismissedNotAllowed() throws {
        let (app, modalStepper) = try homeWithModal(allowStepWhenDismissed: false)
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))

        modalStepper.steps.accept(TestStep.b)

        #expect(app.log.events == [])
        #expect(app.screens == [["Home"]])
    }

    /// Home; `.a` starts ChildFlow on Home's stack with the given permission: it shows Form, then Over above it.
    /// Form's `.c` pushes C.
    private func childWithCoveredForm(allowStepWhenNotPresented: Bool) throws -> FlowApp<HomeFlow> {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                let child = ChildFlow(stack: flow.stack, log: flow.log)
                child.on(.start) { child in .multiple(flowContributors: [try child.push("Form"), try child.push("Over")]) }
                child.on(.c) { child in try child.show("C") }
                return .one(
                    flowContributor: .contribute(
                        withNextPresentable: child, withNextStepper: OneStepper(withSingleStep: TestStep.start),
                        allowStepWhenNotPresented: allowStepWhenNotPresented))
            }
        }
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        app.log.clear()
        return app
    }

    @Test("allowStepWhenNotPresented: a screen the child flow contributed is heard while covered", arguments: Emission.allCases)
    func coveredAllowed(emission: Emission) throws {
        let app = try childWithCoveredForm(allowStepWhenNotPresented: true)

        try emission.send(TestStep.c, from: app.screen("Form"), in: app.coordinator)

        #expect(app.log.events == ["will ChildFlow c", "push C", "did ChildFlow c", "ready C"])
        #expect(app.screens == [["Home", "Form", "Over", "C"]])
    }

    @Test("without it (the default), the covered screen's step is refused", arguments: Emission.allCases)
    func coveredNotAllowed(emission: Emission) throws {
        let app = try childWithCoveredForm(allowStepWhenNotPresented: false)

        #expect(throws: FlowError.fromHiddenPresentable("Form")) {
            try emission.send(TestStep.c, from: app.screen("Form"), in: app.coordinator)
        }

        #expect(app.log.events == [])
        #expect(app.screens == [["Home", "Form", "Over"]])
    }

    @Test("what the root flow allows holds for every flow below it and their screens")
    func inheritedFromTheRoot() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in
            let child = ChildFlow(stack: flow.stack, log: flow.log)
            child.on(.start) { child in .multiple(flowContributors: [try child.push("Form"), try child.push("Over")]) }
            child.on(.c) { child in try child.show("C") }
            return .multiple(flowContributors: [
                try flow.push("Home"),
                .contribute(withNextPresentable: child, withNextStepper: OneStepper(withSingleStep: TestStep.start)),
            ])
        }
        let app = FlowApp(home, log: log)
        try app.start(with: OneStepper(withSingleStep: TestStep.start), allowStepWhenNotPresented: true)
        log.clear()

        try app.screen("Form").steps.accept(TestStep.c)

        #expect(app.coordinator.lastRelayError == nil)
        #expect(app.coordinator.root?.childFlows.map(\.allowStepWhenNotPresented) == [true])
        #expect(log.events == ["will ChildFlow c", "push C", "did ChildFlow c", "ready C"])
    }

    @Test("a child flow's own stepper is heard while its root is covered, without allowStepWhenNotPresented (as in RxFlow)")
    func flowStepperWhileCovered() throws {
        let (app, modalStepper) = try homeWithModal(allowStepWhenDismissed: true)
        modalStepper.steps.accept(TestStep.b)
        let modalStack = try #require(app.window.layers.last).controller
        try modalStack.present(Screen("Cover"), animated: true, style: .fullScreen)
        #expect(!modalStack.isVisible)
        app.log.clear()

        modalStepper.steps.accept(TestStep.c)

        #expect(app.coordinator.lastRelayError == nil)
        #expect(app.log.events == ["will ModalFlow c", "push C", "did ModalFlow c", "ready C"])
        #expect(app.screens == [["Home"], ["Sheet", "C"], ["Cover"]])
    }
}
