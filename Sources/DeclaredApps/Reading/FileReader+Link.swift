extension FileReader {
    /// The members of a link, and of one step of its walk (docs/app.schema.json lists the same).
    static let linkMembers = ["pattern", "description", "steps"]
    static let linkStepMembers = ["name", "ifShows", "unlessShows", "send", "navigate", "refuse"]
    /// The members of which a step has exactly one: its move.
    private static let linkMoveMembers = ["send", "navigate", "refuse"]

    /// Reads the top level's `links`, each link with its pattern and walk as written.
    mutating func readLinks(_ app: Members) -> [AppSource.Link] {
        var links: [AppSource.Link] = []
        for (node, pointer) in array(app, "links") ?? [] {
            guard let members = object(node, at: pointer, known: Self.linkMembers) else { continue }
            let pattern = string(members, "pattern", required: true)
            let description = text(members, "description") ?? ""
            let elements = array(members, "steps", required: true)
            if elements?.isEmpty == true { report(pointer.appending("steps"), "a link takes at least one step") }
            let steps = (elements ?? []).compactMap { readLinkStep($0.node, at: $0.pointer) }
            if let pattern { links.append(AppSource.Link(pattern: pattern, description: description, steps: steps)) }
        }
        return links
    }

    private mutating func readLinkStep(_ node: JSONNode, at pointer: JSONPointer) -> AppSource.LinkStep? {
        guard let members = object(node, at: pointer, known: Self.linkStepMembers) else { return nil }
        let name = string(members, "name")
        let ifShows = string(members, "ifShows")
        let unlessShows = string(members, "unlessShows")
        if ifShows != nil && unlessShows != nil {
            report(pointer, "a step has `ifShows` or `unlessShows`, not both")
        }
        let given = Self.linkMoveMembers.filter { members[$0] != nil }
        guard given.count == 1 else {
            report(
                pointer,
                given.isEmpty
                    ? "a step needs one of `send`, `navigate` or `refuse`"
                    : "a step has one of `send`, `navigate` or `refuse`: it has \(list(given))")
            return nil
        }
        let move: AppSource.LinkMove
        switch given[0] {
        case "send":
            guard let elements = array(members, "send") else { return nil }
            if elements.isEmpty { report(pointer.appending("send"), "a step sends at least one event") }
            var events: [Located<[JSONNode.Member]>] = []
            for (node, pointer) in elements {
                if let event = readLinkEvent(node, at: pointer) { events.append(event) }
            }
            move = .send(events)
        case "navigate":
            guard let step = string(members, "navigate") else { return nil }
            move = .navigate(step)
        default:
            guard let reason = string(members, "refuse") else { return nil }
            move = .refuse(reason.value)
        }
        return AppSource.LinkStep(name: name, ifShows: ifShows, unlessShows: unlessShows, move: move)
    }

    /// An event a step sends: an object of plain values, as a client's body is (its fields are checked once the
    /// app's event types are known).
    private mutating func readLinkEvent(_ node: JSONNode, at pointer: JSONPointer) -> Located<[JSONNode.Member]>? {
        guard case let .object(members) = node else {
            report(pointer, "an event must be an object, not \(node.kindName)")
            return nil
        }
        var seen: Set<String> = []
        var fine = true
        for member in members {
            let memberPointer = pointer.appending(member.name)
            if !seen.insert(member.name).inserted {
                report(memberPointer, "`\(member.name)` is given twice")
                fine = false
            }
            switch member.value {
            case .object, .array:
                report(memberPointer, "an event's field is a string, a number, a boolean or null, not \(member.value.kindName)")
                fine = false
            case .string, .number, .bool, .null:
                continue
            }
        }
        guard case .string? = members.first(where: { $0.name == "type" })?.value else {
            report(pointer, "an event needs `type`, a string")
            return nil
        }
        return fine ? Located(value: members, pointer: pointer) : nil
    }
}
