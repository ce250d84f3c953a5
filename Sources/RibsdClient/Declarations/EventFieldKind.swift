/// What values a declared event field takes.
public enum EventFieldKind: Hashable, Sendable, CustomStringConvertible {
    /// A string of 1 to 256 characters.
    case string
    /// A JSON integer (no fraction or exponent) in the range.
    case integer(ClosedRange<Int>)
    /// `true` or `false`.
    case boolean
    /// One of the app's screens (any string of 1 to 256 characters when the app lists none).
    case screen
    /// One of these strings (the contract's `enum`).
    case oneOf([String])
    /// A kind added to the contract after this client: sent as the caller writes it, unchecked.
    case unknown(String)

    /// The kind's name, as `GET /v1/apps` writes it.
    public var name: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .boolean: "boolean"
        case .screen: "screen"
        case .oneOf: "enum"
        case .unknown(let name): name
        }
    }

    /// `string`, `integer 0…2`, `enum randomwin|tictactoe`.
    public var description: String {
        switch self {
        case .integer(let range) where range != Int.min...Int.max: "integer \(range.lowerBound)…\(range.upperBound)"
        case .oneOf(let values): "enum " + values.joined(separator: "|")
        default: name
        }
    }
}
