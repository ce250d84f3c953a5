import Flows
import HeadlessUI
import Testing

@Suite("Steps from a dismissed screen")
struct DismissedStepTests {
    @Test("a swiped-back screen's contribution ends at prune; its later steps are refused and change nothing")
    func swipedBack() throws {
        let app = try FlowApp.seedWithCoding()
        let coding = try app.screen("Coding")
        app.log.clear()

        try app.flow.stack.userDidPop(to: app.screen("Main"))
        app.coordinator.prune()

        #expect(app.log.events == ["end Coding (screen)"])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit"), .flow("MainFlow", [.screen("Main")])]))
        #expect(app.coordinator.contribution(showing: coding) == nil)
        app.log.clear()

        coding.steps.accept(AppStep.codingIsRequired)

        #expect(app.coordinator.lastRelayError == .fromDismissedPresentable("Coding"))
        #expect(app.log.events == [])
        #expect(app.screens == [["AppInit", "Main"]])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit"), .flow("MainFlow", [.screen("Main")])]))
    }

    @Test("popped but not yet pruned: the step is refused as from a dismissed screen", arguments: Emission.allCases)
    func poppedBeforePrune(emission: Emission) throws {
        let app = try FlowApp.seedWithCoding()
        let coding = try app.screen("Coding")
        try app.flow.stack.userDidPop(to: app.screen("Main"))
        app.log.clear()

        #expect(throws: FlowError.fromDismissedPresentable("Coding")) {
            try emission.send(AppStep.codingIsRequired, from: coding, in: app.coordinator)
        }

        #expect(app.log.events == [])
        #expect(app.screens == [["AppInit", "Main"]])
    }

    /// Home; `.a` pushes Page with the given permissions; `.b` pushes B.
    private func homeWithPoppedPage(allowStepWhenNotPresented: Bool) throws -> (FlowApp<HomeFlow>, Screen) {
        let app = try FlowApp.home { home in
            home.on(.a) { flow in
                try flow.show("Page", allowStepWhenNotPresented: allowStepWhenNotPresented, allowStepWhenDismissed: true)
            }
            home.on(.b) { flow in try flow.show("B") }
        }
        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        let page = try app.screen("Page")
        try app.flow.stack.userDidPop(to: app.screen("Home"))
        app.coordinator.prune()
        app.log.clear()
        return (app, page)
    }

    @Test("allowStepWhenDismissed: the popped screen's contribution survives prune, but a screen off screen is not visible")
    func allowedDismissedButHidden() throws {
        let (app, page) = try homeWithPoppedPage(allowStepWhenNotPresented: false)
        #expect(app.log.events == [])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("Page")]))

        page.steps.accept(TestStep.b)

        // RxFlow gates a stepper twice: take(until: dismissed) unless allowStepWhenDismissed,
        // then pausable(rxVisible) unless allowStepWhenNotPresented; a popped screen is not visible.
        #expect(app.coordinator.lastRelayError == .fromHiddenPresentable("Page"))
        #expect(app.log.events == [])
        #expect(app.screens == [["Home"]])
    }

    @Test("allowStepWhenDismissed and allowStepWhenNotPresented: the popped screen's step navigates")
    func allowedDismissedAndHidden() throws {
        let (app, page) = try homeWithPoppedPage(allowStepWhenNotPresented: true)
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("Page")]))

        page.steps.accept(TestStep.b)

        #expect(app.coordinator.lastRelayError == nil)
        #expect(app.log.events == ["will HomeFlow b", "push B", "did HomeFlow b", "ready B"])
        #expect(app.screens == [["Home", "B"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("Page"), .screen("B")]))
    }
}
