import HeadlessUI

/// Drives flows: steps in, navigation out, child flows and steppers wired as contributed (RxFlow's `FlowCoordinator`).
///
/// Everything is synchronous: a step is adapted, announced (`willNavigate`), navigated, announced again
/// (`didNavigate`), then its contributors take effect. Steps for the current flow and steps emitted while a
/// navigation runs are queued and handled, in order, before the call returns. Steps come from steppers, from
/// `emit(_:fromPresentable:)` (a tap) and from `navigate(to:)` (from outside: a deep link).
public final class FlowCoordinator {
    /// The root flow's node.
    public private(set) var root: FlowNode?
    /// Called before each navigation.
    public var willNavigate: ((any Flow, any Step) -> Void)?
    /// Called after each navigation.
    public var didNavigate: ((any Flow, any Step) -> Void)?
    /// Called when a flow or a contributed presentable ends (left the screen): what should now be released.
    public var didEnd: ((_ name: String, _ object: AnyObject, _ isFlow: Bool) -> Void)?
    /// The last refusal of a step emitted through a relay (relays cannot throw).
    public internal(set) var lastRelayError: FlowError?

    /// A step waiting for the current navigation to complete.
    enum Pending {
        /// For a flow, from its own stepper or `forwardToCurrentFlow`.
        case flow(FlowNode, any Step)
        /// From a contributed screen's stepper: the dismissed / visible checks apply.
        case screen(FlowNode, Contribution, any Step)
        /// From `navigate(to:)`: offered to the first flow of `flows`, then to the rest (see `offer`).
        case broadcast(any Step, flows: [FlowNode], taken: Bool)
    }

    /// Steps deferred until the current navigation completes, in order.
    var queue: [Pending] = []
    private(set) var isRunning = false
    /// True while a flow navigates and its contributors take effect: steps relayed then wait their turn.
    private var isNavigating = false
    /// A refusal of a step relayed during `run`, rethrown when the run ends (relays cannot throw).
    private var relayedError: FlowError?
    /// `Flows.use(..., when: .ready)` blocks for flows not coordinated yet.
    private var pendingReady: [ObjectIdentifier: [() -> Void]] = [:]

    /// Creates a coordinator with no flow.
    public init() {}

    /// Starts the root flow with its stepper. The flow ends when its root leaves the window, at the next prune,
    /// unless `allowStepWhenDismissed` (RxFlow's parameter). `allowStepWhenNotPresented`, which RxFlow's
    /// `coordinate` lacks, lets every screen the flows contribute send steps while not visible, as it does when
    /// given for a child flow.
    public func coordinate(
        flow: any Flow, with stepper: any Stepper = NoneStepper(), allowStepWhenNotPresented: Bool = false,
        allowStepWhenDismissed: Bool = false
    ) throws(FlowError) {
        let node = makeNode(
            flow, parent: nil, stepper: stepper, allowStepWhenNotPresented: allowStepWhenNotPresented,
            allowStepWhenDismissed: allowStepWhenDismissed)
        root = node
        try run { () throws(FlowError) in try start(node) }
    }

    /// A step emitted by the screen `controller` (a tap): refused when it was dismissed or is hidden, unless allowed.
    public func emit(_ step: any Step, fromPresentable controller: ViewController) throws(FlowError) {
        guard let (node, contribution) = contribution(showing: controller) else {
            throw .notHandled(Self.name(of: step))
        }
        if let refusal = refusal(of: contribution) { throw refusal }
        try run { () throws(FlowError) in try process(step, in: node) }
    }

    /// The node and contribution of the screen `controller`, if a flow contributed it and it is still active.
    public func contribution(showing controller: ViewController) -> (FlowNode, Contribution)? {
        guard let root else { return nil }
        return Self.find(controller, in: root)
    }

    /// The flow that would receive steps from the screen `controller`.
    public func flow(receivingStepsFrom controller: ViewController) -> (any Flow)? {
        contribution(showing: controller)?.0.flow
    }

    /// Ends what left the screen: stops dismissed presentables' steppers and ends flows whose root is gone. The
    /// root flow too: ended, it leaves `root`, and the coordinator keeps nothing of it.
    public func prune() {
        guard let root else { return }
        prune(root)
        if endsAtPrune(root) {
            end(root)
            self.root = nil
            return
        }
        updateReadiness(root)
    }

    /// Ends every flow (the session is going away).
    public func stop() {
        if let root { end(root) }
    }

    func whenReady(_ flow: any Flow, _ block: @escaping () -> Void) {
        guard let node = root.flatMap({ Self.node(of: flow, in: $0) }) else {
            // Not coordinated yet (RxFlow's usual order: `Flows.use` first): wait for its first navigation.
            pendingReady[ObjectIdentifier(flow), default: []].append(block)
            return
        }
        if node.isReady { block() } else { node.readyCallbacks.append(block) }
    }

    private func makeNode(
        _ flow: any Flow, parent: FlowNode?, stepper: any Stepper, allowStepWhenNotPresented: Bool, allowStepWhenDismissed: Bool
    ) -> FlowNode {
        let node = FlowNode(
            flow: flow, parent: parent, stepper: stepper, allowStepWhenNotPresented: allowStepWhenNotPresented,
            allowStepWhenDismissed: allowStepWhenDismissed)
        node.readyCallbacks = pendingReady.removeValue(forKey: ObjectIdentifier(flow)) ?? []
        return node
    }

    // MARK: - Running steps

    /// Runs `body`, then every step it queued, then prunes what left the screen.
    func run(_ body: () throws(FlowError) -> Void) throws(FlowError) {
        guard !isRunning else { return try body() }
        isRunning = true
        defer {
            isRunning = false
            queue.removeAll()
            relayedError = nil
        }
        try body()
        // Pruning runs `.ready` blocks (`Flows.use`), whose steps are part of this run: their navigations may
        // queue more, which are handled, and pruned after, in turn.
        repeat {
            while !queue.isEmpty {
                try perform(queue.removeFirst())
            }
            if let relayedError { throw relayedError }
            prune()
        } while !queue.isEmpty || relayedError != nil
    }

    private func perform(_ pending: Pending) throws(FlowError) {
        switch pending {
        case let .broadcast(step, flows, taken):
            try offer(step, to: flows, taken: taken)
        case let .flow(node, step):
            do {
                try process(step, in: node)
            } catch {
                // A child flow whose first step was refused never started: take it back out.
                if !node.hasNavigated, let parent = node.parent {
                    parent.children.removeAll { if case let .flow(other) = $0 { other === node } else { false } }
                    node.isActive = false
                }
                throw error
            }
        case let .screen(node, contribution, step):
            // RxFlow ends a dismissed screen's stepper and pauses a hidden one's: what it sends then is dropped,
            // not a failure of the navigation it happened in (a screen covered in the very navigation that
            // contributed it, say). A tap on such a screen is refused by `emit` instead.
            if let refusal = refusal(of: contribution) {
                lastRelayError = refusal
                return
            }
            try process(step, in: node)
        }
    }

    /// A step from a stepper's relay: queued while a navigation runs or steps wait, else run now; relays cannot throw.
    func relay(_ pending: Pending) {
        // Behind steps already waiting: a stepper's initial step is queued before `readyToEmitSteps()`, and
        // RxFlow's `startWith` puts it before anything the stepper emits once ready.
        if isNavigating || (isRunning && !queue.isEmpty) {
            queue.append(pending)
            return
        }
        if isRunning {
            // Emitted while a run starts a stepper: handled now, its refusal surfaces when the run ends.
            do {
                try perform(pending)
            } catch {
                if relayedError == nil { relayedError = error }
            }
            return
        }
        // Refused before a run starts, as `emit` is: the step changes nothing, not even a prune.
        if case let .screen(_, contribution, _) = pending, let refusal = refusal(of: contribution) {
            lastRelayError = refusal
            return
        }
        do {
            try run { () throws(FlowError) in try perform(pending) }
        } catch {
            lastRelayError = error
        }
    }

    /// Why a step from this screen is not taken now (dismissed, or not visible, unless allowed), or nil.
    private func refusal(of contribution: Contribution) -> FlowError? {
        let name = contribution.presentable.presentableController.screenName
        if (!contribution.isActive || contribution.isDismissed) && !contribution.allowStepWhenDismissed {
            return .fromDismissedPresentable(name)
        }
        if !contribution.allowStepWhenNotPresented && !contribution.presentable.isVisible {
            return .fromHiddenPresentable(name)
        }
        return nil
    }

    private func process(_ step: any Step, in node: FlowNode) throws(FlowError) {
        guard node.takesSteps else { return }
        guard let adapted = node.flow.adapt(step: step), !(adapted is NoneStep) else { return }
        guard node.flow.accepts(adapted) else { throw .notHandled(Self.name(of: adapted)) }
        try navigate(node, to: adapted)
    }

    /// Navigates `node`'s flow to `adapted` (an accepted step, past `adapt`), then applies what it contributed.
    func navigate(_ node: FlowNode, to adapted: any Step) throws(FlowError) {
        let wasNavigating = isNavigating
        isNavigating = true
        defer { isNavigating = wasNavigating }
        willNavigate?(node.flow, adapted)
        let contributors: FlowContributors
        do {
            contributors = try node.flow.navigate(to: adapted)
        } catch let error as ViewHierarchyError {
            throw .navigation(error)
        } catch {
            throw .flowFailed(String(describing: error))
        }
        node.hasNavigated = true
        didNavigate?(node.flow, adapted)
        switch contributors {
        case .none: break
        case let .one(contributor): try apply(contributor, in: node)
        case let .multiple(contributors): for contributor in contributors { try apply(contributor, in: node) }
        case let .end(parentStep):
            guard let parent = node.parent else { throw .endOfRootFlow(Self.name(of: parentStep)) }
            end(node)
            try process(parentStep, in: parent)
        }
    }

    private func apply(_ contributor: FlowContributor, in node: FlowNode) throws(FlowError) {
        switch contributor {
        case let .contribute(presentable, stepper, allowNotPresented, allowDismissed):
            if let flow = presentable as? any Flow {
                let child = makeNode(
                    flow, parent: node, stepper: stepper, allowStepWhenNotPresented: allowNotPresented,
                    allowStepWhenDismissed: allowDismissed)
                node.children.append(.flow(child))
                try start(child)
            } else {
                // What its flow allows holds for it too.
                let contribution = Contribution(
                    presentable: presentable, stepper: stepper,
                    allowStepWhenNotPresented: allowNotPresented || node.allowStepWhenNotPresented,
                    allowStepWhenDismissed: allowDismissed || node.allowStepWhenDismissed
                )
                node.children.append(.presentable(contribution))
                listen(to: stepper, from: contribution, in: node)
            }
        case let .forwardToCurrentFlow(step):
            queue.append(.flow(node, step))
        case let .forwardToParentFlow(step):
            guard let parent = node.parent else { throw .notHandled(Self.name(of: step)) }
            try process(step, in: parent)
        }
    }

    /// A flow's own stepper (kept by its node): not paused by visibility; ends with the flow.
    private func start(_ node: FlowNode) throws(FlowError) {
        let stepper = node.stepper
        stepper.steps.listener = { [weak self, weak node] step in
            guard let self, let node, node.isActive else { return }
            self.relay(.flow(node, step))
        }
        if !(stepper.initialStep is NoneStep) { queue.append(.flow(node, stepper.initialStep)) }
        stepper.readyToEmitSteps()
    }

    /// A screen's stepper: its steps pass the dismissed / visible checks.
    private func listen(to stepper: any Stepper, from contribution: Contribution, in node: FlowNode) {
        stepper.steps.listener = { [weak self, weak node, weak contribution] step in
            guard let self, let node, let contribution else { return }
            self.relay(.screen(node, contribution, step))
        }
        if !(stepper.initialStep is NoneStep) { queue.append(.screen(node, contribution, stepper.initialStep)) }
        stepper.readyToEmitSteps()
    }
}
