import AppHosting
import Foundation
import HTTPServer

extension SessionService {
    func createSession(_ request: HTTPRequest) throws(ServiceError) -> HTTPResponse {
        // One set of apps for the whole request, even if a reload swaps it meanwhile.
        let registry = self.registry
        let (appID, fields, fork) = try requestedApp(request)
        // A fork starts from another session's version: its app, and its history up to there.
        let origin = try fork.map { (fork) throws(ServiceError) in try forkOrigin(fork, app: appID) }
        let named = appID ?? registry.defaultAppID
        guard let app = origin?.app ?? registry.app(named) else {
            // The 400s come first: the events are read as the built-in types alone, as before apps declared any.
            _ = try creationEvents(request, fields: fields, catalog: .builtIn)
            throw .unknownApp(named, known: registry.apps.map(\.id))
        }
        let events = try creationEvents(request, fields: fields, catalog: app.catalog)
        let url = try Self.creationLink(fields)
        // Sessions idle past their TTL but not yet swept do not count against the limit; the sweep is
        // O(sessions), so a full server sweeps at most ten times a second however many creations it refuses
        // (`claimSweep`).
        if store.isFull, claimSweep() { expireIdleSessions() }
        guard !store.isFull else { throw .sessionLimit(configuration.maxSessions, retryAfter: retryAfterSeconds) }
        let id = ids.nextID()
        let session = Session(
            id: id, app: app, uptime: clock.uptimeMilliseconds(), idempotencyKeys: configuration.idempotencyKeysPerSession,
            eventLimit: configuration.maxEventsPerSession, heldMemory: heldMemory)
        // A session created at a deep point: its events applied before anyone can see it, all or none (a refusal
        // leaves no session).
        var applied = AppliedEvents()
        if let origin { session.withCore { $0.restore(origin.entries) } }
        if !events.isEmpty || url != nil {
            do throws(ServiceError) {
                applied = try session.withCore { (core: SessionCore) throws(ServiceError) in
                    var applied = try applyAll(events, to: core)
                    // Then the link, from where the events left it: a refusal makes no session either.
                    if let url, try applyLink(url, in: core) { applied.states.append(core.stateJSON) }
                    return applied
                }
            } catch {
                session.withCore { $0.close() }
                throw error
            }
        }
        let insertion = store.insert(session)
        guard insertion == .inserted else {
            session.withCore { $0.close() }
            // Random ids never repeat; an injected source that does is broken, and the session it named is kept.
            throw insertion == .full ? .sessionLimit(configuration.maxSessions, retryAfter: retryAfterSeconds) : .internalError()
        }
        // Stored before it is answered: a 201 names a session a restart still knows.
        do throws(ServiceError) {
            try session.withCore { (core: SessionCore) throws(ServiceError) in
                try recordCreation(of: core, states: (origin?.documents ?? []) + applied.states)
            }
        } catch {
            store.remove(id)
            session.withCore { $0.close() }
            throw error
        }
        metrics.recordCreated()
        for (event, changed) in zip(events, applied.changed) { metrics.recordEvent(event.type.rawValue, changed ? .applied : .unchanged) }
        metrics.recordLeaks(applied.leaks)
        let (body, etag) = session.withCore { ($0.stateJSON, $0.etag) }
        var response = HTTPResponse.json(status: 201, body, extraHeaders: [("Location", "/v1/sessions/\(id)"), ("ETag", etag)])
        response.logTag = id
        return response
    }

    func state(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        if let query = request.query, Self.namesParameter("version", in: query) { return try pastState(request, id: id) }
        let preconditions = Preconditions(request)
        return try withLiveSession(id) { core, outlets -> HTTPResponse in
            switch preconditions.failure(at: core.version) {
            case .ifMatch:
                return ServiceError.versionMismatch(current: core.version).response
            case .ifNoneMatch:
                // A GET's tag matched: 304. The body is not sent (MHD sends none with a 304), but its length is:
                // Content-Length of a 304 must be the 200's (RFC 9110 §8.6), and MHD writes the length of the body
                // it is given.
                return HTTPResponse(status: 304, headers: [("ETag", core.etag)], body: core.stateJSON)
            case nil:
                return outlets.stateResponse(of: core)
            }
        }.result
    }

    func history(id: String) throws(ServiceError) -> HTTPResponse {
        // Under the lock only what is quick: the answer prepared for this version, or the entries (an array
        // shared copy-on-write: an event applied while they are written outside pays one copy of them). Up to
        // --max-events of them take a while to write, and the session's other requests must not wait for that;
        // the answer made is then shared until the next event, so repeated reads of a long history neither
        // write it again nor copy it into MHD once per request.
        let (session, (history, version, prepared)) = try withLiveSession(id) { core, outlets in
            (core.history, core.version, outlets.preparedHistory.flatMap { $0.version == core.version ? $0 : nil })
        }
        if let prepared {
            var response = HTTPResponse.json([])
            response.prepared = prepared.response
            return response
        }
        var response = HTTPResponse.json(SessionCore.historyJSON(history))
        // Kept only while the documents' share of the memory limit has room for it (they never take an event's
        // room: `HeldMemory`); without room each read writes its own and lets it go.
        guard heldMemory.hasRoom(forDocument: response.body.count),
            let made = PreparedResponse(headers: response.headers, body: response.body)
        else {
            return response
        }
        session.withLive { core, outlets in
            outlets.keep(PreparedHistory(version: version, response: made, heldBytes: response.body.count), of: core)
        }
        response.prepared = made
        return response
    }

    func deleteSession(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        let preconditions = Preconditions(request)
        let session = try liveSession(id)
        // Under the session's lock: gone (deleted, or expired even before a sweep got to it) is not found; the
        // precondition is read, and the session leaves the store and is torn down, with no event in between.
        try session.withLive { (core: SessionCore, outlets: SessionOutlets) throws(ServiceError) in
            try checkLive(core, now: clock.uptimeMilliseconds())
            // With a shared store the precondition holds for the store's version, not an old copy's: the deletion
            // is a compare-and-set on this copy's version, tried again once caught up, as a change is.
            try untilFresh(core, outlets) { () throws(ServiceError) in
                try preconditions.checkChange(at: core.version)
                // Forgotten by the durable store first: a 204 names a session no restart brings back.
                if sharesSessions { try deleteShared(core) } else { try recordDeletion(of: id) }
            }
            store.remove(id)
            core.close()
        }
        return HTTPResponse(status: 204)
    }

    // MARK: - Helpers

    /// A body's decoding error as the client's: a batch's names its event's index.
    static func serviceError(_ error: EventBodyError) -> ServiceError {
        let service: ServiceError =
            switch error.error {
            case let .malformed(detail): .malformedEvent(detail)
            case let .unknownType(detail): .unknownEvent(detail)
            }
        return error.index.map { service.at(index: $0) } ?? service
    }

    var retryAfterSeconds: Int { min(max(configuration.sessionTTL, 1), 60) }

    /// Runs `body` under the session's lock once the session is found live; returns the session beside its result.
    func withLiveSession<Result: Sendable>(
        _ id: String, _ body: (SessionCore, SessionOutlets) -> Result
    ) throws(ServiceError) -> (session: Session, result: Result) {
        let session = try liveSession(id)
        let result = try session.withLive { (core: SessionCore, outlets: SessionOutlets) throws(ServiceError) -> Result in
            try checkLive(core, now: clock.uptimeMilliseconds())
            // An answer from this copy: no older than what another instance answered.
            try refresh(core, outlets)
            return body(core, outlets)
        }
        return (session, result)
    }

    static func outcome(of error: ServiceError) -> ServiceMetrics.EventOutcome {
        switch error.code {
        case "event_not_handled": .eventNotHandled
        case "invalid_navigation": .invalidNavigation
        default: .failed
        }
    }

    /// A session found in the store may have been deleted or have expired since: both are gone. A live one
    /// is marked accessed at `now` (uptime), which callers read under the session's lock (a time read before
    /// waiting for it could be older than the access it would then overwrite).
    func checkLive(_ core: SessionCore, now: Int64) throws(ServiceError) {
        // A shared session may be in use on another instance: its TTL is the store's, and the copy here is
        // only let go by a sweep (not expired here, where it may have been used elsewhere meanwhile).
        if sharesSessions, !core.isClosed {
            core.lastAccessUptime = now
            recordAccess(of: core, now: now)
            return
        }
        switch expireIfIdle(core, now: now) {
        case .live:
            core.lastAccessUptime = now
            recordAccess(of: core, now: now)
        case .expiredNow:
            forgetStored(core.id)
            metrics.recordExpired(1)
            throw .sessionNotFound()
        case .alreadyClosed:
            throw .sessionNotFound()
        }
    }

    /// The app a creation names (nil: the default, or a fork's), its body's fields (nil: no body), and the version
    /// it forks from.
    private func requestedApp(_ request: HTTPRequest) throws(ServiceError) -> (app: String?, fields: JSONFields?, fork: ForkRequest?) {
        guard !request.body.isEmpty else { return (nil, nil, nil) }
        try requireJSON(request, hasBody: true)
        let fields: JSONFields
        do {
            fields = try JSONFields(request.body)
        } catch {
            throw .malformedEvent(error.description)
        }
        let app: String?
        switch fields["app"] {
        case nil, .null?: app = nil
        case let .string(named)?: app = named
        case _?: throw .malformedEvent("`app` must be a string")
        }
        let fork = try fields["from"] == nil ? nil : ForkRequest(body: request.body)
        return (app, fields, fork)
    }

    /// The link a creation opens once its events are applied (`"url"`), if any.
    private static func creationLink(_ fields: JSONFields?) throws(ServiceError) -> String? {
        switch fields?["url"] {
        case nil, .null?: return nil
        case let .string(url)? where !url.isEmpty: return url
        case _?: throw .malformedRequest("`url` must be a non-empty string")
        }
    }

    /// The events a creation starts with, read as `catalog` (its app's) declares their types.
    private func creationEvents(_ request: HTTPRequest, fields: JSONFields?, catalog: EventCatalog) throws(ServiceError) -> [AppEvent] {
        guard let fields else { return [] }
        do {
            return try EventBody.creationEvents(
                json: request.body, fields: fields, batchLimit: configuration.maxBatchEvents, catalog: catalog)
        } catch {
            throw Self.serviceError(error)
        }
    }

    /// Refuses (415) a body that is content-coded or not JSON. Without a Content-Type only no body passes: `hasBody`
    /// says whether there is one, which a precheck knows from the head before the body is read.
    func requireJSON(_ request: HTTPRequest, hasBody: Bool) throws(ServiceError) {
        // A coded body (gzip, say) would be parsed as if it were the JSON itself: refused, as RFC 9110 §15.5.16
        // has it, rather than answered with a puzzling `malformed_event`.
        // Every line of it: `identity` on a first line says nothing of a `gzip` on the next.
        // (`headerList` looks the name up once, and walks every line only when there is one.)
        if var codings = request.headerList("Content-Encoding"), !codings.withUTF8(HeaderValue.isIdentityCoding) {
            throw .unsupportedMediaType(contentEncoding: codings)
        }
        // Read in place: this runs on every event, and the common value is too long for an inline String.
        switch request.withHeaderBytes("Content-Type", { $0.map(HeaderValue.isJSON) }) {
        case true?:
            return
        case false?:
            throw .unsupportedMediaType(request.header("Content-Type"))
        case nil:
            if !hasBody { return }
            throw .unsupportedMediaType(nil)
        }
    }
}
