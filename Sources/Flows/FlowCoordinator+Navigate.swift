/// Steps from outside the flows: a deep link, a push notification (RxFlow's `FlowCoordinator.navigate(to:)`).
extension FlowCoordinator {
    /// Offers `step` to the root flow, then to every child flow, depth first in contribution order, each through
    /// its `adapt` and the same navigation and contributions as a stepper's step. A flow that does not accept it
    /// is passed over (RxFlow's flows answer `.none`); one that ended, or whose root left the window, is skipped.
    ///
    /// Each flow is offered the step once what the flow before it queued has run, so a child flow the step itself
    /// creates navigates to its stepper's first step, then receives the step too (RxFlow#162 kept on purpose: a
    /// link several flows deep reaches each of them in turn, with no `Flows.use(..., when: .ready)` chain).
    ///
    /// - Throws: `notHandled` when no flow took the step (RxFlow drops it silently), or the refusal of a
    ///   navigation it caused. Called while steps run (from a `.ready` block, say), it waits its turn like a
    ///   stepper's step and its refusal surfaces where that run ends.
    public func navigate(to step: any Step) throws(FlowError) {
        guard let root else { throw .notHandled(Self.name(of: step)) }
        if isRunning { return relay(.broadcast(step, flows: [root], taken: false)) }
        try run { () throws(FlowError) in try offer(step, to: [root], taken: false) }
    }

    /// Offers `step` to the first of `flows`, then queues the rest behind what its navigation queued, with its
    /// child flows first. `taken` says whether a flow before took it; a flow whose `adapt` drops it took it too.
    func offer(_ step: any Step, to flows: [FlowNode], taken: Bool) throws(FlowError) {
        guard let node = flows.first else { return }
        var took = taken
        if node.takesSteps {
            if let adapted = node.flow.adapt(step: step), !(adapted is NoneStep) {
                if node.flow.accepts(adapted) {
                    took = true
                    try navigate(node, to: adapted)
                }
            } else {
                // Its `adapt` dropped the step: the flow decided about it, as `emit` takes such a step without error.
                took = true
            }
        }
        // An ended flow has no children left; one the step ended meanwhile is skipped when its turn comes.
        let rest = node.childFlows + flows.dropFirst()
        if !rest.isEmpty {
            queue.append(.broadcast(step, flows: rest, taken: took))
        } else if !took {
            throw .notHandled(Self.name(of: step))
        }
    }
}
