import AppHosting
import HTTPServer

/// Past versions over HTTP: `GET …?version=N`, `POST …/rewind`, `GET …/diff`, and forks (`POST /v1/sessions` with
/// `from`). Every version's document is the bytes it was answered with, read from the session's timeline.
extension SessionService {
    /// `GET /v1/sessions/<id>?version=N`: the document answered at version N, with its `ETag`; the preconditions
    /// are those of that version.
    func pastState(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        let preconditions = Preconditions(request)
        return try withLiveSession(id) { core, _ -> Result<HTTPResponse, ServiceError> in
            // Read once the session is found: `session_not_found` wins over the 400s.
            Result { () throws(ServiceError) -> HTTPResponse in
                let version = try Self.versionParameter("version", of: request, current: core.version)
                guard let document = core.document(atVersion: version) else { throw .versionNotFound(version, current: core.version) }
                let etag = SessionCore.etag(version)
                switch preconditions.failure(at: version) {
                case .ifMatch: throw .pastVersionMismatch(version, current: core.version)
                case .ifNoneMatch: return HTTPResponse(status: 304, headers: [("ETag", etag)], body: document)
                case nil: return HTTPResponse.json(document, etag: etag)
                }
            }
        }.result.get()
    }

    /// `POST /v1/sessions/<id>/rewind {"version": N}`: version N's tree, layers and stack as a new version.
    func rewind(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        try change(request, id: id) { (body: [UInt8], _: AppDefinition) throws(ServiceError) -> SessionChange in
            .rewind(to: try Self.rewindTarget(body))
        }
    }

    /// Rewinds `core` to `target` within the session's limits (a rewind is a version like an event's); tells
    /// whether the state changed.
    func applyRewind(to target: Int, in core: SessionCore) throws(ServiceError) -> Bool {
        guard target >= 1, target <= core.version else { throw .versionNotFound(target, current: core.version) }
        if core.history.count >= core.eventLimit { throw .eventLimit(core.eventLimit) }
        if heldMemory.isFull { throw .memoryLimit(heldMemory.recordLimit, retryAfter: retryAfterSeconds) }
        do throws(ServiceError) {
            return try core.rewind(to: target, now: clock.nowMilliseconds())
        } catch {
            // The app is not deterministic, but this rewind changed nothing: the session goes on.
            reportReplayDivergence(in: core, outcome: "rewind refused", extra: [("target", String(target))])
            throw error
        }
    }

    /// `GET /v1/sessions/<id>/diff?from=A&to=B`: an RFC 6902 JSON Patch from A's document to B's.
    func diff(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        let documents = try withLiveSession(id) { core, _ -> Result<([UInt8], [UInt8]), ServiceError> in
            Result { () throws(ServiceError) -> ([UInt8], [UInt8]) in
                let from = try Self.versionParameter("from", of: request, current: core.version)
                let to = try Self.versionParameter("to", of: request, current: core.version)
                guard let source = core.document(atVersion: from) else { throw .versionNotFound(from, current: core.version) }
                guard let target = core.document(atVersion: to) else { throw .versionNotFound(to, current: core.version) }
                return (source, target)
            }
        }.result
        let (source, target) = try documents.get()
        // Outside the lock: both documents are the server's own JSON, and the walk takes a while on a large tree.
        guard let sourceValue = try? JSONValue(parsing: source), let targetValue = try? JSONValue(parsing: target) else {
            throw .internalError()
        }
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "application/json-patch+json")],
            body: JSONPatch(from: sourceValue, to: targetValue).json)
    }

    /// The version a rewind's body names: `{"version": N}`, N a positive integer.
    static func rewindTarget(_ body: [UInt8]) throws(ServiceError) -> Int {
        guard let value = try? JSONValue(parsing: body), case let .object(members) = value else {
            throw .malformedRequest("the body must be a JSON object: {\"version\": N}")
        }
        guard let version = value["version"] else { throw .malformedRequest("`version` is missing: {\"version\": N}") }
        if let unknown = members.first(where: { $0.name != "version" }) {
            throw .malformedRequest("unknown field `\(unknown.name)`: the body is {\"version\": N}")
        }
        guard let target = version.wholeNumber, target >= 1 else { throw .malformedRequest("`version` must be an integer from 1") }
        return target
    }

    /// Whether `query` has a parameter `name` (with a value or none).
    static func namesParameter(_ name: String, in query: String) -> Bool {
        query.split(separator: "&").contains { $0 == name || $0.hasPrefix(name + "=") }
    }

    /// The query parameter `name` as a version (a positive integer) of a session at version `current`: one too
    /// large for any session is one it never had.
    static func versionParameter(_ name: String, of request: HTTPRequest, current: Int) throws(ServiceError) -> Int {
        var found: Substring?
        for pair in (request.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == name else { continue }
            if found != nil { throw .malformedRequest("`\(name)` must be given once") }
            found = parts.count == 2 ? parts[1] : ""
        }
        guard let found else { throw .malformedRequest("the query needs `\(name)`, a version") }
        // Digits only: `+1`, ` 1` or `0x1` are no version a client read from this server.
        guard !found.isEmpty, found.utf8.allSatisfy({ (0x30...0x39).contains($0) }), found.contains(where: { $0 != "0" }) else {
            throw .malformedRequest("`\(name)` must be an integer from 1 (a version)")
        }
        guard let version = Int(found) else { throw .versionNotFound(named: String(found), current: current) }
        return version
    }
}

/// A creation's `"from": {"session": "<id>", "version": N}`.
struct ForkRequest {
    let session: String
    let version: Int

    /// Reads `from` of a creation's body (a JSON object `JSONFields` has read).
    init(body: [UInt8]) throws(ServiceError) {
        let usage = "`from` must be {\"session\": \"<id>\", \"version\": N}"
        guard let value = try? JSONValue(parsing: body), case let .object(members)? = value["from"] else {
            throw .malformedRequest(usage)
        }
        guard case let .string(session)? = value["from"]?["session"], let version = value["from"]?["version"]?.wholeNumber, version >= 1,
            members.count == 2
        else {
            throw .malformedRequest(usage + ", the version an integer from 1")
        }
        self.session = session
        self.version = version
    }
}

extension SessionService {
    /// What a fork starts from: the source's app, its history up to the version, and (for the durable store) the
    /// documents of those versions.
    struct ForkOrigin {
        let app: AppDefinition
        let entries: [HistoryEntry]
        let documents: [[UInt8]]
    }

    /// Reads a fork's origin under the source's lock; `app`, when the body names one too, must be the source's.
    func forkOrigin(_ fork: ForkRequest, app: String?) throws(ServiceError) -> ForkOrigin {
        let source = try liveSession(fork.session)
        let storesDocuments = records != nil
        let origin = try source.withLive { (core: SessionCore, outlets: SessionOutlets) throws(ServiceError) -> ForkOrigin in
            try checkLive(core, now: clock.uptimeMilliseconds())
            try refresh(core, outlets)
            guard fork.version <= core.version else { throw .versionNotFound(fork.version, current: core.version) }
            return ForkOrigin(
                app: core.app, entries: Array(core.history.prefix(fork.version - 1)),
                documents: storesDocuments ? core.documents(through: fork.version) : [])
        }
        if let app, app != origin.app.id {
            throw .malformedRequest(
                "`app` is \"\(app)\", but session \(fork.session) runs \"\(origin.app.id)\": a fork runs its source's app")
        }
        return origin
    }
}
