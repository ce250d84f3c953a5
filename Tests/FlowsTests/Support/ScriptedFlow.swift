import Flows
import HeadlessUI

/// A flow whose navigation is scripted by the test, step by step, over one navigation controller.
///
/// It accepts exactly the steps it has a route for; its helpers log the view operations they perform.
class ScriptedFlow: Flow {
    let stack: NavigationController
    let log: EventLog
    private var routes: [TestStep: (ScriptedFlow) throws -> FlowContributors] = [:]
    /// Rewrites or drops steps before navigation; passes them through when nil.
    var adaptation: ((TestStep) -> (any Step)?)?

    /// - Parameter stack: the navigation controller to share (a parent's); a new one when nil.
    init(stack: NavigationController? = nil, log: EventLog) {
        self.stack = stack ?? NavigationController()
        self.log = log
    }

    var root: any FlowPresentable { stack }

    /// Scripts what `step` does.
    func on(_ step: TestStep, _ route: @escaping (ScriptedFlow) throws -> FlowContributors) {
        routes[step] = route
    }

    func accepts(_ step: any Step) -> Bool {
        guard let step = step as? TestStep else { return false }
        return routes[step] != nil
    }

    func adapt(step: any Step) -> (any Step)? {
        guard let adaptation, let step = step as? TestStep else { return step }
        return adaptation(step)
    }

    func navigate(to step: any Step) throws -> FlowContributors {
        guard let step = step as? TestStep, let route = routes[step] else { return .none }
        return try route(self)
    }

    // MARK: - Helpers for routes

    /// Pushes a new screen and returns its contributor; the screen is its own stepper unless `stepper` is given.
    func push(
        _ name: String, stepper: (any Stepper)? = nil,
        allowStepWhenNotPresented: Bool = false, allowStepWhenDismissed: Bool = false
    ) throws -> FlowContributor {
        let screen = Screen(name, log: log)
        try stack.push(screen, animated: true)
        log.record("push \(name)")
        return .contribute(
            withNextPresentable: screen, withNextStepper: stepper ?? screen,
            allowStepWhenNotPresented: allowStepWhenNotPresented, allowStepWhenDismissed: allowStepWhenDismissed
        )
    }

    /// Pushes a new screen: the whole navigation.
    func show(_ name: String, allowStepWhenNotPresented: Bool = false, allowStepWhenDismissed: Bool = false) throws -> FlowContributors {
        .one(
            flowContributor: try push(
                name, allowStepWhenNotPresented: allowStepWhenNotPresented, allowStepWhenDismissed: allowStepWhenDismissed
            ))
    }

    /// Pops the top screen.
    func pop() throws {
        let popped = try stack.pop(animated: true)
        log.record("pop \(popped.screenName)")
    }
}

/// A root flow.
final class HomeFlow: ScriptedFlow {}

/// A child flow (sharing its parent's stack, or with its own).
final class ChildFlow: ScriptedFlow {}

/// A child flow that presents its own navigation controller modally from `presenter` on `.start`, showing Sheet.
final class ModalFlow: ScriptedFlow {
    init(presentingFrom presenter: ViewController, log: EventLog) {
        super.init(log: log)
        on(.start) { flow in
            let contributor = try flow.push("Sheet")
            try presenter.present(flow.stack, animated: true)
            flow.log.record("present \(flow.stack.screenName)")
            return .one(flowContributor: contributor)
        }
    }
}

extension FlowApp where RootFlow == HomeFlow {
    /// A HomeFlow app started with `.start`, which shows Home, plus whatever `script` adds.
    static func home(_ script: (HomeFlow) -> Void = { _ in }) throws -> FlowApp<HomeFlow> {
        let log = EventLog()
        let home = HomeFlow(log: log)
        home.on(.start) { flow in try flow.show("Home") }
        script(home)
        let app = FlowApp(home, log: log)
        try app.start(with: OneStepper(withSingleStep: TestStep.start))
        return app
    }
}
