import AppHosting

extension AppResolver {
    /// Checks what a RIB does: its launch routes, its handlers (one per type and guard), its listeners (each
    /// for a message a child tells), and that each action's children, fields, stack and presentations exist.
    mutating func checkActions(of rib: Int, in graph: RibGraph, fields: FieldAvailability) {
        let source = graph.ribs[rib]
        var launched: Set<String> = []
        for name in source.onLoad {
            if graph.position(of: name.value, in: rib) == nil {
                report(name.pointer, "`\(name.value)` is not a child of `\(source.name.value)`")
            } else if !launched.insert(name.value).inserted {
                report(name.pointer, "`\(name.value)` is routed to twice at launch")
            }
        }
        var handled: [(EventType, HandlerModel.Guard)] = []
        for handler in source.handlers {
            guard let type = eventType(named: handler.event) else { continue }
            if handled.contains(where: { $0 == (type, handler.when) }) {
                report(
                    handler.pointer,
                    "another handler of `\(handler.event.value)` comes first with the same `when`: this one is never reached")
            }
            handled.append((type, handler.when))
            if handler.when != .always, !presentsChildren(source) {
                report(
                    handler.pointer.appending("when"),
                    "`\(source.name.value)` presents no child, so `\(handler.when.rawValue)` never changes")
            }
            let available = FieldAvailability.fields(of: type, declared: declared)
            checkAction(handler.action, of: rib, on: type, fields: available, at: handler.pointer, in: graph)
        }
        for listener in source.listeners {
            guard let available = fields.heard[rib][listener.message.value] else {
                report(listener.message.pointer, "no child of `\(source.name.value)` tells `\(listener.message.value)`")
                continue
            }
            checkAction(listener.action, of: rib, on: nil, fields: available, at: listener.pointer, in: graph)
        }
        guard let built = fields.built[rib] else { return }
        for key in source.state where key.value.initial == nil {
            guard let field = key.value.field, !built.contains(field) else { continue }
            report(
                key.pointer,
                "not every way to `\(source.name.value)` brings the field `\(field)`\(Self.listing(built)): give the key an `initial` value"
            )
        }
    }

    private mutating func checkAction(
        _ action: AppSource.Action, of rib: Int, on type: EventType?, fields: Set<String>, at pointer: JSONPointer, in graph: RibGraph
    ) {
        let source = graph.ribs[rib]
        let name = source.name.value
        switch action {
        case let .route(choice):
            for (child, show) in checkChoice(choice, of: rib, fields: fields, in: graph) {
                if type == .push, !show.isPush { report(pointer, "`push` shows `\(child)`, which its parent does not push (give `among`)") }
                if type == .present, !show.isPresent {
                    report(pointer, "`present` shows `\(child)`, which its parent does not present (give `among`)")
                }
            }
        case let .selectTab(choice):
            if source.view != .tabs { report(pointer.appending("do"), "`\(name)` shows no tabs") }
            for (child, show) in checkChoice(choice, of: rib, fields: fields, in: graph) where !show.isTab {
                report(pointer, "`\(child)` is not a tab of `\(name)`")
            }
        case .pop:
            if source.stack == nil { report(pointer.appending("do"), "`\(name)` has no `stack` to pop") }
        case let .didPop(field):
            if source.stack == nil { report(pointer.appending("do"), "`\(name)` has no `stack` to pop") }
            checkField(field, in: fields)
        case .dismiss:
            if !presentsChildren(source) { report(pointer.appending("do"), "`\(name)` presents no child to dismiss") }
        case let .didDismiss(field):
            if !presentsChildren(source) { report(pointer.appending("do"), "`\(name)` presents no child to dismiss") }
            checkField(field, in: fields)
        case let .tell(message):
            guard let parent = graph.parent[rib]?.rib else {
                report(message.pointer, "`\(name)` is the root: it has no parent to tell")
                return
            }
            let parentSource = graph.ribs[parent]
            if !parentSource.listeners.contains(where: { $0.message.value == message.value }) {
                report(message.pointer, "`\(parentSource.name.value)` does not listen for `\(message.value)`")
            }
        case let .set(bindings):
            for binding in bindings {
                if !source.state.contains(where: { $0.value.key == binding.value.key }) {
                    report(binding.pointer, "`\(name)` has no state key `\(binding.value.key)` (its `state` declares them)")
                }
                checkField(Located(value: binding.value.field, pointer: binding.pointer), in: fields)
            }
        }
    }

    /// The children a choice may name, each with how it is shown; its names and field checked.
    private mutating func checkChoice(
        _ choice: AppSource.Choice, of rib: Int, fields: Set<String>, in graph: RibGraph
    ) -> [(String, AppSource.Show)] {
        let source = graph.ribs[rib]
        let names: [Located<String>]
        switch choice {
        case let .fixed(child):
            names = [child]
        case let .field(field, among):
            checkField(field, in: fields)
            names = among ?? source.children.map(\.rib)
            if names.isEmpty { report(field.pointer, "`\(source.name.value)` has no child for `\(field.value)` to name") }
        }
        var shown: [(String, AppSource.Show)] = []
        for name in names {
            guard let position = graph.position(of: name.value, in: rib) else {
                report(name.pointer, "`\(name.value)` is not a child of `\(source.name.value)`")
                continue
            }
            shown.append((name.value, source.children[position].show))
        }
        return shown
    }

    private mutating func checkField(_ field: Located<String>, in fields: Set<String>) {
        if !fields.contains(field.value) {
            report(field.pointer, "the event here does not always have the field `\(field.value)`\(Self.listing(fields))")
        }
    }

    private func presentsChildren(_ source: AppSource.Rib) -> Bool {
        source.children.contains { $0.show.isPresent }
    }

    /// ` (it brings `a`, `b`)` or ` (it brings none)`: the fields there are, in a problem about a missing one.
    static func listing(_ fields: Set<String>) -> String {
        fields.isEmpty ? " (it brings none)" : " (it brings " + fields.sorted().map { "`\($0)`" }.joined(separator: ", ") + ")"
    }
}

extension AppSource.Show {
    var isPresent: Bool {
        if case .present = self { return true }
        return false
    }

    var isTab: Bool {
        if case .tab = self { return true }
        return false
    }

    var isPush: Bool {
        if case .push = self { return true }
        return false
    }
}
