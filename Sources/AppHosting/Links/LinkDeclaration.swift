import RIBs

/// A link an app opens (a push notification's or a web page's URL): a pattern with parameters, and the walk that
/// takes the app from whatever it shows to where the link points (RIBs' deep-link `Workflow`, RxFlow's
/// `navigate(to:)`).
///
/// The walk runs on the session's runtime, deterministically like an event: a session's history records the link,
/// and a replay opens it again.
public struct LinkDeclaration: Sendable {
    /// The pattern URLs are matched against, as `GET /v1/apps` lists it (`LinkPattern`).
    public let pattern: LinkPattern
    /// One line on where the link goes.
    public let description: String
    /// Takes the app there from its current state; a refusal names the step that could not go on.
    public let open: @Sendable (_ parameters: [String: String], _ runtime: any AppRuntime) throws(LinkRefusal) -> Void

    /// Declares a link; `pattern` is a path of literal and `{parameter}` segments, with an optional query of
    /// `name={parameter}` pairs (`home/{screen}`, `launchGame?gameId={gameId}`). A pattern that does not read so is
    /// a bug in the app (a precondition).
    public init(
        _ pattern: String, description: String,
        open: @escaping @Sendable (_ parameters: [String: String], _ runtime: any AppRuntime) throws(LinkRefusal) -> Void
    ) {
        guard let parsed = LinkPattern(pattern) else { preconditionFailure("link pattern `\(pattern)` does not read as one") }
        self.pattern = parsed
        self.description = description
        self.open = open
    }
}

/// Why a link could not be opened from the state shown: the step of its walk that could not go on, and why.
public struct LinkRefusal: Error, Equatable, Sendable {
    /// The step's position in the walk, from 1.
    public let step: Int
    /// The step's name.
    public let name: String
    /// Why it could not go on.
    public let reason: String

    public init(step: Int, name: String, reason: String) {
        self.step = step
        self.name = name
        self.reason = reason
    }

    /// The refusal of a RIBs workflow that failed: its step, and why, without the step's name again.
    public init(_ error: WorkflowError) {
        let reason: String =
            switch error.reason {
            case let .refused(why): why
            case let .conditionNotMet(condition): "still waiting until \(condition)"
            case let .inactive(item): "\(item) is not active"
            case .notCommitted: "the workflow was not committed"
            }
        self.init(step: error.step, name: error.stepName ?? "step \(error.step)", reason: reason)
    }
}
