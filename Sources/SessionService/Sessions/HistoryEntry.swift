import AppHosting

/// An event that changed a session, with the version it produced and when.
struct HistoryEntry: Sendable {
    let version: Int
    let event: AppEvent
    let atMilliseconds: Int64
}
