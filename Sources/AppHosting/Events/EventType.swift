/// The event types of the contract, in its order.
public enum EventType: String, Sendable, CaseIterable {
    case login, logout, push, pop, didPop, present, dismiss, didDismiss, step
}

extension EventType {
    private static let all = allCases

    /// The type whose raw value is `name`: `init(rawValue:)` without the runtime's string-switch lookup,
    /// which every event decoded would pay.
    public init?(named name: String) {
        for type in Self.all where type.rawValue == name {
            self = type
            return
        }
        return nil
    }
}
