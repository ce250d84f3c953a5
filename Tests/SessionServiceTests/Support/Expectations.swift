import Foundation
import Testing

/// A tree node as the state writes it.
func node(_ name: String, _ kind: String, active: Bool = true, state: [String: String]? = nil, _ children: [NSDictionary] = [])
    -> NSDictionary
{
    var node: [String: Any] = ["name": name, "kind": kind, "active": active, "children": children]
    if let state { node["state"] = state }
    return node as NSDictionary
}

/// A layer as the state writes it.
func layer(_ style: String, _ stack: [String]) -> NSDictionary {
    ["style": style, "stack": stack]
}

/// A leak as the state writes it.
func leak(_ name: String, _ kind: String, _ reason: String) -> NSDictionary {
    ["name": name, "kind": kind, "reason": reason]
}

/// A whole state document: `stack` and `top` follow from the frontmost layer.
func sessionState(
    _ session: String, app: String, version: Int, tree: NSDictionary, layers: [NSDictionary], accepts: [String],
    leaks: [NSDictionary] = []
) -> NSDictionary {
    let stack = (layers.last?["stack"] as? [String]) ?? []
    return [
        "session": session, "app": app, "version": version,
        "tree": tree, "layers": layers, "stack": stack, "top": stack.last ?? NSNull(),
        "accepts": accepts, "leaks": leaks,
    ]
}

/// Expects a JSON state answer: status, content type, `ETag` of its version, and the whole document.
func expectState(_ response: HTTPResult, _ expected: NSDictionary, status: Int = 200, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
    #expect(response.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
    #expect(response.header("ETag") == "\"\(expected["version"] ?? "?")\"", sourceLocation: sourceLocation)
    #expect(response.json == expected, "got \(response.text)", sourceLocation: sourceLocation)
}

/// Expects an RFC 9457 problem with the contract's fields.
func expectProblem(_ response: HTTPResult, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        response.status == status, "expected \(status) \(code), got \(response.status): \(response.text)", sourceLocation: sourceLocation)
    #expect(response.header("Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
    let problem = response.json
    #expect(problem?["code"] as? String == code, "got \(response.text)", sourceLocation: sourceLocation)
    #expect(problem?["status"] as? Int == status, sourceLocation: sourceLocation)
    #expect((problem?["type"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    // RFC 9457: the title names the problem type, the same for every occurrence; `type` is the code's URN.
    #expect(problem?["title"] as? String == problemTitles[code], "no title for \(code) in the table", sourceLocation: sourceLocation)
    #expect(problem?["type"] as? String == "urn:ribsd:problem:\(code)", sourceLocation: sourceLocation)
    #expect((problem?["detail"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
}

/// Each contract code's title, one style throughout.
let problemTitles = [
    "bad_request": "Bad request",
    "header_too_large": "Request header fields too large",
    "not_found": "Not found",
    "method_not_allowed": "Method not allowed",
    "payload_too_large": "Content too large",
    "unsupported_media_type": "Unsupported media type",
    "session_not_found": "Session not found",
    "malformed_event": "Malformed event",
    "malformed_request": "Malformed request",
    "version_not_found": "Version not found",
    "unknown_link": "Unknown link",
    "link_not_routable": "Link not routable",
    "unknown_event": "Unknown event type",
    "invalid_header": "Invalid header",
    "version_mismatch": "Version mismatch",
    "idempotency_key_reused": "Idempotency key reused",
    "unknown_app": "Unknown app",
    "event_limit": "Event limit reached",
    "memory_limit": "Memory limit reached",
    "session_limit": "Session limit reached",
    "stream_limit": "Stream limit reached",
    "event_not_handled": "Event not handled",
    "invalid_navigation": "Invalid navigation",
    "shutting_down": "Shutting down",
    "store_unavailable": "Store unavailable",
    "session_not_restorable": "Session not restorable",
    "internal_error": "Internal server error",
]

/// A `history` entry.
func historyEntry(_ version: Int, _ event: NSDictionary, at: String) -> NSDictionary {
    ["version": version, "event": event, "at": at]
}
