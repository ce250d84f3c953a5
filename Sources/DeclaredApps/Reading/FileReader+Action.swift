extension FileReader {
    /// What a handler or a listener does.
    enum ActionKind: String, CaseIterable {
        case route, pop, didPop, dismiss, didDismiss, tell, set, selectTab
    }

    /// The members an action takes, beside the handler's own.
    static let actionMembers = ["do", "child", "childFrom", "among", "screenFrom", "message", "state"]

    /// Reads the action of a handler or listener object: `do` and the members that kind of action takes (a
    /// member another kind takes is reported, not ignored).
    mutating func readAction(_ members: Members) -> AppSource.Action? {
        guard let kind = choice(members, "do", as: ActionKind.self) else {
            if members["do"] == nil { report(members.pointer, "`do` is missing") }
            return nil
        }
        let takes: [String] =
            switch kind {
            case .route, .selectTab: ["child", "childFrom", "among"]
            case .didPop, .didDismiss: ["screenFrom"]
            case .tell: ["message"]
            case .set: ["state"]
            case .pop, .dismiss: []
            }
        for name in Self.actionMembers.dropFirst() where members[name] != nil && !takes.contains(name) {
            report(members.pointer.appending(name), "`\(kind.rawValue)` takes no `\(name)`")
        }
        switch kind {
        case .route: return readChoice(members).map { .route($0) }
        case .selectTab: return readChoice(members).map { .selectTab($0) }
        case .pop: return .pop
        case .dismiss: return .dismiss
        case .didPop: return .didPop(field: screenField(members))
        case .didDismiss: return .didDismiss(field: screenField(members))
        case .tell: return string(members, "message", required: true).map { .tell($0) }
        case .set:
            guard let pairs = stringMap(members, "state") else {
                report(members.pointer, "`state` is missing")
                return nil
            }
            return .set(pairs.map { Located(value: StateBinding(key: $0.value.key, field: $0.value.value), pointer: $0.pointer) })
        }
    }

    /// `child`, or `childFrom` (and `among`): exactly one of the first two.
    private mutating func readChoice(_ members: Members) -> AppSource.Choice? {
        let child = string(members, "child")
        let field = string(members, "childFrom")
        let among = strings(members, "among")
        switch (child, field) {
        case let (child?, nil):
            if among != nil { report(members.pointer.appending("among"), "`among` goes with `childFrom`, not with `child`") }
            return .fixed(child)
        case let (nil, field?):
            return .field(field, among: among)
        case (_?, _?):
            report(members.pointer, "give `child` or `childFrom`, not both")
            return nil
        case (nil, nil):
            if members["child"] == nil, members["childFrom"] == nil { report(members.pointer, "`child` or `childFrom` is missing") }
            return nil
        }
    }

    /// The event field naming a swiped screen: `screenFrom`, or the built-in events' `screen`.
    private mutating func screenField(_ members: Members) -> Located<String> {
        string(members, "screenFrom") ?? Located(value: "screen", pointer: members.pointer.appending("do"))
    }
}
