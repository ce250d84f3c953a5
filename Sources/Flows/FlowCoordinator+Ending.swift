import HeadlessUI

/// Ending what left the screen: dismissed screens' steppers stop, flows whose root went end (the root flow too),
/// readiness follows.
extension FlowCoordinator {
    func prune(_ node: FlowNode) {
        for child in node.children {
            switch child {
            case let .presentable(contribution):
                if !contribution.wasOnScreen, contribution.presentable.presentableController.isOnScreen { contribution.wasOnScreen = true }
                if contribution.isActive, contribution.isDismissed, !contribution.allowStepWhenDismissed { endContribution(contribution) }
            case let .flow(childNode):
                prune(childNode)
                if endsAtPrune(childNode) { end(childNode) }
            }
        }
        node.children.removeAll { child in
            switch child {
            case let .presentable(contribution): !contribution.isActive
            case let .flow(childNode): !childNode.isActive
            }
        }
    }

    /// Whether `node`, its own children pruned, ends now: its root left the window and it did not allow that, or,
    /// sharing its parent's root, nothing it showed is left. Notes first whether its root is in the window.
    func endsAtPrune(_ node: FlowNode) -> Bool {
        if node.flow.root.presentableController.isOnScreen { node.rootWasOnScreen = true }
        if node.isRootDismissed && !node.allowStepWhenDismissed { return true }
        // A flow that shares its parent's root (seed 004's MainFlow) ends when nothing it showed is left.
        return node.sharesRootWithParent && node.hasNavigated && node.children.isEmpty
    }

    func endContribution(_ contribution: Contribution) {
        contribution.isActive = false
        let name = contribution.presentable.presentableController.screenName
        contribution.stepper.steps.listener = { [weak self] _ in self?.lastRelayError = .fromDismissedPresentable(name) }
        didEnd?(name, contribution.presentable, false)
    }

    func end(_ node: FlowNode) {
        guard node.isActive else { return }
        node.isActive = false
        for child in node.children {
            switch child {
            case let .presentable(contribution): endContribution(contribution)
            case let .flow(childNode): end(childNode)
            }
        }
        node.children.removeAll()
        if let parent = node.parent {
            parent.children.removeAll { if case let .flow(other) = $0 { other === node } else { false } }
        }
        didEnd?(node.name, node.flow, true)
    }

    func updateReadiness(_ node: FlowNode) {
        for child in node.childFlows { updateReadiness(child) }
        guard !node.isReady, node.hasNavigated, node.childFlows.allSatisfy(\.isReady) else { return }
        node.isReady = true
        let callbacks = node.readyCallbacks
        node.readyCallbacks = []
        for callback in callbacks { callback() }
    }
}
