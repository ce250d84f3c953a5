import RibsdClient

/// What ribsd-watch shows and how keys act on it: a value the loop feeds inputs to, with no I/O of its own.
struct WatchModel {
    /// Where the user is.
    enum Phase: Equatable {
        /// No session yet: digits choose the app to start one of.
        case choosingApp
        /// A session of this app is being started.
        case creating(app: String)
        /// A session is on screen: digits choose among the events its state accepts.
        case watching
    }

    /// One numbered entry of the menu the digits choose from.
    struct MenuItem: Equatable {
        let label: String
        let action: Action
    }

    /// What choosing a menu entry does.
    enum Action: Equatable {
        case create(app: String)
        case send(Event)
        /// Offer the events of this type to choose from (a push of which screen, say).
        case choose(EventType)
        /// Ask for the fields of an app's own event, then send it.
        case fill(EventForm)
    }

    let server: String
    let apps: [AppInfo]
    /// The name a `login` event sends.
    let loginName: String
    var phase: Phase
    /// The newest state seen, from the stream or an answer.
    var state: SessionState?
    /// The type whose events the menu offers, instead of the accepted types.
    var choosing: EventType?
    /// The form asking for an app's own event's fields: while it is open, keys go to it.
    var form: EventForm?
    /// The last thing that happened: an event sent, a refusal, the stream's end.
    var message = ""
    /// The stream ended: the session is no longer live.
    var ended = false

    init(server: String, apps: [AppInfo], loginName: String, phase: Phase) {
        self.server = server
        self.apps = apps
        self.loginName = loginName
        self.phase = phase
    }

    /// The entries the digits 1 to 9 choose, in order.
    var menu: [MenuItem] {
        switch phase {
        case .choosingApp:
            return apps.map { MenuItem(label: $0.id, action: .create(app: $0.id)) }
        case .creating:
            return []
        case .watching:
            guard let state, !ended, form == nil else { return [] }
            if let choosing {
                return EventChoices.events(of: choosing, in: state, app: app(state.app), loginName: loginName).map {
                    MenuItem(label: EventChoices.label($0), action: .send($0))
                }
            }
            return state.accepts.map { type in
                if let form = EventChoices.form(for: type, app: app(state.app)) {
                    return MenuItem(label: type.rawValue, action: .fill(form))
                }
                let events = EventChoices.events(of: type, in: state, app: app(state.app), loginName: loginName)
                guard events.count == 1 else { return MenuItem(label: type.rawValue, action: .choose(type)) }
                return MenuItem(label: EventChoices.label(events[0]), action: .send(events[0]))
            }
        }
    }

    /// Takes `input`; what the loop must do about it.
    mutating func handle(_ input: WatchInput) -> [WatchCommand] {
        switch input {
        case .key(let key):
            return press(key)
        case .stop:
            return [.quit]
        case .resized:
            return []
        case .state(let newState):
            return show(newState)
        case .sent(let summary, let newState):
            message = "\(summary) → version \(newState.version)"
            return show(newState)
        case .failed(let summary, let error):
            if case .creating = phase { phase = .choosingApp }
            message = "\(summary) → \(error)"
            return []
        case .streamEnded(let reason):
            ended = true
            choosing = nil
            form = nil
            message = "stream ended: \(reason)"
            return []
        }
    }

    func app(_ id: String) -> AppInfo? { apps.first { $0.id == id } }

    /// Shows `newState` if it is newer than the one shown; a session just created starts being watched.
    private mutating func show(_ newState: SessionState) -> [WatchCommand] {
        let created = phase != .watching
        if created { phase = .watching }
        guard created || newState.version > (state?.version ?? 0) else { return [] }
        state = newState
        // A choice among events of a type the new state no longer accepts is moot, and so is a form for one.
        if let choosing, !newState.accepts.contains(choosing) { self.choosing = nil }
        if let form, !newState.accepts.contains(form.declaration.type) {
            self.form = nil
            message = "\(form.declaration.type) is no longer accepted"
        }
        return created ? [.watch(session: newState.session)] : []
    }
}
