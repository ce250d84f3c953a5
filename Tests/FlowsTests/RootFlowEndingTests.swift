import Flows
import HeadlessUI
import Testing

@Suite("The root flow ends when its root leaves the window, as a child flow does")
struct RootFlowEndingTests {
    /// How the root flow's navigation controller is shown, and how it leaves the window.
    enum Placement: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The window's root, until the app gives the window another root.
        case windowRoot
        /// Presented as a sheet from a host screen (a flow inside a RIB app, say), until the user swipes it down.
        case sheet

        var testDescription: String { rawValue }
    }

    /// A launched HomeFlow (`.start` shows Home, `.a` pushes A) of which the test keeps weak references only.
    struct Launched {
        let window = Window()
        let coordinator = FlowCoordinator()
        let log = EventLog()
        let flow = WeakRef<HomeFlow>()
        let stepper = WeakRef<RecordingStepper>()
        let home = WeakRef<ViewController>()
        let placement: Placement

        /// Takes the flow's root out of the window.
        func removeRoot() throws {
            switch placement {
            case .windowRoot: window.rootViewController = ViewController(screenName: "Other")
            case .sheet: try #require(window.layers.last).controller.userDidDismissInteractively()
            }
        }
    }

    private func launch(_ placement: Placement, allowStepWhenDismissed: Bool = false) throws -> Launched {
        let launched = Launched(placement: placement)
        let flow = HomeFlow(log: launched.log)
        flow.on(.start) { flow in try flow.show("Home") }
        flow.on(.a) { flow in try flow.show("A") }
        let stepper = RecordingStepper("HomeFlow's stepper", initialStep: TestStep.start)
        launched.log.attach(to: launched.coordinator)
        switch placement {
        case .windowRoot:
            launched.window.rootViewController = flow.stack
        case .sheet:
            launched.window.rootViewController = ViewController(screenName: "Host")
        }
        launched.window.makeKeyAndVisible()
        if placement == .sheet { try launched.window.rootViewController?.present(flow.stack, animated: true) }
        try launched.coordinator.coordinate(flow: flow, with: stepper, allowStepWhenDismissed: allowStepWhenDismissed)
        launched.flow.object = flow
        launched.stepper.object = stepper
        launched.home.object = flow.stack.viewControllers.first
        launched.log.clear()
        return launched
    }

    @Test(
        "its root out of the window: at prune its screens end, then the flow, and the coordinator lets it go", arguments: Placement.allCases
    )
    func ends(placement: Placement) throws {
        let app = try launch(placement)
        #expect(app.coordinator.root?.isActive == true)

        try app.removeRoot()
        app.coordinator.prune()

        #expect(app.log.events == ["end Home (screen)", "end HomeFlow (flow)"])
        #expect(app.coordinator.root == nil)
        #expect(app.flow.object == nil)
        #expect(app.stepper.object == nil)
        #expect(app.home.object == nil)
        #expect(throws: FlowError.notHandled("a")) { try app.coordinator.navigate(to: TestStep.a) }
    }

    @Test("its stepper stops as its root leaves the window: a step before the prune navigates nothing", arguments: Placement.allCases)
    func stepperStops(placement: Placement) throws {
        let app = try launch(placement)
        let stack = try #require(app.flow.object?.stack)
        try app.removeRoot()

        app.stepper.object?.steps.accept(TestStep.a)

        // The run the step started ends with a prune, which ends the flow.
        #expect(app.log.events == ["end Home (screen)", "end HomeFlow (flow)"])
        #expect(stack.viewControllers.map(\.screenName) == ["Home"])
        #expect(app.coordinator.lastRelayError == nil)
    }

    @Test("allowStepWhenDismissed: the flow and its screens outlive the prune, and its stepper still drives it")
    func allowed() throws {
        let app = try launch(.windowRoot, allowStepWhenDismissed: true)
        let stack = try #require(app.flow.object?.stack)
        try app.removeRoot()
        app.coordinator.prune()
        #expect(app.log.events == [])
        #expect(app.coordinator.root.map(Tree.init) == .flow("HomeFlow", [.screen("Home")]))

        app.stepper.object?.steps.accept(TestStep.a)
        app.window.rootViewController = stack

        #expect(app.coordinator.lastRelayError == nil)
        #expect(app.log.events == ["will HomeFlow a", "push A", "did HomeFlow a", "ready A"])
        #expect(app.coordinator.root.map(Tree.init) == .flow("HomeFlow", [.screen("Home"), .screen("A")]))
        #expect(app.window.layers.map { $0.stack.map(\.screenName) } == [["Home", "A"]])
    }

    @Test("a root flow whose root never left the window lives on through prunes")
    func stays() throws {
        let app = try launch(.sheet)

        app.coordinator.prune()
        try #require(app.flow.object).stack.present(ViewController(screenName: "Cover"), animated: true, style: .fullScreen)
        app.coordinator.prune()

        #expect(app.log.events == [])
        #expect(app.coordinator.root?.isActive == true)
    }
}
