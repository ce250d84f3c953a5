import AppHosting
import HTTPServer

/// Requests that change a session: an event, a batch, a rewind. They share their checks (liveness,
/// `Idempotency-Key`, preconditions, in the contract's order) and their end (stored before answered, then told to
/// the streams).
extension SessionService {
    func applyEvent(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        let batchLimit = configuration.maxBatchEvents
        return try change(request, id: id) { (body: [UInt8], app: AppDefinition) throws(ServiceError) -> SessionChange in
            switch try Self.decodeBody(body, batchLimit: batchLimit, catalog: app.catalog) {
            case let .single(event): .event(event)
            case let .batch(events): .batch(events)
            }
        }
    }

    /// What a changing request asks of a session.
    enum SessionChange {
        case event(AppEvent)
        case batch([AppEvent])
        case rewind(to: Int)
        case link(String)
    }

    /// Runs a request that changes a session (an event, a batch, a rewind): its body read by `decode` (as the
    /// session's app declares its event types), then the
    /// checks every change shares (liveness, `Idempotency-Key`, preconditions) and the change itself, stored
    /// before it is answered.
    func change(
        _ request: HTTPRequest, id: String, decode: ([UInt8], AppDefinition) throws(ServiceError) -> SessionChange
    ) throws(ServiceError) -> HTTPResponse {
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
            let change = try decode(body, core.app)
            if let key, key.bytes.isEmpty || key.bytes.count > IdempotencyCache.maxKeyLength {
                throw .invalidHeader("Idempotency-Key must be 1 to \(IdempotencyCache.maxKeyLength) bytes")
            }
            if repeatedKey { throw .invalidHeader("Idempotency-Key must be sent once") }
            // With a shared store, the answer is this copy's only once it is known to be the store's: a change
            // another instance stored first is caught up with and tried again, and a refusal is confirmed fresh.
            return try untilFresh(core, outlets) { () throws(ServiceError) -> HTTPResponse in
                try apply(change, to: core, outlets: outlets, key: key, digest: digest, preconditions: preconditions)
            }
        }
    }

    /// The change itself, once the request reads right: a kept answer, the preconditions, then the event, batch,
    /// rewind or link, stored before it is answered.
    private func apply(
        _ change: SessionChange, to core: SessionCore, outlets: SessionOutlets, key: IdempotencyKey?, digest: BodyDigest?,
        preconditions: Preconditions
    ) throws(ServiceError) -> HTTPResponse {
        let prior = key.flatMap { core.idempotency[$0] }
        if let prior, prior.body == digest { return HTTPResponse.json(prior.answer, etag: SessionCore.etag(prior.version)) }
        try preconditions.checkChange(at: core.version)
        if prior != nil { throw .idempotencyKeyReused() }
        switch change {
        case let .event(event):
            let changed = try applySingle(event, to: core, keyed: key != nil)
            return try finishChange(event.type.rawValue, changed: changed, of: core, outlets: outlets, key: key, digest: digest)
        case let .batch(events):
            return try applyBatch(events, to: core, outlets: outlets, key: key, digest: digest)
        case let .rewind(target):
            let changed = try applyRewind(to: target, in: core)
            return try finishChange(HistoryStep.rewindType, changed: changed, of: core, outlets: outlets, key: key, digest: digest)
        case let .link(url):
            let changed = try applyLink(url, in: core)
            return try finishChange(HistoryStep.linkType, changed: changed, of: core, outlets: outlets, key: key, digest: digest)
        }
    }

    /// Applies one event under the session's lock, within its limits; tells whether it changed anything.
    private func applySingle(_ event: AppEvent, to core: SessionCore, keyed: Bool) throws(ServiceError) -> Bool {
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
            if keyed, memoryFull { throw .memoryLimit(heldMemory.recordLimit, retryAfter: retryAfterSeconds) }
            return false
        }
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
            return try core.apply(event, now: clock.nowMilliseconds())
        } catch {
            metrics.recordEvent(event.type.rawValue, Self.outcome(of: error))
            throw error
        }
    }

    /// Stores what a change did (a new version, or only a key's answer) before anyone hears of it (the client, the
    /// streams): a version that was answered is one a restart brings back. A store that cannot take it leaves the
    /// session as it was. Then counts it, tells the streams and answers.
    private func finishChange(
        _ type: String, changed: Bool, of core: SessionCore, outlets: SessionOutlets, key: IdempotencyKey?, digest: BodyDigest?
    ) throws(ServiceError) -> HTTPResponse {
        do throws(ServiceError) {
            if changed {
                try recordEvent(of: core, key: key, digest: digest)
            } else if let key, let digest {
                try recordAnswer(of: core, key: key, digest: digest)
            }
        } catch {
            if changed { core.undoLastEvent() }
            metrics.recordEvent(type, .failed)
            throw error
        }
        metrics.recordEvent(type, changed ? .applied : .unchanged)
        if changed {
            metrics.recordLeaks(core.newLeakCount)
            outlets.publishState(of: core)
        }
        if let key, let digest { core.remember(key, body: digest) }
        return HTTPResponse.json(core.stateJSON, etag: core.etag)
    }

    private static func decodeBody(_ body: [UInt8], batchLimit: Int, catalog: EventCatalog) throws(ServiceError) -> EventBody {
        do {
            return try EventBody(json: body, batchLimit: batchLimit, catalog: catalog)
        } catch {
            throw serviceError(error)
        }
    }
}
