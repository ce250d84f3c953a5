/// Reads one app file's JSON into what it declares, noting every problem on the way instead of stopping at the
/// first: a value of the wrong kind, a member missing, one the format does not know (a typo would otherwise be
/// ignored, and the app would quietly lack what the author meant).
struct FileReader {
    /// The members of one object, checked already against the names the format knows there.
    struct Members {
        let pointer: JSONPointer
        let members: [JSONNode.Member]

        /// The value of member `name` (the first, when the file repeats it: that is reported).
        subscript(name: String) -> JSONNode? {
            members.first { $0.name == name }?.value
        }
    }

    let file: String
    private(set) var problems: [AppLoadProblem] = []

    init(file: String) {
        self.file = file
    }

    mutating func report(_ pointer: JSONPointer, _ message: String) {
        problems.append(AppLoadProblem(file: file, pointer: pointer.description, message: message))
    }

    /// The object at `pointer`, its members' names checked against `known`; nil (reported) when it is no object.
    mutating func object(_ node: JSONNode, at pointer: JSONPointer, known: [String]) -> Members? {
        guard case let .object(members) = node else {
            report(pointer, "must be an object, not \(node.kindName)")
            return nil
        }
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.name).inserted {
                report(pointer.appending(member.name), "`\(member.name)` is given twice")
            } else if !known.contains(member.name) {
                report(pointer.appending(member.name), "unknown member `\(member.name)`; known here: \(known.joined(separator: ", "))")
            }
        }
        return Members(pointer: pointer, members: members)
    }

    /// The string member `name`; nil when absent (reported when `required`) or not a non-empty string (reported).
    mutating func string(_ object: Members, _ name: String, required: Bool = false) -> Located<String>? {
        let pointer = object.pointer.appending(name)
        guard let node = object[name] else {
            if required { report(object.pointer, "`\(name)` is missing") }
            return nil
        }
        guard case let .string(value) = node else {
            report(pointer, "must be a string, not \(node.kindName)")
            return nil
        }
        guard !value.isEmpty else {
            report(pointer, "must not be empty")
            return nil
        }
        return Located(value: value, pointer: pointer)
    }

    /// The boolean member `name`; nil when absent or not a boolean (reported).
    mutating func bool(_ object: Members, _ name: String) -> Bool? {
        guard let node = object[name] else { return nil }
        guard case let .bool(value) = node else {
            report(object.pointer.appending(name), "must be true or false, not \(node.kindName)")
            return nil
        }
        return value
    }

    /// The integer member `name`; nil when absent or not an integer a 64-bit machine holds (reported).
    mutating func integer(_ object: Members, _ name: String) -> Int? {
        guard let node = object[name] else { return nil }
        guard case let .number(literal) = node, let value = Int(literal) else {
            report(object.pointer.appending(name), "must be an integer")
            return nil
        }
        return value
    }

    /// The member `name` as one of `Choice`'s raw values; nil when absent or another string (reported).
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ object: Members, _ name: String, as type: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        guard let string = string(object, name) else { return nil }
        guard let value = Choice(rawValue: string.value) else {
            report(
                string.pointer,
                "must be one of \(Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(string.value)\"")
            return nil
        }
        return value
    }

    /// The elements of the array member `name`, each with its pointer; nil when absent or no array (reported).
    mutating func array(_ object: Members, _ name: String, required: Bool = false) -> [(node: JSONNode, pointer: JSONPointer)]? {
        let pointer = object.pointer.appending(name)
        guard let node = object[name] else {
            if required { report(object.pointer, "`\(name)` is missing") }
            return nil
        }
        guard case let .array(elements) = node else {
            report(pointer, "must be an array, not \(node.kindName)")
            return nil
        }
        return elements.enumerated().map { ($0.element, pointer.appending($0.offset)) }
    }

    /// The array member `name` as non-empty strings, each with its pointer (the others reported and left out).
    mutating func strings(_ object: Members, _ name: String, required: Bool = false) -> [Located<String>]? {
        guard let elements = array(object, name, required: required) else { return nil }
        var strings: [Located<String>] = []
        for (node, pointer) in elements {
            guard case let .string(value) = node, !value.isEmpty else {
                report(pointer, "must be a non-empty string, not \(node.kindName)")
                continue
            }
            strings.append(Located(value: value, pointer: pointer))
        }
        return strings
    }
}
