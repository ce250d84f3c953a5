/// A JSON value as an app file holds it, members in file order (a repeated name is kept, for the reader to
/// report: a dictionary would silently keep one of them).
indirect enum JSONNode: Sendable, Equatable {
    case object([Member])
    case array([JSONNode])
    case string(String)
    /// The number as written: an integer field reads it exactly, whatever its size.
    case number(String)
    case bool(Bool)
    case null

    /// One name and value of an object.
    struct Member: Sendable, Equatable {
        let name: String
        let value: JSONNode
    }

    /// What the value is, as a problem names it ("an object", "a string").
    var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
