import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RibsdClient {
    /// The session's states as they change (`GET /v1/sessions/<id>/stream`): its current state first (unless it
    /// is at `version`), then one per change, each version once and in order (a reader that falls behind may
    /// see versions skipped, never repeated).
    ///
    /// A lost connection, a silent one (`ClientConfiguration.streamIdleTimeout`) and a server's restart are
    /// reconnected with backoff (`ClientConfiguration.streamRetry`), resuming with `Last-Event-ID`. The stream
    /// finishes when the session is deleted or expires, and throws a `RibsdError` when it cannot go on (the
    /// session is unknown or was closed, or the retries ran out). Stopping the iteration closes the connection.
    public func stream(_ session: String, after version: Int? = nil) -> AsyncThrowingStream<SessionState, any Error> {
        let (states, continuation) = AsyncThrowingStream.makeStream(of: SessionState.self)
        let task = Task {
            do throws(RibsdError) {
                try await watch(session, after: version) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return states
    }

    /// How one connection of a stream ended.
    private enum ConnectionEnd {
        /// The server ended the stream for `reason`.
        case ended(StreamEndReason)
        /// The connection closed or failed; `answered`: after a 200.
        case dropped(answered: Bool, URLError)
        /// The server refused the stream for now (503), asking to wait `retryAfter` seconds.
        case refused(RibsdError, retryAfter: Int?)
    }

    /// Follows the session's stream over as many connections as it takes, giving each new state to `deliver`.
    private func watch(_ session: String, after version: Int?, deliver: (SessionState) -> Void) async throws(RibsdError) {
        let policy = configuration.streamRetry
        var progress = StreamProgress(after: version)
        var parser = ServerSentEventParser()
        var failures = 0
        while true {
            let end = try await follow(session, progress: &progress, parser: &parser, deliver: deliver)
            // The wait the server asks for (`retry:`) after a stream that was running; backoff after failures.
            let advised = Duration.milliseconds(parser.reconnectionTime ?? 0)
            let wait: Duration
            switch end {
            case .ended(let reason) where reason == .deleted || reason == .expired:
                return
            case .ended(let reason) where reason == .shutdown:
                failures = 0
                wait = advised
            case .ended(let reason):
                throw .streamEnded(reason)
            case .dropped(answered: true, _):
                failures = 0
                wait = advised
            case .dropped(answered: false, let error):
                failures += 1
                guard policy.allowsAttempt(after: failures) else { throw .transport(error, attempts: failures) }
                wait = policy.delay(beforeRetry: failures)
            case .refused(let error, let retryAfter):
                failures += 1
                guard policy.allowsAttempt(after: failures) else { throw error }
                wait = max(policy.delay(beforeRetry: failures), .seconds(retryAfter ?? 0))
            }
            try await Self.pause(wait)
        }
    }

    /// One connection: its frames through `progress` to `deliver`, until it ends.
    private func follow(
        _ session: String, progress: inout StreamProgress, parser: inout ServerSentEventParser, deliver: (SessionState) -> Void
    ) async throws(RibsdError) -> ConnectionEnd {
        var request = URLRequest(url: url(["v1", "sessions", session, "stream"]))
        request.timeoutInterval = configuration.streamIdleTimeout.seconds
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if let last = progress.lastVersion { request.setValue(String(last), forHTTPHeaderField: "Last-Event-ID") }
        // A frame cut off by the last connection's end must not run into this connection's first.
        parser = ServerSentEventParser(reconnectionTime: parser.reconnectionTime)
        var status = 0
        var retryAfter: Int?
        var refusal = Data()
        do {
            for try await chunk in StreamConnection.open(request) {
                switch chunk {
                case .head(let code, let seconds):
                    (status, retryAfter) = (code, seconds)
                case .bytes(let data) where status == 200:
                    for event in parser.feed(data) {
                        switch try progress.take(event) {
                        case .state(let state): deliver(state)
                        case .skip: break
                        case .end(let reason): return .ended(reason)
                        }
                    }
                case .bytes(let data):
                    refusal.append(data)
                }
            }
        } catch let error as RibsdError {
            throw error
        } catch {
            if Task.isCancelled { throw .cancelled }
            return .dropped(answered: status == 200, error as? URLError ?? URLError(.networkConnectionLost))
        }
        if Task.isCancelled { throw .cancelled }
        guard status != 0 else { return .dropped(answered: false, URLError(.networkConnectionLost)) }
        guard status != 200 else { return .dropped(answered: true, URLError(.networkConnectionLost)) }
        let failure = ClientResponse(status: status, body: refusal, retryAfter: retryAfter, resent: false).failure
        guard status == 503 else { throw failure }
        return .refused(failure, retryAfter: retryAfter)
    }
}
