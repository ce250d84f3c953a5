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

    /// The built-in type named `name`: compared with each name in turn, without the runtime's string-switch
    /// lookup (which `init(rawValue:)` of a `String` enum pays) or a copy of each type, which every event decoded
    /// would pay. Inlined: every event decoded asks it.
    @inline(__always)
    public init?(named name: String) {
        switch name {
        case "login": self = .login
        case "logout": self = .logout
        case "push": self = .push
        case "pop": self = .pop
        case "didPop": self = .didPop
        case "present": self = .present
        case "dismiss": self = .dismiss
        case "didDismiss": self = .didDismiss
        case "step": self = .step
        default: return nil
        }
    }

    /// The built-in type's place in `builtIn` (0 to 8), nil for a declared one: a set of built-in types fits in
    /// the bits of one integer.
    var builtInIndex: Int? {
        switch self {
        case .login: 0
        case .logout: 1
        case .push: 2
        case .pop: 3
        case .didPop: 4
        case .present: 5
        case .dismiss: 6
        case .didDismiss: 7
        case .step: 8
        case .declared: nil
        }
    }
}

extension EventType {
    /// Equal when they name the same type. Written out because, without it, `RawRepresentable`'s `==` would be the
    /// conformance's: it compares the names as strings, and every render compares types building `accepts`.
    public static func == (lhs: EventType, rhs: EventType) -> Bool {
        switch (lhs, rhs) {
        case let (.declared(left), .declared(right)): left == right
        // No declaration takes a built-in name; a declared type that did would equal it, as the names compare.
        case let (.declared(name), other), let (other, .declared(name)): name == other.rawValue
        case (.login, .login), (.logout, .logout), (.push, .push), (.pop, .pop), (.didPop, .didPop), (.present, .present),
            (.dismiss, .dismiss), (.didDismiss, .didDismiss), (.step, .step):
            true
        default: false
        }
    }
}
