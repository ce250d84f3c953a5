import RibsdClient

/// The events of an accepted type that a key can send: the state's `accepts` names types, and some need a field.
enum EventChoices {
    /// The events of `type` to offer now: a push or a presentation of each screen the app lists that is not
    /// attached yet, a swipe of the top screen, each step the `flow` app offers, a login as `loginName`; a type
    /// of no fields (pop, dismiss, logout, an app's own that declares none) as it is. An app's own type with fields
    /// is asked for through a form instead (`form(for:app:)`).
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

    /// The form that asks for the fields of `type`, when `app` declares it with fields; nil otherwise.
    static func form(for type: EventType, app: AppInfo?) -> EventForm? {
        guard let declaration = app?.declaration(of: type), !declaration.fields.isEmpty else { return nil }
        return EventForm(declaration, screens: app?.screens)
    }

    /// `push A`, `login kim`, `pop`: the type and its field values; an app's own event names its fields
    /// (`startGame gameId=tictactoe`), which no key map of the contract describes.
    static func label(_ event: Event) -> String {
        let names = event.fields.keys.sorted()
        guard builtin.contains(event.type) else {
            return ([event.type.rawValue] + names.map { "\($0)=\(EventForm.text(event.fields[$0] ?? .null))" }).joined(separator: " ")
        }
        return ([event.type.rawValue] + names.compactMap { event.fields[$0]?.stringValue }).joined(separator: " ")
    }

    private static let builtin: Set<EventType> = [.login, .logout, .push, .pop, .didPop, .present, .dismiss, .didDismiss, .step]
}
