import HeadlessUI

/// A presentable a flow contributed, with the stepper that drives it.
public final class Contribution {
    /// The contributed screen.
    public let presentable: any FlowPresentable
    let stepper: any Stepper
    let allowStepWhenNotPresented: Bool
    let allowStepWhenDismissed: Bool
    var wasOnScreen: Bool
    /// False once the presentable left the screen and its stepper was stopped.
    public internal(set) var isActive = true

    init(presentable: any FlowPresentable, stepper: any Stepper, allowStepWhenNotPresented: Bool, allowStepWhenDismissed: Bool) {
        self.presentable = presentable
        self.stepper = stepper
        self.allowStepWhenNotPresented = allowStepWhenNotPresented
        self.allowStepWhenDismissed = allowStepWhenDismissed
        wasOnScreen = presentable.presentableController.isOnScreen
    }

    /// Whether it was shown and is gone now.
    var isDismissed: Bool { wasOnScreen && !presentable.presentableController.isOnScreen }
}

/// One coordinated flow: what it contributed (screens and child flows), in order.
public final class FlowNode {
    /// A screen or a child flow, in contribution order.
    public enum Child {
        case presentable(Contribution)
        case flow(FlowNode)
    }

    /// The flow.
    public let flow: any Flow
    /// The flow that contributed this one.
    public private(set) weak var parent: FlowNode?
    /// Whether the flow lives on when its root leaves the window (RxFlow's `allowStepWhenDismissed`), as said
    /// where it was contributed or by a flow above it: what a flow allows holds for all it contributes.
    public let allowStepWhenDismissed: Bool
    /// Whether its screens' steppers are heard while not visible (RxFlow's `allowStepWhenNotPresented`), as said
    /// where it was contributed or by a flow above it. The flow's own stepper is heard either way.
    public let allowStepWhenNotPresented: Bool
    /// Contributions and child flows, in order.
    public internal(set) var children: [Child] = []
    /// Whether it navigated and its child flows are ready.
    public internal(set) var isReady = false
    /// False once the flow ended.
    public internal(set) var isActive = true
    let sharesRootWithParent: Bool
    /// The flow's own stepper, kept for the flow's life (a relay alone would let it go).
    let stepper: any Stepper
    var hasNavigated = false
    var rootWasOnScreen: Bool
    var readyCallbacks: [() -> Void] = []

    init(flow: any Flow, parent: FlowNode?, stepper: any Stepper, allowStepWhenNotPresented: Bool, allowStepWhenDismissed: Bool) {
        self.flow = flow
        self.parent = parent
        self.stepper = stepper
        self.allowStepWhenDismissed = allowStepWhenDismissed || parent?.allowStepWhenDismissed == true
        self.allowStepWhenNotPresented = allowStepWhenNotPresented || parent?.allowStepWhenNotPresented == true
        sharesRootWithParent = parent.map { $0.flow.root.presentableController === flow.root.presentableController } ?? false
        rootWasOnScreen = flow.root.presentableController.isOnScreen
    }

    /// Child flow nodes.
    public var childFlows: [FlowNode] {
        children.compactMap { if case let .flow(node) = $0 { node } else { nil } }
    }

    /// Active contributions.
    public var contributions: [Contribution] {
        children.compactMap { if case let .presentable(contribution) = $0 { contribution } else { nil } }
    }

    /// The flow's name (`Flow.name`: its type's, by default).
    public var name: String { flow.name }

    /// Whether the flow's root was in the window and is out of it now (popped, dismissed, or its window let it go).
    var isRootDismissed: Bool { rootWasOnScreen && !flow.root.presentableController.isOnScreen }

    /// Whether steps still reach the flow: it did not end, and its root is in the window or it allowed otherwise
    /// (RxFlow ends a flow's whole pipeline when its root is dismissed; here that takes effect at once, and the
    /// flow ends at the next prune).
    var takesSteps: Bool { isActive && (allowStepWhenDismissed || !isRootDismissed) }
}
