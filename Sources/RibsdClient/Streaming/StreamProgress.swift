import Foundation

/// Where a session's stream stands across its connections: the last version given out, so that each version is
/// given once and in order however often the stream reconnects.
struct StreamProgress: Sendable {
    /// What a frame of the stream means for its reader.
    enum Step: Sendable {
        /// A state newer than any given out so far.
        case state(SessionState)
        /// A state already given out (a connection's first frame may repeat one), or a frame of no interest.
        case skip
        /// The stream ended for `reason`.
        case end(StreamEndReason)
    }

    /// The last version given out; sent as `Last-Event-ID` on reconnecting.
    private(set) var lastVersion: Int?

    init(after version: Int?) { lastVersion = version }

    /// What `event` means; a state in it counts as given out.
    mutating func take(_ event: ServerSentEvent) throws(RibsdError) -> Step {
        switch event.event {
        case "state":
            let state = try Self.decode(SessionState.self, event.data)
            if let lastVersion, state.version <= lastVersion { return .skip }
            lastVersion = state.version
            return .state(state)
        case "end":
            return .end(try Self.decode(EndData.self, event.data).reason)
        default:
            return .skip
        }
    }

    private struct EndData: Decodable {
        let reason: StreamEndReason
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws(RibsdError) -> T {
        do {
            return try JSONCoding.decoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw .unexpectedResponse(status: 200, body: String(text.prefix(1024)), reason: "a stream frame that is not a \(T.self)")
        }
    }
}
