/// What an append expecting a version came to (`SessionRecordStore.append(session:...expecting:)`).
public enum AppendOutcome: Sendable, Equatable {
    /// Kept: the session is now at `version`.
    case appended(version: Int)
    /// Refused, nothing kept: another instance moved the session on to `current`. Catch up (`events(of:after:)`)
    /// and decide again.
    case conflict(current: Int)
    /// Refused, nothing kept: the store holds no such session (deleted or expired meanwhile).
    case missing
}
