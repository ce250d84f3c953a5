import AppHosting
import Foundation
import HTTPServer

extension SessionService {
    func createSession(_ request: HTTPRequest) throws(ServiceError) -> HTTPResponse {
        let (appID, events) = try requestedApp(request)
        guard let app = registry.app(appID) else { throw .unknownApp(appID, known: registry.apps.map(\.id)) }
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
        if !events.isEmpty {
            do throws(ServiceError) {
                applied = try session.withCore { (core: SessionCore) throws(ServiceError) in try applyAll(events, to: core) }
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
            try session.withCore { (core: SessionCore) throws(ServiceError) in try recordCreation(of: core, states: applied.states) }
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
        try session.withCore { (core: SessionCore) throws(ServiceError) in
            try checkLive(core, now: clock.uptimeMilliseconds())
            try preconditions.checkChange(at: core.version)
            // Forgotten by the durable store first: a 204 names a session no restart brings back.
            try recordDeletion(of: id)
            store.remove(id)
            core.close()
        }
        return HTTPResponse(status: 204)
    }

    func applyEvent(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        try requireJSON(request, hasBody: !request.body.isEmpty)
        let session = try liveSession(id)
        let preconditions = Preconditions(request)
        // Whitespace around a field's value is not part of it (RFC 9110 §5.5): microhttpd drops the leading, and a
        // retry through a proxy that drops the trailing too must still name the same key.
        let key = request.withHeaderBytes("Idempotency-Key") { $0.map { IdempotencyKey(bytes: Array(HeaderValue.trimmingOWS($0))) } }
        // Two keys name no one request to repeat (the first alone would be used, the second ignored).
        let repeatedKey = key != nil && request.headerLines("Idempotency-Key").count > 1
        let body = request.body
        // Outside the lock: up to --max-body bytes to read.
        let digest = key.map { _ in BodyDigest(body) }
        // Sessions idle past their TTL but not yet swept still hold their histories; swept as rarely as
        // for creations, and before the session's lock (a sweep is O(sessions)).
        if heldMemory.isFull, claimSweep() { expireIdleSessions() }
        return try session.withLive { (core: SessionCore, outlets: SessionOutlets) throws(ServiceError) -> HTTPResponse in
            // session_not_found (deleted or expired) wins over the 400s, so liveness comes before decoding.
            try checkLive(core, now: clock.uptimeMilliseconds())
            let decoded = try Self.decodeBody(body, batchLimit: configuration.maxBatchEvents)
            if let key, key.bytes.isEmpty || key.bytes.count > IdempotencyCache.maxKeyLength {
                throw .invalidHeader("Idempotency-Key must be 1 to \(IdempotencyCache.maxKeyLength) bytes")
            }
            if repeatedKey { throw .invalidHeader("Idempotency-Key must be sent once") }
            let prior = key.flatMap { core.idempotency[$0] }
            if let prior, prior.body == digest { return HTTPResponse.json(prior.answer, etag: SessionCore.etag(prior.version)) }
            try preconditions.checkChange(at: core.version)
            if prior != nil { throw .idempotencyKeyReused() }
            guard case let .single(event) = decoded else {
                return try applyBatch(decoded.events, to: core, outlets: outlets, key: key, digest: digest)
            }
            let changed: Bool
            let atEventLimit = core.history.count >= core.eventLimit, memoryFull = heldMemory.isFull
            if atEventLimit || memoryFull {
                // A swipe of a screen already gone applies nothing whoever would handle it: the contract's
                // no-op answers it at either limit too. At the memory limit, not with a new Idempotency-Key:
                // its answer would have to be remembered (a retry must get it, not act on a screen shown since),
                // and that memory is what the limit bounds.
                guard event.namesScreenAlreadyGone(from: core.runtime.window, of: core.app) else {
                    if atEventLimit { throw .eventLimit(core.eventLimit) }
                    throw .memoryLimit(heldMemory.recordLimit, retryAfter: retryAfterSeconds)
                }
                if key != nil, memoryFull { throw .memoryLimit(heldMemory.recordLimit, retryAfter: retryAfterSeconds) }
                changed = false
            } else {
                let divergences = core.replayDivergences
                // A replay runs on refusals, and on a no-op swipe whose handler changed the screen first. One that
                // diverged closed the session, which cannot go on: the store forgets it, as after a DELETE.
                defer {
                    if core.replayDivergences != divergences {
                        reportReplayDivergence(in: core)
                        forgetStored(core.id)
                    }
                }
                do throws(ServiceError) {
                    // Read under the lock: the history's times then follow its versions, whichever request got
                    // here first.
                    changed = try core.apply(event, now: clock.nowMilliseconds())
                } catch {
                    metrics.recordEvent(event.type.rawValue, Self.outcome(of: error))
                    throw error
                }
            }
            // Stored before anyone hears of it (the client, the streams): a version that was answered is one a
            // restart brings back. A store that cannot take it leaves the session as it was.
            do throws(ServiceError) {
                if changed {
                    try recordEvent(of: core, key: key, digest: digest)
                } else if let key, let digest {
                    try recordAnswer(of: core, key: key, digest: digest)
                }
            } catch {
                if changed { core.undoLastEvent() }
                metrics.recordEvent(event.type.rawValue, .failed)
                throw error
            }
            metrics.recordEvent(event.type.rawValue, changed ? .applied : .unchanged)
            if changed {
                metrics.recordLeaks(core.newLeakCount)
                outlets.publishState(of: core)
            }
            if let key, let digest { core.remember(key, body: digest) }
            return HTTPResponse.json(core.stateJSON, etag: core.etag)
        }
    }

    // MARK: - Helpers

    private static func decodeBody(_ body: [UInt8], batchLimit: Int) throws(ServiceError) -> EventBody {
        do {
            return try EventBody(json: body, batchLimit: batchLimit)
        } catch {
            throw serviceError(error)
        }
    }

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

    /// The app a creation names (the default when none) and the events it is to start with.
    private func requestedApp(_ request: HTTPRequest) throws(ServiceError) -> (app: String, events: [AppEvent]) {
        guard !request.body.isEmpty else { return (registry.defaultAppID, []) }
        try requireJSON(request, hasBody: true)
        let fields: JSONFields
        do {
            fields = try JSONFields(request.body)
        } catch {
            throw .malformedEvent(error.description)
        }
        let app: String
        switch fields["app"] {
        case nil, .null?: app = registry.defaultAppID
        case let .string(named)?: app = named
        case _?: throw .malformedEvent("`app` must be a string")
        }
        do {
            return (app, try EventBody.creationEvents(json: request.body, fields: fields, batchLimit: configuration.maxBatchEvents))
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
