import RibsdClient

extension WatchModel {
    /// What a key does: 1 to 9 choose from the menu, b goes back, q (or Ctrl-C, Ctrl-D) quits, Esc leaves a choice.
    /// While a form is open, Esc leaves it, Ctrl-C and Ctrl-D quit, and every other key is the form's.
    mutating func press(_ key: UInt8) -> [WatchCommand] {
        if form != nil { return fillForm(key) }
        switch key {
        case UInt8(ascii: "q"), 3, 4:
            return [.quit]
        case 27:
            choosing = nil
            return []
        case UInt8(ascii: "b"):
            return back()
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            let items = menu
            let index = Int(key - UInt8(ascii: "1"))
            guard index < items.count else { return [] }
            return choose(items[index].action)
        default:
            return []
        }
    }

    /// Starts a session of `app`, as choosing it from the menu does.
    mutating func start(app: String) -> [WatchCommand] {
        choose(.create(app: app))
    }

    private mutating func choose(_ action: Action) -> [WatchCommand] {
        switch action {
        case .create(let app):
            phase = .creating(app: app)
            message = "starting a session of \(app)…"
            return [.create(app: app)]
        case .send(let event):
            choosing = nil
            return send(event)
        case .choose(let type):
            choosing = type
            return []
        case .fill(let form):
            self.form = form
            message = ""
            return []
        }
    }

    private mutating func fillForm(_ key: UInt8) -> [WatchCommand] {
        switch key {
        case 3, 4:
            return [.quit]
        case 27:
            form = nil
            return []
        default:
            guard var filling = form else { return [] }
            let outcome = filling.press(key)
            form = filling
            switch outcome {
            case .asking(let problem):
                message = problem ?? ""
                return []
            case .done(let event):
                form = nil
                return send(event)
            }
        }
    }

    /// The back gesture: a pop where the screen allows one, else the dismissal of the frontmost modal.
    private mutating func back() -> [WatchCommand] {
        guard let state, phase == .watching, !ended else { return [] }
        if state.accepts.contains(.pop) { return send(.pop) }
        if state.accepts.contains(.dismiss) { return send(.dismiss) }
        message = "nothing to go back from"
        return []
    }

    private mutating func send(_ event: Event) -> [WatchCommand] {
        guard let state else { return [] }
        message = "sending \(EventChoices.label(event))…"
        // At the version shown: a key pressed on a screen another client has changed meanwhile is refused.
        return [.send(event, ifMatch: state.version)]
    }
}
