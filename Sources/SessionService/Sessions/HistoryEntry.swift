import AppHosting

/// An event that changed a session, with the version it produced and when.
struct HistoryEntry: Sendable {
    let version: Int
    let event: AppEvent
    let atMilliseconds: Int64

    /// About what the entry holds: its place in the history's array, and its string's own storage when the
    /// string is too long to be stored inline (over 15 UTF-8 bytes).
    var heldBytes: Int {
        let text: String? =
            switch event {
            case let .login(name): name
            case let .push(screen), let .didPop(screen), let .present(screen, _), let .didDismiss(screen): screen
            case let .step(step): step
            case .logout, .pop, .dismiss: nil
            }
        let utf8 = text?.utf8.count ?? 0
        return MemoryLayout<HistoryEntry>.stride + (utf8 > 15 ? 32 + utf8 : 0)
    }
}
