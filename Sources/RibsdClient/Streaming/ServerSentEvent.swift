/// One event of an event stream, as the WHATWG event-stream format dispatches it.
struct ServerSentEvent: Hashable, Sendable {
    /// The `event` field; `message` when the frame has none.
    var event: String
    /// The `data` lines, joined by newlines.
    var data: String
    /// The last `id` the stream set, this frame's or an earlier one's.
    var id: String?
}
