extension EventType {
    /// Writes the type as a JSON string: a built-in one as a constant, quotes included (states list accepted
    /// types on every render, and a constant needs no escaping scan).
    public func write(to json: inout JSONWriter) {
        if case let .declared(name) = self {
            json.string(name)
        } else {
            json.constant(builtInJSON)
        }
    }

    /// A built-in type as a JSON string; empty for a declared one. A switch that only picks a value compiles to
    /// a table read, where one call per case would branch on the type once per type listed.
    var builtInJSON: StaticString {
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
        case .declared: ""
        }
    }
}
