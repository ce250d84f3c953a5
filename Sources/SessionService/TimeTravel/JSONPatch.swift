import AppHosting

/// An RFC 6902 JSON Patch from one JSON value to another: `add`, `remove` and `replace` operations whose paths
/// are RFC 6901 JSON Pointers, applied in order.
///
/// Objects are compared member by member; arrays keep their common head and tail and change what lies between
/// (elements in place, then those added or removed at its end), which turns a push or a pop into one
/// operation on the stack.
struct JSONPatch: Equatable {
    struct Operation: Equatable {
        enum Kind: String {
            case add, remove, replace
        }

        let kind: Kind
        let path: String
        /// The value added or put in place; nil for `remove`.
        let value: JSONValue?
    }

    private(set) var operations: [Operation] = []

    /// The operations that turn `source` into `target`.
    init(from source: JSONValue, to target: JSONValue) {
        diff(source, target, at: "")
    }

    /// The patch as a JSON array.
    var json: [UInt8] {
        var json = JSONWriter(capacity: 64 + operations.count * 64)
        json.beginArray()
        for operation in operations {
            json.beginObject()
            json.field("op", operation.kind.rawValue)
            json.field("path", operation.path)
            if let value = operation.value {
                json.key("value")
                value.write(to: &json)
            }
            json.endObject()
        }
        json.endArray()
        return json.bytes
    }

    private mutating func diff(_ source: JSONValue, _ target: JSONValue, at path: String) {
        guard source != target else { return }
        switch (source, target) {
        case let (.object(from), .object(to)):
            for member in from where !to.contains(where: { $0.name == member.name }) {
                operations.append(Operation(kind: .remove, path: Self.path(path, member.name), value: nil))
            }
            for member in to {
                let memberPath = Self.path(path, member.name)
                if let old = from.first(where: { $0.name == member.name }) {
                    diff(old.value, member.value, at: memberPath)
                } else {
                    operations.append(Operation(kind: .add, path: memberPath, value: member.value))
                }
            }
        case let (.array(from), .array(to)):
            diffArrays(from, to, at: path)
        default:
            operations.append(Operation(kind: .replace, path: path, value: target))
        }
    }

    private mutating func diffArrays(_ from: [JSONValue], _ to: [JSONValue], at path: String) {
        var head = 0
        while head < from.count, head < to.count, from[head] == to[head] { head += 1 }
        var tail = 0
        while tail < from.count - head, tail < to.count - head, from[from.count - 1 - tail] == to[to.count - 1 - tail] { tail += 1 }
        let removedCount = from.count - head - tail, addedCount = to.count - head - tail
        let inPlace = min(removedCount, addedCount)
        for offset in 0..<inPlace {
            diff(from[head + offset], to[head + offset], at: "\(path)/\(head + offset)")
        }
        for offset in inPlace..<max(inPlace, addedCount) {
            operations.append(Operation(kind: .add, path: "\(path)/\(head + offset)", value: to[head + offset]))
        }
        // From the last one down, so each index still names the element it meant.
        for offset in (inPlace..<max(inPlace, removedCount)).reversed() {
            operations.append(Operation(kind: .remove, path: "\(path)/\(head + offset)", value: nil))
        }
    }

    /// `parent` with one more reference token, escaped (`~` as `~0`, `/` as `~1`).
    private static func path(_ parent: String, _ name: String) -> String {
        var path = parent + "/"
        for character in name {
            switch character {
            case "~": path += "~0"
            case "/": path += "~1"
            default: path.append(character)
            }
        }
        return path
    }
}
