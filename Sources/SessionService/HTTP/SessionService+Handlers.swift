import AppHosting
import Foundation
import HTTPServer

extension SessionService {
    func createSession(_ request: HTTPRequest) throws(ServiceError) -> HTTPResponse {
        let appID = try requestedApp(request)
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
        let insertion = store.insert(session)
        guard insertion == .inserted else {
            session.withCore { $0.close() }
            // Random ids never repeat; an injected source that does is broken, and the session it named is kept.
            throw insertion == .full ? .sessionLimit(configuration.maxSessions, retryAfter: retryAfterSeconds) : .internalError()
        }
        // Stored before it is answered: a 201 names a session a restart still knows.
        do throws(ServiceError) {
            try session.withCore { (core: SessionCore) throws(ServiceError) in try recordCreation(of: core) }
        } catch {
            store.remove(id)
            session.withCore { $0.close() }
            throw error
        }
        metrics.recordCreated()
        let (body, etag) = session.withCore { ($0.stateJSON, $0.etag) }
        var response = HTTPResponse.json(status: 201, body, extraHeaders: [("Location", "/v1/sessions/\(id)"), ("ETag", etag)])
        response.logTag = id
        return response
    }

    func state(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        let preconditions = Preconditions(request)
        return try withLiveSession(id) { core -> HTTPResponse in
            switch preconditions.failure(at: core.version) {
            case .ifMatch:
                return ServiceError.versionMismatch(current: core.version).response
            case .ifNoneMatch:
                // A GET's tag matched: 304. The body is not sent (MHD sends none with a 304), but its length is:
                // Content-Length of a 304 must be the 200's (RFC 9110 §8.6), and MHD writes the length of the body
                // it is given.
                return HTTPResponse(status: 304, headers: [("ETag", core.etag)], body: core.stateJSON)
            case nil:
                return core.stateResponse()
            }
        }.result
    }

    func history(id: String) throws(ServiceError) -> HTTPResponse {
        // Under the lock only what is quick: the answer prepared for this version, or the entries (an array
        // shared copy-on-write: an event applied while they are written outside pays one copy of them). Up to
        // --max-events of them take a while to write, and the session's other requests must not wait for that;
        // the answer made is then shared until the next event, so repeated reads of a long history neither
        // write it again nor copy it into MHD once per request.
        let (session, (history, version, prepared)) = try withLiveSession(id) { core in
            (core.history, core.version, core.preparedHistory.flatMap { $0.version == core.version ? $0 : nil })
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
              let made = PreparedResponse(headers: response.headers, body: response.body) else {
            return response
        }
        session.withCore { core in
            core.keep(PreparedHistory(version: version, response: made, heldBytes: response.body.count))
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
        let key = request.withHeaderBytes("Idempotency-Key") { $0.map { IdempotencyKey(bytes: Array(Self.trimmingOWS($0))) } }
        // Two keys name no one request to repeat (the first alone would be used, the second ignored).
        let repeatedKey = key != nil && request.headerLines("Idempotency-Key").count > 1
        let body = request.body
        // Outside the lock: up to --max-body bytes to read.
        let digest = key.map { _ in BodyDigest(body) }
        // Sessions idle past their TTL but not yet swept still hold their histories; swept as rarely as
        // for creations, and before the session's lock (a sweep is O(sessions)).
        if heldMemory.isFull, claimSweep() { expireIdleSessions() }
        return try session.withCore { (core: SessionCore) throws(ServiceError) -> HTTPResponse in
            // session_not_found (deleted or expired) wins over the 400s, so liveness comes before decoding.
            try checkLive(core, now: clock.uptimeMilliseconds())
            let event = try Self.decodeEvent(body)
            if let key, key.bytes.isEmpty || key.bytes.count > IdempotencyCache.maxKeyLength {
                throw .invalidHeader("Idempotency-Key must be 1 to \(IdempotencyCache.maxKeyLength) bytes")
            }
            if repeatedKey { throw .invalidHeader("Idempotency-Key must be sent once") }
            let prior = key.flatMap { core.idempotency[$0] }
            if let prior, prior.body == digest { return HTTPResponse.json(prior.answer, etag: SessionCore.etag(prior.version)) }
            try preconditions.checkChange(at: core.version)
            if prior != nil { throw .idempotencyKeyReused() }
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
                core.publishState()
            }
            if let key, let digest { core.remember(key, body: digest) }
            return HTTPResponse.json(core.stateJSON, etag: core.etag)
        }
    }

    // MARK: - Helpers

    private static func decodeEvent(_ body: [UInt8]) throws(ServiceError) -> AppEvent {
        do {
            return try AppEvent(json: body)
        } catch {
            switch error {
            case let .malformed(detail): throw .malformedEvent(detail)
            case let .unknownType(detail): throw .unknownEvent(detail)
            }
        }
    }

    private var retryAfterSeconds: Int { min(max(configuration.sessionTTL, 1), 60) }

    /// Runs `body` under the session's lock once the session is found live; returns the session beside its result.
    func withLiveSession<Result: Sendable>(
        _ id: String, _ body: (SessionCore) -> Result
    ) throws(ServiceError) -> (session: Session, result: Result) {
        let session = try liveSession(id)
        let result = try session.withCore { (core: SessionCore) throws(ServiceError) -> Result in
            try checkLive(core, now: clock.uptimeMilliseconds())
            return body(core)
        }
        return (session, result)
    }

    private static func outcome(of error: ServiceError) -> ServiceMetrics.EventOutcome {
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

    private func requestedApp(_ request: HTTPRequest) throws(ServiceError) -> String {
        guard !request.body.isEmpty else { return registry.defaultAppID }
        try requireJSON(request, hasBody: true)
        let fields: JSONFields
        do {
            fields = try JSONFields(request.body)
        } catch {
            throw .malformedEvent(error.description)
        }
        switch fields["app"] {
        case nil, .null?: return registry.defaultAppID
        case let .string(app)?: return app
        case _?: throw .malformedEvent("`app` must be a string")
        }
    }

    /// Refuses (415) a body that is content-coded or not JSON. Without a Content-Type only no body passes: `hasBody`
    /// says whether there is one, which a precheck knows from the head before the body is read.
    func requireJSON(_ request: HTTPRequest, hasBody: Bool) throws(ServiceError) {
        // A coded body (gzip, say) would be parsed as if it were the JSON itself: refused, as RFC 9110 §15.5.16
        // has it, rather than answered with a puzzling `malformed_event`.
        // Every line of it: `identity` on a first line says nothing of a `gzip` on the next.
        // (`headerList` looks the name up once, and walks every line only when there is one.)
        if var codings = request.headerList("Content-Encoding"), !codings.withUTF8(Self.isIdentityCoding) {
            throw .unsupportedMediaType(contentEncoding: codings)
        }
        // Read in place: this runs on every event, and the common value is too long for an inline String.
        switch request.withHeaderBytes("Content-Type", { $0.map(Self.isJSON) }) {
        case true?:
            return
        case false?:
            throw .unsupportedMediaType(request.header("Content-Type"))
        case nil:
            if !hasBody { return }
            throw .unsupportedMediaType(nil)
        }
    }

    /// `application/json` or `application/<anything>+json`, any case, with a `charset` parameter, if any, of
    /// UTF-8 (the only one JSON has, RFC 8259 §8.1) and other parameters ignored; compared as bytes because
    /// this runs on every event.
    static func isJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
        let type = UnsafeBufferPointer(rebasing: trimmingOWS(bytes[..<end]))
        guard type.count >= 16, asciiLowercaseEquals(type[0..<12], "application/") else { return false }
        let subtype = type[12...]
        guard asciiLowercaseEquals(subtype, "json") || (subtype.count > 5 && asciiLowercaseEquals(subtype.suffix(5), "+json"))
        else { return false }
        return end == bytes.count || charsetIsUTF8(UnsafeBufferPointer(rebasing: bytes[(end + 1)...]))
    }

    /// Whether the parameters (`a=b; c="d"`, after the media type) are well formed and name no charset but
    /// UTF-8 (`utf-8` or `utf8`, any case, quoted or not). A quoted value is one, semicolons and all; a quote
    /// anywhere else, or one left open, makes them malformed, so that nobody in front reads them another way.
    private static func charsetIsUTF8(_ parameters: UnsafeBufferPointer<UInt8>) -> Bool {
        let quote = UInt8(ascii: "\""), semicolon = UInt8(ascii: ";"), equals = UInt8(ascii: "="), backslash = UInt8(ascii: "\\")
        var index = 0
        func skipWhitespace() {
            while index < parameters.count, parameters[index] == 0x20 || parameters[index] == 0x09 { index += 1 }
        }
        while index < parameters.count {
            let nameStart = index
            while index < parameters.count, parameters[index] != equals, parameters[index] != semicolon {
                if parameters[index] == quote { return false }
                index += 1
            }
            let name = trimmingOWS(parameters[nameStart..<index])
            // Empty, or a name without a value: nothing to read.
            guard index < parameters.count, parameters[index] == equals else {
                index += 1
                continue
            }
            index += 1
            skipWhitespace()
            let value: Slice<UnsafeBufferPointer<UInt8>>
            var escaped = false
            if index < parameters.count, parameters[index] == quote {
                index += 1
                let start = index
                while index < parameters.count, parameters[index] != quote {
                    if parameters[index] == backslash { escaped = true; index += 1 }
                    index += 1
                }
                guard index < parameters.count else { return false }  // never closed
                value = parameters[start..<index]
                index += 1
                skipWhitespace()
                guard index == parameters.count || parameters[index] == semicolon else { return false }
            } else {
                let start = index
                while index < parameters.count, parameters[index] != semicolon {
                    if parameters[index] == quote { return false }
                    index += 1
                }
                value = trimmingOWS(parameters[start..<index])
            }
            index += 1
            guard asciiLowercaseEquals(name, "charset") else { continue }
            // Backslashes quote the byte after them (RFC 9110 §5.6.4): rare enough to undo in a copy.
            let isUTF8 = escaped ? unescapingQuotedPairs(value).withUnsafeBufferPointer { namesUTF8($0[...]) } : namesUTF8(value)
            if !isUTF8 { return false }
        }
        return true
    }

    private static func namesUTF8(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        asciiLowercaseEquals(value, "utf-8") || asciiLowercaseEquals(value, "utf8")
    }

    /// The bytes of a quoted string's inside with each `\x` pair read as `x`.
    private static func unescapingQuotedPairs(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
        var result: [UInt8] = []
        var pending = false
        for byte in bytes {
            if !pending && byte == UInt8(ascii: "\\") {
                pending = true
                continue
            }
            pending = false
            result.append(byte)
        }
        return result
    }

    /// Whether a `Content-Encoding` value is empty or only `identity` (any case): the body is as sent.
    static func isIdentityCoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).allSatisfy { coding in
            let name = trimmingOWS(coding)
            return name.isEmpty || asciiLowercaseEquals(name, "identity")
        }
    }

    /// Whether `bytes` equal `expected` (given in lowercase), ignoring ASCII case.
    private static func asciiLowercaseEquals(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ expected: StaticString) -> Bool {
        guard bytes.count == expected.utf8CodeUnitCount else { return false }
        var position = expected.utf8Start
        for byte in bytes {
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard folded == position.pointee else { return false }
            position += 1
        }
        return true
    }

    /// `bytes` without the whitespace HTTP allows around a header value or a list element (RFC 9110 OWS:
    /// spaces and tabs, nothing else).
    static func trimmingOWS<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        let isOWS = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isOWS($0) }), let last = bytes.lastIndex(where: { !isOWS($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }
}
