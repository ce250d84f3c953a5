import Flows
import HeadlessUI
import Testing

@Suite("adapt(step:) rewrites or drops a step before navigation")
struct AdaptTests {
    @Test("a rewritten step is the one announced and navigated", arguments: Emission.allCases)
    func rewrite(emission: Emission) throws {
        let app = try FlowApp.home { home in
            home.adaptation = { step in step == .a ? TestStep.b : step }
            home.on(.b) { flow in try flow.show("B") }
        }
        app.log.clear()

        try emission.send(TestStep.a, from: app.screen("Home"), in: app.coordinator)

        #expect(app.log.events == ["will HomeFlow b", "push B", "did HomeFlow b", "ready B"])
        #expect(app.screens == [["Home", "B"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home"), .screen("B")]))
    }

    @Test("a step adapted to nil or to NoneStep is dropped: no error, no navigation", arguments: [false, true])
    func drop(toNoneStep: Bool) throws {
        let app = try FlowApp.home { home in
            home.adaptation = { step in step == .a ? (toNoneStep ? NoneStep() : nil) : step }
            home.on(.a) { flow in try flow.show("A") }
        }
        app.log.clear()

        try app.coordinator.emit(TestStep.a, fromPresentable: app.screen("Home"))
        try app.screen("Home").steps.accept(TestStep.a)

        #expect(app.coordinator.lastRelayError == nil)
        #expect(app.log.events == [])
        #expect(app.screens == [["Home"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))
    }
}
