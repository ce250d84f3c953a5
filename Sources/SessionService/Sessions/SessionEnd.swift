/// Why a session closed: what its event streams are told as they end.
enum SessionEnd: String {
    /// `DELETE /v1/sessions/<id>`.
    case deleted
    /// Idle past the TTL.
    case expired
    /// The server is shutting down.
    case shutdown
    /// The session's app did not replay its history to the state it showed, and the session was closed.
    case failed
}
