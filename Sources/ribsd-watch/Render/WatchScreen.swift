import RibsdClient

/// The lines ribsd-watch draws for a model: a header, then the app menu, or the session's tree, screen layers,
/// leaks and the key map; the last thing that happened at the bottom.
enum WatchScreen {
    static func lines(_ model: WatchModel) -> [String] {
        var lines = ["ribsd-watch · \(model.server)"]
        switch model.phase {
        case .choosingApp, .creating:
            lines += ["", "Choose an app to start a session of:"]
            lines += model.apps.prefix(9).enumerated().map { "  \($0.offset + 1)  \($0.element.id)  \($0.element.description)" }
            lines += ["", "Keys: 1-\(min(model.apps.count, 9)) choose · q quit"]
        case .watching:
            guard let state = model.state else { break }
            lines.append("session \(state.session) · app \(state.app) · version \(state.version) · \(model.ended ? "ended" : "live")")
            lines += ["", "Tree"] + TreeLines.lines(state.tree).map { "  " + $0 }
            lines += ["", "Screen"] + layerLines(state)
            if !state.leaks.isEmpty {
                lines += ["", "Leaks"] + state.leaks.map { "  \($0.name) (\($0.kind)): \($0.reason)" }
            }
            if let form = model.form {
                lines += ["", "Keys: " + form.prompt] + formLines(form)
            } else {
                lines += ["", model.choosing.map { "Keys: \($0) which? (Esc: back to the events)" } ?? "Keys"]
                lines += keyLines(model)
            }
        }
        if !model.message.isEmpty { lines += ["", "> " + model.message] }
        return lines
    }

    private static func layerLines(_ state: SessionState) -> [String] {
        let width = state.layers.map(\.style.rawValue.count).max() ?? 0
        var lines = state.layers.enumerated().map { index, layer in
            let style = layer.style.rawValue + String(repeating: " ", count: width - layer.style.rawValue.count)
            return "  \(index) \(style)  \(layer.stack.joined(separator: " › "))"
        }
        lines.append("  top: \(state.top ?? "(none)")")
        return lines
    }

    /// A form's keys: its choices numbered, or what has been typed so far.
    private static func formLines(_ form: EventForm) -> [String] {
        guard let choices = form.choices else {
            let empty = form.field.isOptional ? " (empty: leave it out)" : ""
            return ["  > \(form.text)▏", "  Enter answer\(empty)   Backspace erase   Esc cancel   Ctrl-C quit"]
        }
        let items = choices.prefix(9).enumerated().map { "\($0.offset + 1) \($0.element.label)" }
        return ["  " + items.joined(separator: "   "), "  Esc cancel   Ctrl-C quit"]
    }

    private static func keyLines(_ model: WatchModel) -> [String] {
        let items = model.menu.prefix(9).enumerated().map { "\($0.offset + 1) \($0.element.label)" }
        let events = items.isEmpty ? "  (nothing on screen accepts an event)" : "  " + items.joined(separator: "   ")
        return [events, "  b back   q quit"]
    }
}
