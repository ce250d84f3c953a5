/// An RFC 9457 problem document, as the server answers every refusal.
public struct Problem: Hashable, Sendable, Codable {
    /// `urn:ribsd:problem:<code>`.
    public var type: String
    /// A short, fixed summary of the code.
    public var title: String
    public var status: Int
    /// What exactly went wrong with this request.
    public var detail: String
    public var code: ProblemCode
    /// For a batch (or a creation with events): the position of the event refused, from 0.
    public var index: Int?
    /// For `link_not_routable`: the step of the link's walk that could not go on, from 1.
    public var step: Int?

    public init(type: String, title: String, status: Int, detail: String, code: ProblemCode, index: Int? = nil, step: Int? = nil) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.code = code
        self.index = index
        self.step = step
    }
}
