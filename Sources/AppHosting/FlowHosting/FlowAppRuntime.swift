import Flows
import HeadlessUI
import RIBs

/// Hosts an RxFlow-style app: the root flow's root in a window, steps emitted as if by the screen on top.
public final class FlowAppRuntime: AppRuntime {
    /// The window the app runs in.
    public let window = Window()
    /// The coordinator driving the flows.
    public let coordinator = FlowCoordinator()
    /// Checks that ended flows and screens are released.
    public let leakDetector = LeakDetector()
    private let steps: [(name: String, step: any Step)]
    /// The app's declared event types the flows take: each such event is emitted as a step, itself.
    private let eventSteps: [String]

    /// Shows `flow`'s root in a fresh window and coordinates it with `stepper`; `steps` are the steps clients may
    /// send, by name, and `eventSteps` the types of the app's declared events that reach the flows as steps.
    public init(flow: any Flow, stepper: any Stepper, steps: [(name: String, step: any Step)], eventSteps: [String] = []) {
        self.steps = steps
        self.eventSteps = eventSteps
        leakDetector.window = window
        coordinator.didEnd = { [leakDetector] name, object, isFlow in
            leakDetector.expectRelease(of: object, name: name, kind: isFlow ? .flow : .presentable)
        }
        let window = self.window
        Flows.use(flow, when: .created) { root in
            window.rootViewController = root.presentableController
            window.makeKeyAndVisible()
        }
        // The app's first step: a refusal here is a bug in the app, visible as an empty tree.
        try? coordinator.coordinate(flow: flow, with: stepper)
    }

    public func apply(_ event: AppEvent) throws(EventError) {
        switch event {
        case let .step(name):
            guard let step = steps.first(where: { $0.name.isSameName(as: name) })?.step else {
                throw .notHandled("no flow knows the step \"\(name)\"")
            }
            try emit(step)
        case let .declared(event):
            guard eventSteps.contains(where: { $0.isSameName(as: event.type) }) else {
                throw .notHandled("no flow takes `\(event.type)` as a step")
            }
            try emit(event)
        case .pop:
            let stack = try frontStack()
            do {
                try stack.pop(animated: true)
            } catch {
                throw .invalidNavigation(error.description)
            }
        case let .didPop(screen):
            // Not on the front stack: the session decides (a no-op for a screen gone from every layer).
            guard try frontStack().clientDidPop(screen) else {
                throw .notHandled("no flow on screen shows \(screen) on a stack")
            }
        default:
            throw .notHandled("no flow on screen handles `\(event.type.rawValue)`")
        }
        coordinator.prune()
    }

    /// Sends the step named `name` to the root flow and every child flow (RxFlow's `navigate(to:)`): a deep link's
    /// way in, where an event's step comes from the screen on top.
    public func navigate(to name: String) throws(EventError) {
        guard let step = steps.first(where: { $0.name.isSameName(as: name) })?.step else {
            throw .notHandled("no flow knows the step \"\(name)\"")
        }
        do {
            try coordinator.navigate(to: step)
        } catch {
            throw Self.eventError(error)
        }
        coordinator.prune()
    }

    /// Emits `step` as if by the screen on top.
    private func emit(_ step: any Step) throws(EventError) {
        guard let top = window.topViewController else { throw .notHandled("nothing is on screen") }
        do {
            try coordinator.emit(step, fromPresentable: top)
        } catch {
            throw Self.eventError(error)
        }
    }

    /// The step names the flow receiving steps from the top screen would handle now.
    public var acceptedSteps: [String] {
        acceptedSteps(on: window.layers)
    }

    public var acceptedEvents: [EventType] {
        let layers = window.layers
        return acceptedEvents(steps: acceptedSteps(on: layers), on: layers)
    }

    private func acceptedSteps(on layers: [ScreenLayer]) -> [String] {
        guard let flow = frontFlow(on: layers) else { return [] }
        return steps.filter { flow.accepts($0.step) }.map(\.name)
    }

    /// The flow receiving steps from the top screen.
    private func frontFlow(on layers: [ScreenLayer]) -> (any Flow)? {
        guard let top = layers.last?.visibleController else { return nil }
        return coordinator.flow(receivingStepsFrom: top)
    }

    private func acceptedEvents(steps: [String], on layers: [ScreenLayer]) -> [EventType] {
        var accepted: [EventType] = []
        if !steps.isEmpty { accepted.append(.step) }
        // A declared type is asked of the flow as an event of that type without fields: `accepts` answers for
        // the step's kind, as RxFlow's `adapt` and `navigate` switch on the case before reading its values.
        if !eventSteps.isEmpty, let flow = frontFlow(on: layers) {
            for type in eventSteps where flow.accepts(DeclaredEvent(type: type)) { accepted.append(.declared(type)) }
        }
        if let stack = layers.last?.navigationController, stack.viewControllers.count > 1 {
            accepted += [.pop, .didPop]
        }
        return accepted
    }

    public func writeState(to json: inout JSONWriter, accepting: Bool) {
        json.key("tree")
        if let root = coordinator.root { writeNode(root, to: &json) } else { json.null() }
        let leaks = leakDetector.leaks()
        let layers = accepting ? window.layers : []
        let steps = accepting ? acceptedSteps(on: layers) : []
        let accepts = accepting ? acceptedEvents(steps: steps, on: layers) : []
        StateFields.writeScreen(of: window, accepts: accepts, leaks: leaks, to: &json)
        json.key("steps")
        json.strings(steps)
    }

    public var newLeakCount: Int { leakDetector.newlyReported }

    public func tearDown() {
        coordinator.stop()
        window.rootViewController = nil
    }

    private func frontStack() throws(EventError) -> NavigationController {
        guard let stack = window.layers.last?.navigationController else { throw .notHandled("no navigation stack is on screen") }
        return stack
    }

    private func writeNode(_ node: FlowNode, to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", node.name)
        json.field("kind", "flow")
        json.key("active")
        json.bool(node.isActive)
        json.key("children")
        json.beginArray()
        for child in node.children {
            switch child {
            case let .flow(childNode):
                writeNode(childNode, to: &json)
            case let .presentable(contribution):
                json.beginObject()
                json.field("name", contribution.presentable.presentableController.screenName)
                json.field("kind", "presentable")
                json.key("active")
                json.bool(contribution.isActive)
                json.key("children")
                json.beginArray()
                json.endArray()
                json.endObject()
            }
        }
        json.endArray()
        json.endObject()
    }

    private static func eventError(_ error: FlowError) -> EventError {
        switch error {
        case .notHandled, .fromDismissedPresentable, .fromHiddenPresentable: .notHandled(error.description)
        case .navigation, .endOfRootFlow: .invalidNavigation(error.description)
        case .flowFailed: .internalFailure(error.description)
        }
    }
}
