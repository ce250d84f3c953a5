import Flows
import HeadlessUI
import Testing

@Suite("A step nobody handles is an error (RxFlow drops it silently)")
struct UnhandledStepTests {
    @Test("a step the receiving flow does not accept: .notHandled, nothing announced, nothing changes", arguments: Emission.allCases)
    func notAccepted(emission: Emission) throws {
        let app = try FlowApp.home { home in home.on(.a) { flow in try flow.show("A") } }
        app.log.clear()

        #expect(throws: FlowError.notHandled("c")) {
            try emission.send(TestStep.c, from: app.screen("Home"), in: app.coordinator)
        }

        #expect(app.log.events == [])
        #expect(app.screens == [["Home"]])
        #expect(app.tree == .flow("HomeFlow", [.screen("Home")]))
    }

    @Test("seed 004: codingIsRequired from AppInit goes to AppFlow, which only knows intro and main")
    func seedCodingFromAppInit() throws {
        let app = try FlowApp.seed()
        app.log.clear()

        #expect(throws: FlowError.notHandled("codingIsRequired")) {
            try app.coordinator.emit(AppStep.codingIsRequired, fromPresentable: app.screen("AppInit"))
        }

        #expect(app.log.events == [])
        #expect(app.screens == [["AppInit"]])
        #expect(app.tree == .flow("AppFlow", [.screen("AppInit")]))
    }

    @Test("a step from a controller no flow contributed: .notHandled")
    func strangerController() throws {
        let app = try FlowApp.home { home in home.on(.a) { flow in try flow.show("A") } }
        app.log.clear()

        #expect(throws: FlowError.notHandled("a")) {
            try app.coordinator.emit(TestStep.a, fromPresentable: ViewController(screenName: "Stranger"))
        }
        #expect(app.coordinator.flow(receivingStepsFrom: ViewController(screenName: "Stranger")) == nil)

        #expect(app.log.events == [])
        #expect(app.screens == [["Home"]])
    }

    @Test("the root flow's first step unhandled: coordinate throws and the root flow contributed nothing")
    func firstStepUnhandled() throws {
        let log = EventLog()
        let app = FlowApp(HomeFlow(log: log), log: log)

        #expect(throws: FlowError.notHandled("c")) {
            try app.start(with: OneStepper(withSingleStep: TestStep.c))
        }

        #expect(log.events == [])
        #expect(app.screens == [[]])
        #expect(app.tree == .flow("HomeFlow", []))
    }
}
