import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Past versions and deep links: every version a session had can be read again, rewound to or forked from, and
/// an app's declared links opened all or nothing.
extension RibsdClient {
    /// The state as the server answered it at `version` (`GET /v1/sessions/<id>?version=N`).
    public func session(_ id: String, at version: Int) async throws(RibsdError) -> SessionState {
        var request = ClientRequest("GET", ["v1", "sessions", id])
        request.query = [URLQueryItem(name: "version", value: String(version))]
        return try await exchange(request).decode(SessionState.self)
    }

    /// Makes `version`'s tree, layers and stack the next version (`POST …/rewind`); the history records it.
    public func rewind(_ session: String, to version: Int, ifMatch current: Int? = nil) async throws(RibsdError) -> SessionState {
        try await post(JSONCoding.encode(RewindBody(version: version)), to: [session, "rewind"], ifMatch: current)
    }

    /// A new session at `version` of `session`, its history the source's up to there (`POST /v1/sessions` with
    /// `from`).
    public func fork(_ session: String, at version: Int) async throws(RibsdError) -> SessionState {
        let body = try JSONCoding.encode(ForkBody(from: .init(session: session, version: version)))
        // As for any creation: a repeat of one that reached the server would make a second session.
        let request = ClientRequest("POST", ["v1", "sessions"], body: body, retry: .ifUnsent)
        return try await exchange(request).decode(SessionState.self, status: 201)
    }

    /// Opens a deep link the session's app declares, all or nothing (`POST …/links`): `link_not_routable` names
    /// the step that could not go on, `unknown_link` a URL no pattern matches.
    public func open(link url: String, in session: String, ifMatch current: Int? = nil) async throws(RibsdError) -> SessionState {
        try await post(JSONCoding.encode(LinkBody(app: nil, url: url)), to: [session, "links"], ifMatch: current)
    }

    /// A change (`rewind`, `links`) with an `Idempotency-Key` its retries reuse, as events have.
    private func post(_ body: Data, to path: [String], ifMatch version: Int?) async throws(RibsdError) -> SessionState {
        var headers = ["Idempotency-Key": UUID().uuidString]
        if let version { headers["If-Match"] = ClientRequest.entityTag(version) }
        let request = ClientRequest("POST", ["v1", "sessions"] + path, body: body, headers: headers)
        return try await exchange(request).decode(SessionState.self)
    }
}
