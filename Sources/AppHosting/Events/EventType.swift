/// An event type: one of the contract's nine, or one the session's app declares (`EventDeclaration`).
public enum EventType: Hashable, Sendable {
    case login, logout, push, pop, didPop, present, dismiss, didDismiss, step
    /// A type the app declares. Never one of the nine names: `init(rawValue:)` gives those as their own case,
    /// and no declaration may take one.
    case declared(String)
}

extension EventType: RawRepresentable {
    /// The type named `rawValue`: a built-in one when it names one, else a declared one.
    public init(rawValue: String) {
        self = EventType(named: rawValue) ?? .declared(rawValue)
    }

    /// The type's name, as JSON carries it.
    public var rawValue: String {
        switch self {
        case .login: "login"
        case .logout: "logout"
        case .push: "push"
        case .pop: "pop"
        case .didPop: "didPop"
        case .present: "present"
        case .dismiss: "dismiss"
        case .didDismiss: "didDismiss"
        case .step: "step"
        case let .declared(name): name
        }
    }
}

extension EventType {
    /// The contract's types, in its order.
    public static let builtIn: [EventType] = [.login, .logout, .push, .pop, .didPop, .present, .dismiss, .didDismiss, .step]

    /// Whether this is one of the contract's nine types.
    public var isBuiltIn: Bool {
        if case .declared = self { return false }
        return true
    }

    /// The built-in type named `name`: a scan of nine, without the runtime's string-switch lookup, which every
    /// event decoded would pay.
    public init?(named name: String) {
        for type in Self.builtIn where type.rawValue == name {
            self = type
            return
        }
        return nil
    }
}
