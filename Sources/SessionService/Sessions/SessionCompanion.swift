/// What is kept beside a session's core and follows its changes: the transport's answers prepared for the
/// current version and its event streams (`SessionOutlets`). The core tells it, under the session's lock, and
/// knows nothing of HTTP.
protocol SessionCompanion: AnyObject {
    /// The state document changed (an event applied or taken back, a history restored): what was made from
    /// the old one is stale.
    func sessionStateDidChange()
    /// The session closed for `end`.
    func sessionDidClose(_ end: SessionEnd)
}
