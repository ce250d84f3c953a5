import AppHosting

extension AppResolver {
    /// What a RIB tree resolves to: its root's model, the event types it handles, the screens it shows.
    struct ResolvedRibs {
        let root: RibModel
        let handled: [EventType]
        let screens: [String]
    }

    /// Checks a RIB tree: names, one parent each, every RIB reachable and routed to, each child shown in a way
    /// its parent and its view allow, each action's names and fields; then builds the models, leaves first.
    mutating func resolveRibs(_ ribs: [AppSource.Rib], root rootName: Located<String>) -> ResolvedRibs? {
        var index: [String: Int] = [:]
        for (position, rib) in ribs.enumerated() {
            checkScreenName(rib.name)
            if let first = index[rib.name.value] {
                report(rib.name.pointer, "a RIB named `\(rib.name.value)` is declared already (\(ribs[first].pointer))")
            } else {
                index[rib.name.value] = position
            }
        }
        guard let root = index[rootName.value] else {
            report(rootName.pointer, "no RIB is named `\(rootName.value)`")
            return nil
        }
        if ribs[root].view == .none {
            report(rootName.pointer, "the root is launched in the window, so it needs a view; `\(rootName.value)` has none")
        }
        var graph = RibGraph(ribs: ribs, index: index, root: root)
        linkChildren(&graph)
        let reachable = graph.reachable
        for (rib, source) in ribs.enumerated() where !reachable.contains(rib) && index[source.name.value] == rib {
            report(source.pointer, "`\(source.name.value)` is unreachable: it is not the root, nor a child of a RIB the root leads to")
        }
        for rib in reachable { checkShows(of: rib, in: graph) }
        var fields = FieldAvailability(graph: graph)
        fields.settle(declared: declared)
        for rib in reachable { checkActions(of: rib, in: graph, fields: fields) }
        checkRoutedTo(reachable, in: graph)
        guard problems.isEmpty else { return nil }
        var models: [Int: RibModel] = [:]
        let model = build(root, in: graph, models: &models)
        let handled = reachable.flatMap { ribs[$0].handlers.map { EventType(rawValue: $0.event.value) } }
        var unique: [EventType] = []
        for type in handled where !unique.contains(type) { unique.append(type) }
        let screens = reachable.filter { ribs[$0].view != .none }.sorted().map { ribs[$0].name.value }
        return ResolvedRibs(root: model, handled: unique, screens: screens)
    }

    /// Gives each listed child its parent; a RIB listed twice (by one parent or two) is shown two ways.
    private mutating func linkChildren(_ graph: inout RibGraph) {
        for (rib, source) in graph.ribs.enumerated() where graph.index[source.name.value] == rib {
            for (position, child) in source.children.enumerated() {
                guard let index = graph.index[child.rib.value] else {
                    report(child.rib.pointer, "no RIB is named `\(child.rib.value)`")
                    continue
                }
                if index == graph.root {
                    report(child.rib.pointer, "`\(child.rib.value)` is the root: it is launched, not shown by a parent")
                } else if let existing = graph.entry(of: index) {
                    report(
                        child.rib.pointer,
                        "`\(child.rib.value)` is a child already (\(existing.pointer)): a child is shown one way, by one parent")
                } else {
                    graph.setParent(of: index, to: rib, position: position)
                }
            }
        }
    }

    /// Each child of `rib` shown in a way its view and its parent allow; the RIB's stack, slots and close rule.
    private mutating func checkShows(of rib: Int, in graph: RibGraph) {
        let source = graph.ribs[rib]
        for child in source.children {
            guard let index = graph.index[child.rib.value], graph.entry(of: index)?.pointer == child.pointer else { continue }
            let childView = graph.ribs[index].view
            let show = child.pointer.appending("show")
            switch child.show {
            case .attach where childView != .none:
                report(show, "`\(child.rib.value)` has a view: show it (push, present, content or tab), not only attach it")
            case .push, .present, .content, .tab:
                if childView == .none { report(show, "`\(child.rib.value)` has no view to show: attach it") }
            case .attach:
                break
            }
            switch child.show {
            case .push where source.stack == nil:
                report(show, "`\(source.name.value)` pushes `\(child.rib.value)` but has no `stack`")
            case .present where source.view == .none && source.stack == nil:
                report(show, "`\(source.name.value)` has no view and no stack to present `\(child.rib.value)` from")
            case let .content(container):
                checkContainer(container, of: child, parent: rib, in: graph)
            case .tab where source.view != .tabs:
                report(show, "`\(source.name.value)` shows no tabs (its view is not `tabs`)")
            default:
                break
            }
            if let slot = child.slot {
                if case .push = child.show { report(slot.pointer, "a pushed child fills no slot: the stack holds it") }
                if case .tab = child.show { report(slot.pointer, "a tab fills no slot: the tab bar holds it") }
            }
        }
        checkStack(of: rib, in: graph)
        if let detach = source.detachesOnClose, detach.value, source.view == .none {
            report(detach.pointer, "`\(source.name.value)` has no screen to close")
        }
    }

    private mutating func checkContainer(_ container: Located<String>?, of child: AppSource.Child, parent: Int, in graph: RibGraph) {
        let name = container?.value ?? graph.ribs[parent].name.value
        let pointer = container?.pointer ?? child.pointer.appending("show")
        guard let index = graph.index[name] else {
            report(pointer, "no RIB is named `\(name)`")
            return
        }
        guard graph.ribs[index].view == .container else {
            report(pointer, "`\(name)`'s view is no container (`\"view\": \"container\"`)")
            return
        }
        if graph.levels(from: parent, upTo: index) == nil {
            report(pointer, "`\(name)` is not `\(graph.ribs[parent].name.value)` nor above it: its container is out of reach")
        }
    }

    /// A RIB's `stack` names itself, shown in a stack, or a child whose view roots one.
    private mutating func checkStack(of rib: Int, in graph: RibGraph) {
        let source = graph.ribs[rib]
        guard let stack = source.stack else { return }
        if stack.value == source.name.value {
            if source.view == .none {
                report(stack.pointer, "`\(stack.value)` has no view to be in a stack")
            } else if graph.entry(of: rib).map({ putsInStack($0.show) }) != true {
                report(
                    stack.pointer,
                    "`\(stack.value)` is not shown in a stack: its parent pushes it, shows it as content, or presents it or tabs it `inStack`"
                )
            }
            return
        }
        guard let position = graph.position(of: stack.value, in: rib) else {
            report(stack.pointer, "`\(stack.value)` is neither `\(source.name.value)` nor one of its children")
            return
        }
        switch source.children[position].show {
        case .content, .present(_, inStack: true), .tab(inStack: true):
            break
        default:
            report(stack.pointer, "`\(stack.value)`'s view roots no stack: show it as content, or present it or tab it `inStack`")
        }
    }

    private func putsInStack(_ show: AppSource.Show) -> Bool {
        switch show {
        case .push, .content: true
        case let .present(_, inStack), let .tab(inStack): inStack
        case .attach: false
        }
    }

    /// Every reachable child is routed to by something: its parent's launch, a handler or a listener.
    private mutating func checkRoutedTo(_ reachable: [Int], in graph: RibGraph) {
        for rib in reachable where rib != graph.root {
            guard let (parent, _) = graph.parent[rib] else { continue }
            let name = graph.ribs[rib].name.value
            let source = graph.ribs[parent]
            let actions = source.handlers.map(\.action) + source.listeners.map(\.action)
            let routed =
                source.onLoad.contains { $0.value == name }
                || actions.contains { action in
                    guard case let .route(choice) = action else { return false }
                    switch choice {
                    case let .fixed(child): return child.value == name
                    case let .field(_, among): return among?.contains { $0.value == name } ?? true
                    }
                }
            if !routed { report(graph.ribs[rib].pointer, "`\(name)` is unreachable: `\(source.name.value)` never routes to it") }
        }
    }
}
