/// A navigation intent: what a screen or a flow asks for (RxFlow's `Step`).
public protocol Step: Sendable {}

/// The step that means "nothing": always filtered out before a flow sees it.
public struct NoneStep: Step, Equatable {
    /// Creates it.
    public init() {}
}
