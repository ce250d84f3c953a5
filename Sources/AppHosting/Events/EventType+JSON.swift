extension EventType {
    /// The type as a JSON string, quotes included: states list accepted types on every render, and a
    /// constant needs no escaping scan.
    public var jsonValue: StaticString {
        switch self {
        case .login: "\"login\""
        case .logout: "\"logout\""
        case .push: "\"push\""
        case .pop: "\"pop\""
        case .didPop: "\"didPop\""
        case .present: "\"present\""
        case .dismiss: "\"dismiss\""
        case .didDismiss: "\"didDismiss\""
        case .step: "\"step\""
        }
    }
}
