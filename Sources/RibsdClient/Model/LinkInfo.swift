/// A deep link an app declares (`GET /v1/apps`, `links`).
public struct LinkInfo: Hashable, Sendable, Codable {
    /// Literal and `{parameter}` path segments, and an optional query of `name={parameter}` pairs:
    /// `home/A`, `welcome?name={name}`.
    public var pattern: String
    /// Where the link leads.
    public var description: String

    public init(pattern: String, description: String) {
        self.pattern = pattern
        self.description = description
    }
}
