import RibsdClient

/// The events of an accepted type that a key can send: the state's `accepts` names types, and some need a field.
enum EventChoices {
    /// The events of `type` to offer now: a push or a presentation of each screen the app lists that is not
    /// attached yet, a swipe of the top screen, each step the `flow` app offers, a login as `loginName`; a type
    /// of no known fields (pop, dismiss, logout, an app's own) as it is.
    static func events(of type: EventType, in state: SessionState, app: AppInfo?, loginName: String) -> [Event] {
        switch type {
        case .login:
            return [.login(name: loginName)]
        case .push, .present:
            let attached = Set(state.tree.allNodes.map(\.name))
            let screens = (app?.screens ?? []).filter { !attached.contains($0) }
            return screens.map { type == .push ? .push($0) : .present($0) }
        case .didPop, .didDismiss:
            guard let top = state.top else { return [] }
            return [type == .didPop ? .didPop(top) : .didDismiss(top)]
        case .step:
            return (state.extras["steps"]?.stringArrayValue ?? []).map { .step($0) }
        default:
            return [Event(type: type)]
        }
    }

    /// `push A`, `login kim`, `pop`: the type and its field values.
    static func label(_ event: Event) -> String {
        let values = event.fields.keys.sorted().compactMap { event.fields[$0]?.stringValue }
        return ([event.type.rawValue] + values).joined(separator: " ")
    }
}
