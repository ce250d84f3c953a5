import Foundation
import HTTPServer
import Synchronization

extension SessionService {
    /// `GET /v1/sessions/<id>/stream`: the session's state as server-sent events.
    ///
    /// - On connect: `retry: 1000`, then the current state (`event: state`, `id: <version>`, `data: <state>`).
    /// - After every change: the new state, in version order. A no-op event (same version) sends nothing.
    /// - Every `ServerConfiguration.streamHeartbeatInterval` (15 s in ribsd) while idle: a `: heartbeat` comment.
    /// - When the session is deleted, expires or the server shuts down: `event: end`,
    ///   `data: {"reason": "deleted" | "expired" | "shutdown"}`, then the stream ends.
    ///
    /// Resuming (`Last-Event-ID: <version>`, or `?lastEventId=<version>` for clients that cannot set headers):
    /// each event carries the whole state, not a delta, so the latest state alone brings a client up to date
    /// from any older version without replaying the ones in between. If the client's id equals the current
    /// version nothing is re-sent; any other id (older, newer from another server run, or unparsable) gets the
    /// current state at once. Either way no change is missed: the state is read and the watcher registered
    /// under the session lock, before any later change can be published.
    ///
    /// Watching counts as access at connect time only: an open stream does not keep a session from expiring.
    ///
    /// Every frame is a whole state, so a client that reads too slowly to keep up (1 MiB behind) skips to the
    /// newest state instead of being cut off: its ids jump, and what it shows is still current.
    func watch(_ request: HTTPRequest, id: String) throws(ServiceError) -> HTTPResponse {
        let session = try liveSession(id)
        let lastSeen = Self.lastEventID(request)
        let stream = StreamBody(heartbeat: ServerSentEvents.heartbeat, overflow: .keepLatest)
        try session.withLive { (core: SessionCore, outlets: SessionOutlets) throws(ServiceError) -> Void in
            try checkLive(core, now: clock.uptimeMilliseconds())
            // From the store's current version on: what other instances change is heard through it from now on.
            subscribeShared(core.id, outlets)
            try refresh(core, outlets)
            // Checked under the session's lock, which `endStreams` takes after setting it: no stream joins a
            // session that was already told to end its streams.
            guard !streamsEnded.load(ordering: .sequentiallyConsistent) else { throw .shuttingDown() }
            stream.send(ServerSentEvents.retry)
            if lastSeen != core.version {
                stream.send(ServerSentEvents.state(version: core.version, json: core.stateJSON))
            }
            outlets.watchers.add(stream)
        }
        var response = HTTPResponse.stream(stream, headers: ServerSentEvents.headers)
        response.logTag = id
        return response
    }

    /// The version named by `Last-Event-ID`, else by the `lastEventId` query parameter.
    static func lastEventID(_ request: HTTPRequest) -> Int? {
        if let header = request.header("Last-Event-ID") {
            return Int(header.trimmingCharacters(in: .whitespaces))
        }
        guard let query = request.query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == "lastEventId" { return Int(parts[1]) }
        }
        return nil
    }
}
