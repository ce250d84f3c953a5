import HeadlessUI

extension FileReader {
    /// How a child entry says it is shown.
    enum ShowKind: String, CaseIterable {
        case attach, push, present, content, tab
    }

    /// The members of a RIB, a child entry, a handler and a state key's object (docs/app.schema.json lists the
    /// same).
    static let ribMembers = ["name", "view", "detachOnClose", "state", "stack", "children", "onLoad", "handles", "listens"]
    static let childMembers = ["rib", "show", "style", "inStack", "container", "slot"]
    static let handlerMembers = ["event", "when"] + actionMembers
    static let stateKeyMembers = ["field", "initial"]

    /// Reads one entry of `ribs`; nil when it is no object or has no name.
    mutating func readRib(_ node: JSONNode, at pointer: JSONPointer) -> AppSource.Rib? {
        guard let members = object(node, at: pointer, known: Self.ribMembers), let name = string(members, "name", required: true) else {
            return nil
        }
        var rib = AppSource.Rib(name: name, pointer: pointer)
        if let view = choice(members, "view", as: RibModel.View.self) { rib.view = view }
        if let detach = bool(members, "detachOnClose") {
            rib.detachesOnClose = Located(value: detach, pointer: pointer.appending("detachOnClose"))
        }
        rib.state = readState(members)
        rib.stack = string(members, "stack")
        for (node, pointer) in array(members, "children") ?? [] {
            if let child = readChild(node, at: pointer) { rib.children.append(child) }
        }
        rib.onLoad = strings(members, "onLoad") ?? []
        for (node, pointer) in array(members, "handles") ?? [] {
            if let handler = readHandler(node, at: pointer) { rib.handlers.append(handler) }
        }
        rib.listeners = readListeners(members)
        return rib
    }

    private mutating func readChild(_ node: JSONNode, at pointer: JSONPointer) -> AppSource.Child? {
        guard let members = object(node, at: pointer, known: Self.childMembers),
            let rib = string(members, "rib", required: true)
        else { return nil }
        guard let kind = choice(members, "show", as: ShowKind.self) else {
            if members["show"] == nil { report(pointer, "`show` is missing") }
            return nil
        }
        let style = choice(members, "style", as: ModalPresentationStyle.self)
        let inStack = bool(members, "inStack")
        let container = string(members, "container")
        if kind != .present, style != nil {
            report(pointer.appending("style"), "only a presented child (`\"show\": \"present\"`) has a style")
        }
        if kind != .present, kind != .tab, inStack != nil {
            report(pointer.appending("inStack"), "only a presented child or a tab is wrapped in a stack of its own")
        }
        if kind != .content, container != nil {
            report(pointer.appending("container"), "only a child shown as `content` goes in a container")
        }
        let show: AppSource.Show =
            switch kind {
            case .attach: .attach
            case .push: .push
            case .present: .present(style ?? .pageSheet, inStack: inStack ?? false)
            case .content: .content(container: container)
            case .tab: .tab(inStack: inStack ?? false)
            }
        return AppSource.Child(rib: rib, show: show, slot: string(members, "slot"), pointer: pointer)
    }

    /// `state`: an object from each key to the event field that sets it (`"name": "name"`), or to an object
    /// with a `field`, an `initial` value, or both.
    private mutating func readState(_ rib: Members) -> [Located<StateKey>] {
        guard let node = rib["state"] else { return [] }
        let pointer = rib.pointer.appending("state")
        guard case let .object(keys) = node else {
            report(pointer, "must be an object from each key to its field, not \(node.kindName)")
            return []
        }
        var state: [Located<StateKey>] = []
        var seen: Set<String> = []
        for key in keys {
            let keyPointer = pointer.appending(key.name)
            guard seen.insert(key.name).inserted else {
                report(keyPointer, "`\(key.name)` is given twice")
                continue
            }
            guard !key.name.isEmpty else {
                report(keyPointer, "a key must not be empty")
                continue
            }
            switch key.value {
            case let .string(field) where !field.isEmpty:
                state.append(Located(value: StateKey(key: key.name, field: field, initial: nil), pointer: keyPointer))
            case .object:
                guard let members = object(key.value, at: keyPointer, known: Self.stateKeyMembers) else { continue }
                let field = string(members, "field")
                let initial = text(members, "initial")
                guard field != nil || initial != nil else {
                    report(keyPointer, "give the `field` that sets it, its `initial` value, or both")
                    continue
                }
                state.append(Located(value: StateKey(key: key.name, field: field?.value, initial: initial), pointer: keyPointer))
            default:
                report(keyPointer, "must be a field's name or an object with `field` and `initial`, not \(key.value.kindName)")
            }
        }
        return state
    }

    private mutating func readHandler(_ node: JSONNode, at pointer: JSONPointer) -> AppSource.Handler? {
        guard let members = object(node, at: pointer, known: Self.handlerMembers),
            let event = string(members, "event", required: true), let action = readAction(members)
        else { return nil }
        let when = choice(members, "when", as: HandlerModel.Guard.self) ?? .always
        return AppSource.Handler(event: event, when: when, action: action, pointer: pointer)
    }

    /// `listens`: an object from each message a child may tell to what the RIB then does.
    private mutating func readListeners(_ rib: Members) -> [AppSource.Listener] {
        guard let node = rib["listens"] else { return [] }
        let pointer = rib.pointer.appending("listens")
        guard case let .object(messages) = node else {
            report(pointer, "must be an object from each message to its action, not \(node.kindName)")
            return []
        }
        var listeners: [AppSource.Listener] = []
        var seen: Set<String> = []
        for message in messages {
            let messagePointer = pointer.appending(message.name)
            guard seen.insert(message.name).inserted else {
                report(messagePointer, "`\(message.name)` is given twice")
                continue
            }
            guard let members = object(message.value, at: messagePointer, known: Self.actionMembers), let action = readAction(members)
            else {
                continue
            }
            listeners.append(
                AppSource.Listener(message: Located(value: message.name, pointer: messagePointer), action: action, pointer: messagePointer))
        }
        return listeners
    }
}
