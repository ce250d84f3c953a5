extension FileReader {
    /// The members an app file's top level may have: either a RIB tree's or flows'.
    static let appMembers = [
        "$schema", "id", "description", "events", "declares", "root", "ribs", "rootFlow", "flows", "steps", "initialStep", "eventSteps",
        "links",
    ]
    private static let ribAppMembers = ["root", "ribs"]
    private static let flowAppMembers = ["rootFlow", "flows", "steps", "initialStep", "eventSteps"]

    /// Reads a whole app file; nil when its top level is no object.
    mutating func readApp(_ node: JSONNode) -> AppSource? {
        guard let app = object(node, at: .root, known: Self.appMembers) else { return nil }
        var source = AppSource()
        source.id = string(app, "id", required: true)
        source.description = text(app, "description") ?? ""
        source.events = strings(app, "events")
        for (node, pointer) in array(app, "declares") ?? [] {
            if let declaration = readDeclaration(node, at: pointer) { source.declarations.append(declaration) }
        }
        source.links = readLinks(app)
        let ribMembers = Self.ribAppMembers.filter { app[$0] != nil }
        let flowMembers = Self.flowAppMembers.filter { app[$0] != nil }
        switch (ribMembers.isEmpty, flowMembers.isEmpty) {
        case (false, false):
            report(
                .root,
                "an app is a RIB tree (`root`, `ribs`) or flows (`rootFlow`, `flows`), not both: it has \(list(ribMembers + flowMembers))")
        case (true, true):
            report(.root, "`root` and `ribs` (a RIB tree), or `rootFlow` and `flows` (RxFlow-style flows), are missing")
        case (false, true):
            source.root = string(app, "root", required: true)
            for (node, pointer) in array(app, "ribs", required: true) ?? [] {
                if let rib = readRib(node, at: pointer) { source.ribs.append(rib) }
            }
        case (true, false):
            source.flowApp = readFlowApp(app)
        }
        return source
    }

    /// A string member that may be empty (a description).
    mutating func text(_ object: Members, _ name: String) -> String? {
        guard let node = object[name] else { return nil }
        guard case let .string(value) = node else {
            report(object.pointer.appending(name), "must be a string, not \(node.kindName)")
            return nil
        }
        return value
    }

    /// An object member mapping names to non-empty strings, in file order (`"state": {"name": "name"}`).
    mutating func stringMap(_ object: Members, _ name: String) -> [Located<(key: String, value: String)>]? {
        guard let node = object[name] else { return nil }
        let pointer = object.pointer.appending(name)
        guard case let .object(members) = node else {
            report(pointer, "must be an object, not \(node.kindName)")
            return nil
        }
        var pairs: [Located<(key: String, value: String)>] = []
        var seen: Set<String> = []
        for member in members {
            let memberPointer = pointer.appending(member.name)
            guard seen.insert(member.name).inserted else {
                report(memberPointer, "`\(member.name)` is given twice")
                continue
            }
            guard !member.name.isEmpty else {
                report(memberPointer, "a name must not be empty")
                continue
            }
            guard case let .string(value) = member.value, !value.isEmpty else {
                report(memberPointer, "must be a non-empty string, not \(member.value.kindName)")
                continue
            }
            pairs.append(Located(value: (member.name, value), pointer: memberPointer))
        }
        return pairs
    }

    /// `a`, `b` and `c` as a problem lists names.
    func list(_ names: [String]) -> String {
        names.map { "`\($0)`" }.joined(separator: ", ")
    }
}
