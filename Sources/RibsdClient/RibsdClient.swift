import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client of ribsd's HTTP contract (docs/CONTRACT.md): apps, sessions, events, history and live streams.
///
/// ```swift
/// let client = RibsdClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let created = try await client.createSession(app: "login")
/// let home = try await client.send(.login(name: "kim"), to: created.session)
/// for try await state in client.stream(created.session, after: home.version) {
///     print(state.version, state.stack)
/// }
/// ```
///
/// A request that gets no answer is sent again, as `ClientConfiguration.retry` says; an event keeps its
/// `Idempotency-Key` across those attempts, so it applies once however often it is sent.
public final class RibsdClient: Sendable {
    /// The server's address, e.g. `http://127.0.0.1:8080`.
    public let baseURL: URL
    public let configuration: ClientConfiguration
    let urlSession: URLSession

    /// A client of the server at `baseURL`.
    public init(baseURL: URL, configuration: ClientConfiguration = ClientConfiguration()) {
        self.baseURL = baseURL
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // Every read must reach the server: a cached state would hide another client's event.
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        urlSession = URLSession(configuration: sessionConfiguration)
    }

    deinit { urlSession.finishTasksAndInvalidate() }

    /// The hosted apps (`GET /v1/apps`).
    public func apps() async throws(RibsdError) -> [AppInfo] {
        try await exchange(ClientRequest("GET", ["v1", "apps"])).decode(AppList.self).apps
    }

    /// Starts a session of `app` (nil: the server's default, `login`), after applying `events` to it, all or none
    /// (`POST /v1/sessions`). A refused event makes no session; the error's `index` names it.
    public func createSession(app: String? = nil, events: [Event]? = nil) async throws(RibsdError) -> SessionState {
        let body = try JSONCoding.encode(CreateSessionBody(app: app, events: events))
        // No Idempotency-Key on a creation: a repeat of one that reached the server would start a second session.
        let request = ClientRequest("POST", ["v1", "sessions"], body: body, retry: .ifUnsent)
        return try await exchange(request).decode(SessionState.self, status: 201)
    }

    /// The session's current state (`GET /v1/sessions/<id>`).
    public func session(_ id: String) async throws(RibsdError) -> SessionState {
        try await exchange(ClientRequest("GET", ["v1", "sessions", id])).decode(SessionState.self)
    }

    /// Applies one event and answers the new state (`POST /v1/sessions/<id>/events`).
    /// - Parameters:
    ///   - ifMatch: apply only at this version, else `version_mismatch`.
    ///   - idempotencyKey: the key every attempt of this call sends; nil: a new random one.
    public func send(
        _ event: Event, to session: String, ifMatch version: Int? = nil, idempotencyKey: String? = nil
    ) async throws(RibsdError) -> SessionState {
        try await postEvents(JSONCoding.encode(event), to: session, ifMatch: version, idempotencyKey: idempotencyKey)
    }

    /// Applies `events` in order, all or none (`{"events": [...]}`), and answers the last state. A refusal's
    /// `index` names the event refused.
    public func send(
        _ events: [Event], to session: String, ifMatch version: Int? = nil, idempotencyKey: String? = nil
    ) async throws(RibsdError) -> SessionState {
        try await postEvents(JSONCoding.encode(EventBatch(events: events)), to: session, ifMatch: version, idempotencyKey: idempotencyKey)
    }

    /// The events that changed the session, in order (`GET /v1/sessions/<id>/history`).
    public func history(of session: String) async throws(RibsdError) -> [HistoryEntry] {
        try await exchange(ClientRequest("GET", ["v1", "sessions", session, "history"])).decode(History.self).events
    }

    /// Detaches the session's whole tree and forgets it (`DELETE /v1/sessions/<id>`); with `ifMatch`, only at
    /// that version.
    public func deleteSession(_ id: String, ifMatch version: Int? = nil) async throws(RibsdError) {
        var headers: [String: String] = [:]
        if let version { headers["If-Match"] = ClientRequest.entityTag(version) }
        let response = try await exchange(ClientRequest("DELETE", ["v1", "sessions", id], headers: headers))
        // A repeat of a delete whose answer was lost finds the session gone: the delete it repeats did it.
        if response.resent, response.status == 404, response.failure.code == .sessionNotFound { return }
        try response.expect(204)
    }

    private func postEvents(
        _ body: Data, to session: String, ifMatch version: Int?, idempotencyKey: String?
    ) async throws(RibsdError) -> SessionState {
        var headers = ["Idempotency-Key": idempotencyKey ?? UUID().uuidString]
        if let version { headers["If-Match"] = ClientRequest.entityTag(version) }
        let request = ClientRequest("POST", ["v1", "sessions", session, "events"], body: body, headers: headers)
        return try await exchange(request).decode(SessionState.self)
    }
}
