import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a call to ribsd failed.
public enum RibsdError: Error, Sendable, CustomStringConvertible {
    /// The server refused the request with a problem document; nothing changed. `retryAfter`: the seconds its
    /// `Retry-After` header asked for, if it sent one.
    case problem(Problem, retryAfter: Int?)
    /// No answer: the connection failed or timed out on every attempt the retry policy allowed.
    case transport(URLError, attempts: Int)
    /// An answer the contract does not describe (a status without a problem document, a body that does not
    /// decode as the type it should be); `body` is its text, cut to 1 KiB.
    case unexpectedResponse(status: Int, body: String, reason: String)
    /// A session's stream ended for a reason other than `deleted` or `expired` (`failed`: the session was closed).
    case streamEnded(StreamEndReason)
    /// The request could not be written: an event field holds a number JSON cannot carry (infinite, NaN).
    case invalidRequest(String)
    /// The task making the call was cancelled.
    case cancelled

    /// The problem's code, for a refusal.
    public var code: ProblemCode? { problem?.code }
    /// The HTTP status of the answer, when there was one.
    public var status: Int? {
        switch self {
        case .problem(let problem, _): problem.status
        case .unexpectedResponse(let status, _, _): status
        default: nil
        }
    }
    /// The problem's detail, for a refusal.
    public var detail: String? { problem?.detail }
    /// For a refused batch: the position of the event refused.
    public var index: Int? { problem?.index }

    /// The problem document, for a refusal.
    public var problem: Problem? {
        if case .problem(let problem, _) = self { return problem }
        return nil
    }

    public var description: String {
        switch self {
        case .problem(let problem, _): "\(problem.status) \(problem.code): \(problem.detail)"
        case .transport(let error, let attempts): "no answer after \(attempts) attempt(s): \(error.code) \(error.localizedDescription)"
        case .unexpectedResponse(let status, let body, let reason): "unexpected answer \(status) (\(reason)): \(body)"
        case .streamEnded(let reason): "the session's stream ended: \(reason)"
        case .invalidRequest(let reason): "the request cannot be written as JSON: \(reason)"
        case .cancelled: "cancelled"
        }
    }
}
