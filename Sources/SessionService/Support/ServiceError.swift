import AppHosting
import HTTPServer

/// An error as a client sees it: status, machine-readable code, title and detail (RFC 9457).
public struct ServiceError: Error, Equatable, Sendable {
    /// HTTP status.
    public let status: Int
    /// The contract's `code`.
    public let code: String
    /// A short, fixed summary of the code.
    public let title: String
    /// What exactly went wrong with this request.
    public private(set) var detail: String
    /// Extra response headers (`Retry-After`).
    public var headers: [(name: String, value: String)] = []
    /// Which event of a batch failed (the problem's `index` member), nil for a request of one event.
    public var index: Int?
    /// Which step of a link's walk could not go on, from 1 (the problem's `step` member), for `link_not_routable`.
    public var step: Int?

    public static func == (lhs: ServiceError, rhs: ServiceError) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.detail == rhs.detail && lhs.index == rhs.index
            && lhs.step == rhs.step
    }

    /// The problem+json response.
    public var response: HTTPResponse {
        .problem(
            status: status, code: code, title: title, detail: detail, extraHeaders: headers,
            integerMembers: (index.map { [("index", $0)] } ?? []) + (step.map { [("step", $0)] } ?? []))
    }

    /// This error as the failure of a batch's event at `index`.
    func at(index: Int) -> ServiceError {
        var error = self
        error.index = index
        error.detail = "event \(index): " + detail
        return error
    }

    static func malformedEvent(_ detail: String) -> ServiceError {
        ServiceError(status: 400, code: "malformed_event", title: "Malformed event", detail: detail)
    }

    static func unknownEvent(_ detail: String) -> ServiceError {
        ServiceError(status: 400, code: "unknown_event", title: "Unknown event type", detail: detail)
    }

    static func invalidHeader(_ detail: String) -> ServiceError {
        ServiceError(status: 400, code: "invalid_header", title: "Invalid header", detail: detail)
    }

    static func sessionNotFound() -> ServiceError {
        ServiceError(status: 404, code: "session_not_found", title: "Session not found", detail: "no such session (or it expired)")
    }

    static func eventNotHandled(_ detail: String) -> ServiceError {
        ServiceError(status: 409, code: "event_not_handled", title: "Event not handled", detail: detail)
    }

    static func invalidNavigation(_ detail: String) -> ServiceError {
        ServiceError(status: 409, code: "invalid_navigation", title: "Invalid navigation", detail: detail)
    }

    /// The app did not replay its history to the state the session showed (it is not deterministic): a fault
    /// of the server's app, not of the request, and the session is closed.
    static func replayDiverged() -> ServiceError {
        ServiceError(
            status: 500, code: "internal_error", title: "Internal server error",
            detail: "the session's app did not replay its history to the state it showed, so the session was closed")
    }

    static func eventLimit(_ limit: Int) -> ServiceError {
        ServiceError(
            status: 409, code: "event_limit", title: "Event limit reached",
            detail: "the session has applied its maximum of \(limit) events; start a new session"
        )
    }

    static func versionMismatch(current: Int) -> ServiceError {
        ServiceError(
            status: 412, code: "version_mismatch", title: "Version mismatch",
            detail: "If-Match does not match the session's version \"\(current)\"")
    }

    /// `If-Match` on `?version=N` is read against N, the version asked for, not the session's own.
    static func pastVersionMismatch(_ version: Int, current: Int) -> ServiceError {
        ServiceError(
            status: 412, code: "version_mismatch", title: "Version mismatch",
            detail: "If-Match does not match version \"\(version)\", the one asked for (the session is at \"\(current)\")")
    }

    /// If-None-Match names the version on a request that would change the session (RFC 9110 §13.1.2: 412).
    static func versionMatched(current: Int) -> ServiceError {
        ServiceError(
            status: 412, code: "version_mismatch", title: "Version mismatch",
            detail: "If-None-Match names the session's version \"\(current)\"")
    }

    static func unsupportedMediaType(_ contentType: String?) -> ServiceError {
        ServiceError(
            status: 415, code: "unsupported_media_type", title: "Unsupported media type",
            detail: "the body must be application/json (in UTF-8), not \(contentType.map { "\"\($0)\"" } ?? "untyped")"
        )
    }

    static func unsupportedMediaType(contentEncoding: String) -> ServiceError {
        ServiceError(
            status: 415, code: "unsupported_media_type", title: "Unsupported media type",
            detail: "the body must be sent as is, not content-coded (Content-Encoding: \"\(contentEncoding)\")"
        )
    }

    static func unknownApp(_ id: String, known: [String]) -> ServiceError {
        ServiceError(
            status: 422, code: "unknown_app", title: "Unknown app",
            detail: "no app \"\(id)\"; hosted apps: \(known.joined(separator: ", "))")
    }

    static func malformedRequest(_ detail: String) -> ServiceError {
        ServiceError(status: 400, code: "malformed_request", title: "Malformed request", detail: detail)
    }

    static func versionNotFound(_ version: Int, current: Int) -> ServiceError {
        versionNotFound(named: String(version), current: current)
    }

    /// `version` as the client wrote it (a number too large for any version, say).
    static func versionNotFound(named version: String, current: Int) -> ServiceError {
        ServiceError(
            status: 404, code: "version_not_found", title: "Version not found",
            detail: "the session never had version \(version): its versions are 1 to \(current)")
    }

    static func unknownLink(_ url: String, patterns: [String]) -> ServiceError {
        ServiceError(
            status: 422, code: "unknown_link", title: "Unknown link",
            detail: "no link of this app matches \"\(url)\"; its links: "
                + (patterns.isEmpty ? "none" : patterns.joined(separator: ", ")))
    }

    static func linkNotRoutable(url: String, refusal: LinkRefusal) -> ServiceError {
        var error = ServiceError(
            status: 409, code: "link_not_routable", title: "Link not routable",
            detail: "\"\(url)\" cannot be opened from here: step \(refusal.step) (\(refusal.name)) cannot proceed: \(refusal.reason)")
        error.step = refusal.step
        return error
    }

    /// Another instance changed the session first (a shared store): the change is tried again after a catch-up,
    /// and a client sees it only when that keeps happening, as `store_unavailable`.
    static let storeConflictCode = "store_conflict"

    static func storeConflict(current: Int) -> ServiceError {
        ServiceError(
            status: 503, code: storeConflictCode, title: "Store unavailable",
            detail: "another instance moved the session on to version \(current) first")
    }

    static func idempotencyKeyReused() -> ServiceError {
        ServiceError(
            status: 422, code: "idempotency_key_reused", title: "Idempotency key reused",
            detail: "this Idempotency-Key was used with another body"
        )
    }

    static func sessionLimit(_ limit: Int, retryAfter: Int) -> ServiceError {
        var error = ServiceError(
            status: 503, code: "session_limit", title: "Session limit reached", detail: "the server holds its maximum of \(limit) sessions")
        error.headers = [("Retry-After", String(retryAfter))]
        return error
    }

    static func memoryLimit(_ limit: Int, retryAfter: Int) -> ServiceError {
        var error = ServiceError(
            status: 503, code: "memory_limit", title: "Memory limit reached",
            detail: "the sessions hold the server's maximum of \(limit) bytes of history and remembered answers; "
                + "delete sessions or retry later"
        )
        error.headers = [("Retry-After", String(retryAfter))]
        return error
    }

    /// The `code` of `storeUnavailable`.
    static let storeUnavailableCode = "store_unavailable"

    /// The durable store could not take (or give) the session's record: nothing changed; retry.
    static func storeUnavailable(_ detail: String) -> ServiceError {
        var error = ServiceError(
            status: 503, code: storeUnavailableCode, title: "Store unavailable",
            detail: "the session store could not record the change, so nothing changed; retry later (\(detail))")
        error.headers = [("Retry-After", "1")]
        return error
    }

    /// A stored session whose log, replayed after a restart, does not come back to the state recorded (its app
    /// changed between releases): it is closed rather than served as another state under the same version.
    static func sessionNotRestorable(_ detail: String) -> ServiceError {
        ServiceError(
            status: 410, code: "session_not_restorable", title: "Session not restorable",
            detail: "the stored session could not be restored, so it was closed: \(detail); start a new session")
    }

    static func shuttingDown() -> ServiceError {
        // The same answer the HTTP layer gives a stream once it is draining.
        ServiceError(status: 503, code: "shutting_down", title: "Shutting down", detail: "The server is stopping.")
    }

    static func internalError() -> ServiceError {
        // The HTTP layer's own 500 (HTTPServer's RequestHandling) has this code too: one code for a client to match.
        ServiceError(
            status: 500, code: "internal_error", title: "Internal server error", detail: "the server could not complete the request")
    }

    /// A rewind whose replay did not render the version it went back to (the app is not deterministic): refused,
    /// the session as it was.
    static func rewindDiverged(_ target: Int) -> ServiceError {
        ServiceError(
            status: 500, code: "internal_error", title: "Internal server error",
            detail: "the session's app did not replay its history to the state of version \(target), so nothing changed")
    }
}
