import AppHosting
import HTTPServer

/// Deep links over HTTP: `POST /v1/sessions/<id>/links {"url": "..."}`, and a creation's `"url"`.
extension SessionService {
    func openLink(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        try change(request, id: id) { (body: [UInt8], _: AppDefinition) throws(ServiceError) -> SessionChange in
            .link(try Self.linkURL(body))
        }
    }

    /// Opens `url` in `core` within the session's limits (a link is a version like an event's); tells whether the
    /// state changed. 422 `unknown_link` when no pattern of the app matches.
    func applyLink(_ url: String, in core: SessionCore) throws(ServiceError) -> Bool {
        guard let (declaration, parameters) = core.app.link(for: url) else {
            throw .unknownLink(url, patterns: core.app.links.map(\.pattern.description))
        }
        if core.history.count >= core.eventLimit { throw .eventLimit(core.eventLimit) }
        if heldMemory.isFull { throw .memoryLimit(heldMemory.recordLimit, retryAfter: retryAfterSeconds) }
        let divergences = core.replayDivergences
        // A refused walk replays the history; one that diverged closed the session, which the store forgets.
        defer {
            if core.replayDivergences != divergences {
                reportReplayDivergence(in: core)
                forgetStored(core.id)
            }
        }
        return try core.open(link: url, declaration: declaration, parameters: parameters, now: clock.nowMilliseconds())
    }

    /// The URL a link's body names: `{"url": "..."}`, a non-empty string.
    static func linkURL(_ body: [UInt8]) throws(ServiceError) -> String {
        guard let value = try? JSONValue(parsing: body), case let .object(members) = value else {
            throw .malformedRequest("the body must be a JSON object: {\"url\": \"...\"}")
        }
        if let unknown = members.first(where: { $0.name != "url" }) {
            throw .malformedRequest("unknown field `\(unknown.name)`: the body is {\"url\": \"...\"}")
        }
        guard case let .string(url)? = value["url"], !url.isEmpty else { throw .malformedRequest("`url` must be a non-empty string") }
        return url
    }
}
