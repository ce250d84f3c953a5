import HeadlessUI

/// A navigation area: a root presentable, and how each step changes what is on screen (RxFlow's `Flow`).
///
/// `navigate(to:)` performs the view operation itself (push, present) and says what comes next.
/// It may throw UIKit's refusals (`ViewHierarchyError`); the coordinator reports them and the flow stays as it was.
public protocol Flow: FlowPresentable {
    /// The flow's root; must always be the same instance.
    var root: any FlowPresentable { get }
    /// Whether this flow handles `step` (unhandled steps are errors, not silently dropped as in RxFlow).
    func accepts(_ step: any Step) -> Bool
    /// Rewrites or filters a step before navigation; `nil` drops it (RxFlow's `adapt`, synchronous).
    func adapt(step: any Step) -> (any Step)?
    /// Performs the navigation for `step`.
    func navigate(to step: any Step) throws -> FlowContributors
    /// The name the tree shows the flow under: its type's, unless one type serves several flows (an app
    /// declared as data).
    var name: String { get }
}

extension Flow {
    public var presentableController: ViewController { root.presentableController }
    public func accepts(_ step: any Step) -> Bool { true }
    public func adapt(step: any Step) -> (any Step)? { step }
    public var name: String { String(describing: type(of: self)) }
}
