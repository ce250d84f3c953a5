import Flows
import HeadlessUI
import Testing

@Suite("Steps from a screen that is not visible")
struct HiddenStepTests {
    /// Home (with the given permission); `.a` pushes A over it; `.b` pushes B.
    private func homeCoveredByA(allowStepWhenNotPresented: Bool) throws -> FlowApp<HomeFlow> {
        let app = try FlowApp.home { home in
            home.on(.start) { flow in try flow.show("Home", allowStepWhenNotPresented: allowStepWhenNotPresented) }
            home.on(.a) { flow in try flow.show("A") }
            home.on(.b) { flow in try flow.show("B") }
        }
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        app.log.clear()
        return app
    }

    @Test("a screen covered by a pushed screen: .fromHiddenPresentable, nothing changes", arguments: Emission.allCases)
    func covered(emission: Emission) throws {
        let app = try homeCoveredByA(allowStepWhenNotPresented: false)

        #expect(throws: FlowError.fromHiddenPresentable("Home")) {
            try emission.send(TestStep.b, from: app.screen("Home"), in: app.coordinator)
        }

        #expect(app.log.events == [])
        #expect(app.screens == [["Home", "A"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("A")]))
    }

    @Test("seed 004: AppInit, covered by Main, is refused before its flow is asked")
    func seedAppInitCovered() throws {
        let app = try FlowApp.seed()
        try app.coordinator.emit(AppStep.mainIsRequired, fromPresentable: app.screen("AppInit"))
        app.log.clear()

        try app.screen("AppInit").steps.accept(AppStep.mainIsRequired)

        #expect(app.coordinator.lastRelayError == .fromHiddenPresentable("AppInit"))
        #expect(app.log.events == [])
        #expect(app.screens == [["AppInit", "Main"]])
    }

    @Test("a screen covered in the same navigation: its stepper's first step is dropped, the navigation stands")
    func coveredAtOnce() throws {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in
            .multiple(flowContributors: [
                try flow.push("S1", stepper: RecordingStepper("S1's stepper", initialStep: TestStep.a, log: flow.log)),
                try flow.push("S2"),
            ])
        }
        home.on(.a) { flow in try flow.show("A") }
        let app = FlowApp(home, log: log)

        try app.start(with: OneStepper(withSingleStep: TestStep.start))

        // RxFlow pauses a hidden screen's stepper: its steps are dropped, not an error of the navigation.
        #expect(log.events == ["will HomeFlow start", "push S1", "push S2", "did HomeFlow start", "ready S1's stepper", "ready S2"])
        #expect(app.coordinator.lastRelayError == .fromHiddenPresentable("S1"))
        #expect(app.screens == [["S1", "S2"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("S1"), .screen("S2")]))
    }

    @Test("allowStepWhenNotPresented: the covered screen's step navigates", arguments: Emission.allCases)
    func coveredButAllowed(emission: Emission) throws {
        let app = try homeCoveredByA(allowStepWhenNotPresented: true)

        try emission.send(TestStep.b, from: app.screen("Home"), in: app.coordinator)

        #expect(app.log.events == ["will HomeFlow b", "push B", "did HomeFlow b", "ready B"])
        #expect(app.screens == [["Home", "A", "B"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("A"), .screen("B")]))
    }

    @Test("a screen covered by a full-screen modal is not visible (RxFlow: viewDidDisappear makes rxVisible false)")
    func coveredByFullScreenModal() throws {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                let cover = Screen("Cover", log: flow.log)
                try flow.stack.present(cover, animated: true, style: .fullScreen)
                return .one(flowContributor: .contribute(withNext: cover))
            }
            home.on(.b) { flow in try flow.show("B") }
        }
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        #expect(app.screens == [["Home"], ["Cover"]])
        app.log.clear()

        #expect(throws: FlowError.fromHiddenPresentable("Home")) {
            try app.coordinator.emit(TestStep.b, fromPresentable: app.screen("Home"))
        }
        #expect(app.screens == [["Home"], ["Cover"]])
    }
}
