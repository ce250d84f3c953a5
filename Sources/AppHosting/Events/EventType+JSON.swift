extension EventType {
    /// Writes the type as a JSON string: a built-in one as a constant, quotes included (states list accepted
    /// types on every render, and a constant needs no escaping scan).
    public func write(to json: inout JSONWriter) {
        switch self {
        case .login: json.constant("\"login\"")
        case .logout: json.constant("\"logout\"")
        case .push: json.constant("\"push\"")
        case .pop: json.constant("\"pop\"")
        case .didPop: json.constant("\"didPop\"")
        case .present: json.constant("\"present\"")
        case .dismiss: json.constant("\"dismiss\"")
        case .didDismiss: json.constant("\"didDismiss\"")
        case .step: json.constant("\"step\"")
        case let .declared(name): json.string(name)
        }
    }
}
