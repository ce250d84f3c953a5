import Foundation

/// Applies an RFC 6902 patch (`add`, `remove`, `replace`) to a document read by `JSONSerialization`: written
/// here from the RFC, apart from the server's diff, so a test can check that a patch turns A into B.
enum JSONPatchApplier {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func apply(_ patch: [UInt8], to document: [UInt8]) throws -> Any {
        guard let operations = try JSONSerialization.jsonObject(with: Data(patch)) as? [[String: Any]] else {
            throw Failure(description: "the patch is no array of objects")
        }
        var value = try JSONSerialization.jsonObject(with: Data(document), options: [.fragmentsAllowed])
        for operation in operations {
            guard let op = operation["op"] as? String, let path = operation["path"] as? String else {
                throw Failure(description: "an operation without op or path: \(operation)")
            }
            let tokens = try pointer(path)
            switch op {
            case "add", "replace":
                guard let new = operation["value"] else { throw Failure(description: "\(op) without a value") }
                value = try change(value, at: tokens[...], op: op, new: new)
            case "remove":
                value = try change(value, at: tokens[...], op: op, new: nil)
            default:
                throw Failure(description: "unexpected op \(op)")
            }
        }
        return value
    }

    /// RFC 6901: `""` is the whole document; each token unescaped (`~1` to `/`, then `~0` to `~`).
    private static func pointer(_ path: String) throws -> [String] {
        guard !path.isEmpty else { return [] }
        guard path.hasPrefix("/") else { throw Failure(description: "a pointer not starting with /: \(path)") }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    private static func change(_ value: Any, at tokens: ArraySlice<String>, op: String, new: Any?) throws -> Any {
        guard let token = tokens.first else {
            guard op != "remove", let new else { throw Failure(description: "cannot remove the whole document") }
            return new
        }
        let rest = tokens.dropFirst()
        if var object = value as? [String: Any] {
            if rest.isEmpty {
                switch op {
                case "add": object[token] = new
                case "replace":
                    guard object[token] != nil else { throw Failure(description: "replace of a missing member \(token)") }
                    object[token] = new
                default:
                    guard object.removeValue(forKey: token) != nil else {
                        throw Failure(description: "remove of a missing member \(token)")
                    }
                }
            } else {
                guard let child = object[token] else { throw Failure(description: "no member \(token)") }
                object[token] = try change(child, at: rest, op: op, new: new)
            }
            return object
        }
        if var array = value as? [Any] {
            guard let index = token == "-" ? array.count : Int(token) else { throw Failure(description: "bad index \(token)") }
            if rest.isEmpty {
                switch op {
                case "add":
                    guard index <= array.count, let new else { throw Failure(description: "add past the end: \(index)") }
                    array.insert(new, at: index)
                case "replace":
                    guard index < array.count, let new else { throw Failure(description: "replace past the end: \(index)") }
                    array[index] = new
                default:
                    guard index < array.count else { throw Failure(description: "remove past the end: \(index)") }
                    array.remove(at: index)
                }
            } else {
                guard index < array.count else { throw Failure(description: "no element \(index)") }
                array[index] = try change(array[index], at: rest, op: op, new: new)
            }
            return array
        }
        throw Failure(description: "\(token) into a scalar")
    }
}
