import Flows
import HeadlessUI
import Testing

/// One flow app in process: a window, a coordinator whose callbacks go to `log`, and the root flow.
final class FlowApp<RootFlow: Flow> {
    let window = Window()
    let coordinator = FlowCoordinator()
    let log: EventLog
    let flow: RootFlow

    init(_ flow: RootFlow, log: EventLog) {
        self.flow = flow
        self.log = log
        log.attach(to: coordinator)
    }

    /// Shows the flow's root as the window's root (`Flows.use(_, when: .created)`), then coordinates the flow.
    func start(with stepper: any Stepper, allowStepWhenNotPresented: Bool = false, allowStepWhenDismissed: Bool = false) throws(FlowError) {
        let window = self.window
        Flows.use(flow, when: .created) { root in
            window.rootViewController = root.presentableController
            window.makeKeyAndVisible()
        }
        try coordinator.coordinate(
            flow: flow, with: stepper, allowStepWhenNotPresented: allowStepWhenNotPresented, allowStepWhenDismissed: allowStepWhenDismissed)
    }

    /// The coordinator's tree.
    var tree: Tree? { coordinator.root.map(Tree.init) }

    /// What is on screen: each layer's stack by screen name, root layer first.
    var screens: [[String]] { window.layers.map { $0.stack.map(\.screenName) } }

    /// The screen named `name`, on any layer.
    func screen(_ name: String) throws -> Screen {
        let all = window.layers.flatMap(\.stack)
        return try #require(all.first { $0.screenName == name } as? Screen, "\(name) is not on screen")
    }
}

extension FlowApp where RootFlow == AppFlow {
    /// Seed 004 launched: AppFlow started with `OneStepper(withSingleStep: .introIsRequired)`.
    static func seed(main: AppFlow.MainFlowKind = .sharingStack) throws -> FlowApp<AppFlow> {
        let log = EventLog()
        let app = FlowApp(AppFlow(main: main, log: log), log: log)
        try app.start(with: OneStepper(withSingleStep: AppStep.introIsRequired))
        return app
    }

    /// Seed 004 after mainIsRequired from AppInit and codingIsRequired from Main: [AppInit, Main, Coding].
    static func seedWithCoding() throws -> FlowApp<AppFlow> {
        let app = try seed()
        try app.coordinator.emit(AppStep.mainIsRequired, fromPresentable: app.screen("AppInit"))
        try app.coordinator.emit(AppStep.codingIsRequired, fromPresentable: app.screen("Main"))
        return app
    }
}

/// The two ways a screen sends a step: its stepper's relay, or the coordinator's `emit(_:fromPresentable:)`.
enum Emission: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case stepperRelay
    case coordinatorEmit

    var testDescription: String { rawValue }

    /// Sends `step` from `screen`; a relay refusal is rethrown from `lastRelayError` (when it differs from the previous one).
    func send(_ step: any Step, from screen: Screen, in coordinator: FlowCoordinator) throws(FlowError) {
        switch self {
        case .stepperRelay:
            let before = coordinator.lastRelayError
            screen.steps.accept(step)
            if let error = coordinator.lastRelayError, error != before { throw error }
        case .coordinatorEmit:
            try coordinator.emit(step, fromPresentable: screen)
        }
    }
}
