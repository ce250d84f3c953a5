/// The machine-readable `code` of a problem (docs/CONTRACT.md, "Error codes").
///
/// A struct rather than an enum, so that a code added to the contract later decodes as itself.
public struct ProblemCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let malformedEvent = ProblemCode(rawValue: "malformed_event")
    public static let malformedRequest = ProblemCode(rawValue: "malformed_request")
    public static let versionNotFound = ProblemCode(rawValue: "version_not_found")
    public static let unknownLink = ProblemCode(rawValue: "unknown_link")
    public static let linkNotRoutable = ProblemCode(rawValue: "link_not_routable")
    public static let unknownEvent = ProblemCode(rawValue: "unknown_event")
    public static let invalidHeader = ProblemCode(rawValue: "invalid_header")
    public static let badRequest = ProblemCode(rawValue: "bad_request")
    public static let sessionNotFound = ProblemCode(rawValue: "session_not_found")
    public static let notFound = ProblemCode(rawValue: "not_found")
    public static let methodNotAllowed = ProblemCode(rawValue: "method_not_allowed")
    public static let eventNotHandled = ProblemCode(rawValue: "event_not_handled")
    public static let invalidNavigation = ProblemCode(rawValue: "invalid_navigation")
    public static let eventLimit = ProblemCode(rawValue: "event_limit")
    public static let versionMismatch = ProblemCode(rawValue: "version_mismatch")
    public static let payloadTooLarge = ProblemCode(rawValue: "payload_too_large")
    public static let unsupportedMediaType = ProblemCode(rawValue: "unsupported_media_type")
    public static let headerTooLarge = ProblemCode(rawValue: "header_too_large")
    public static let unknownApp = ProblemCode(rawValue: "unknown_app")
    public static let idempotencyKeyReused = ProblemCode(rawValue: "idempotency_key_reused")
    public static let sessionLimit = ProblemCode(rawValue: "session_limit")
    public static let memoryLimit = ProblemCode(rawValue: "memory_limit")
    public static let streamLimit = ProblemCode(rawValue: "stream_limit")
    public static let shuttingDown = ProblemCode(rawValue: "shutting_down")
    public static let storeUnavailable = ProblemCode(rawValue: "store_unavailable")
    public static let sessionNotRestorable = ProblemCode(rawValue: "session_not_restorable")
    public static let internalError = ProblemCode(rawValue: "internal_error")
}
