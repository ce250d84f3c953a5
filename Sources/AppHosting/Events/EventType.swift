/// The event types of the contract, in its order.
public enum EventType: String, Sendable, CaseIterable {
    case login, logout, push, pop, didPop, present, dismiss, didDismiss, step
}
