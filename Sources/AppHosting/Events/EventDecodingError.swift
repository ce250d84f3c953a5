/// Why an event body was refused before it reached any interactor.
public enum EventDecodingError: Error, Equatable, Sendable {
    /// Not a JSON object, `type` missing, or a field missing or of the wrong type (400 `malformed_event`).
    case malformed(String)
    /// `type` is none of the contract's types nor of the app's own (400 `unknown_event`).
    case unknownType(String)

    /// What was wrong, as the problem's detail says it.
    public var reason: String {
        switch self {
        case let .malformed(why), let .unknownType(why): why
        }
    }
}
