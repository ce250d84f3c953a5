import HTTPServer

/// The event streams watching one session. Part of its `SessionOutlets`, so it is only touched under the
/// session's lock: a new watcher gets the state and joins the list atomically (no change can slip between),
/// and frames go out in version order.
///
/// Notifying under the session lock is safe: `StreamBody.send` never blocks (it appends to a buffer and at most
/// signals MHD to resume the connection), and no code path takes a session lock while holding a stream's lock
/// or one of MHD's, so there is no lock-order cycle.
struct SessionWatchers {
    private var streams: [StreamBody] = []

    /// Streams watching now (including any whose client left since the last change).
    var count: Int { streams.count }

    /// Adds a watcher; streams that ended since the last change are dropped here too, so the list stays
    /// bounded by the open streams even for a session that never changes.
    mutating func add(_ stream: StreamBody) {
        streams.removeAll { !$0.isOpen }
        streams.append(stream)
    }

    /// Sends the new state to every watcher, dropping those that are gone.
    mutating func publish(version: Int, state: [UInt8]) {
        guard !streams.isEmpty else { return }
        let frame = ServerSentEvents.state(version: version, json: state)
        streams.removeAll { !$0.send(frame) }
    }

    /// Tells every watcher why the session is gone and ends the streams.
    mutating func end(_ reason: SessionEnd) {
        guard !streams.isEmpty else { return }
        let frame = ServerSentEvents.end(reason: reason.rawValue)
        for stream in streams {
            stream.send(frame)
            stream.finish()
        }
        streams = []
    }
}
