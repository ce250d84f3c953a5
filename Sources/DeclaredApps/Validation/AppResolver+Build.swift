import AppHosting

extension AppResolver {
    /// The model of `rib` and its subtree, from sources checked already (every name resolves).
    func build(_ rib: Int, in graph: RibGraph, models: inout [Int: RibModel]) -> RibModel {
        if let model = models[rib] { return model }
        let source = graph.ribs[rib]
        var slots: [String] = []
        var children: [ChildModel] = []
        for child in source.children {
            let index = graph.index[child.rib.value] ?? rib
            let slot = child.slot.map { name in
                if let id = slots.firstIndex(of: name.value) { return id }
                slots.append(name.value)
                return slots.count - 1
            }
            children.append(
                ChildModel(rib: build(index, in: graph, models: &models), show: show(child.show, parent: rib, in: graph), slot: slot))
        }
        let position = { (name: String) in graph.position(of: name, in: rib) ?? 0 }
        let stack = source.stack.map { $0.value == source.name.value ? RibModel.StackSource.own : .child(position($0.value)) }
        let shownBy = graph.entry(of: rib)?.show
        let detaches = source.detachesOnClose?.value ?? (shownBy?.isPush == true || shownBy?.isPresent == true)
        let handlers = source.handlers.map { handler in
            HandlerModel(
                event: .init(rawValue: handler.event.value), when: handler.when,
                action: action(handler.action, position: position, of: source))
        }
        let listeners = source.listeners.map {
            ListenerModel(message: $0.message.value, action: action($0.action, position: position, of: source))
        }
        let model = RibModel(
            name: source.name.value, view: source.view, detachesOnClose: detaches, state: source.state.map(\.value), stack: stack,
            children: children, onLoad: source.onLoad.map { position($0.value) }, handlers: handlers, listeners: listeners)
        models[rib] = model
        return model
    }

    private func show(_ show: AppSource.Show, parent: Int, in graph: RibGraph) -> ChildModel.Show {
        switch show {
        case .attach: .attach
        case .push: .push
        case let .present(style, inStack): .present(style, inStack: inStack)
        case let .tab(inStack): .tab(inStack: inStack)
        case let .content(container):
            .content(levelsUp: container.flatMap { graph.index[$0.value] }.flatMap { graph.levels(from: parent, upTo: $0) } ?? 0)
        }
    }

    private func action(_ action: AppSource.Action, position: (String) -> Int, of source: AppSource.Rib) -> ActionModel {
        func choice(_ choice: AppSource.Choice) -> ChildChoice {
            switch choice {
            case let .fixed(child): .fixed(position(child.value))
            case let .field(field, among):
                .field(field.value, among: (among?.map(\.value) ?? source.children.map(\.rib.value)).map(position))
            }
        }
        switch action {
        case let .route(target): return .route(choice(target))
        case .pop: return .pop
        case let .didPop(field): return .didPop(field: field.value)
        case .dismiss: return .dismiss
        case let .didDismiss(field): return .didDismiss(field: field.value)
        case let .tell(message): return .tell(message.value)
        case let .set(bindings): return .set(bindings.map(\.value))
        case let .selectTab(target): return .selectTab(choice(target))
        }
    }
}
