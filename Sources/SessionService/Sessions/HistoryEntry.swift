import AppHosting

/// A step that changed a session (an event, or a rewind), with the version it produced and when.
struct HistoryEntry: Sendable {
    let version: Int
    let step: HistoryStep
    let atMilliseconds: Int64

    /// About what the entry holds: its place in the history's array, and its string's own storage when the
    /// string is too long to be stored inline (over 15 UTF-8 bytes).
    var heldBytes: Int {
        let text: String? =
            switch step {
            case let .event(.login(name)): name
            case let .event(.push(screen)), let .event(.didPop(screen)), let .event(.present(screen, _)), let .event(.didDismiss(screen)):
                screen
            case let .event(.step(step)): step
            case .event(.logout), .event(.pop), .event(.dismiss), .rewind: nil
            }
        let utf8 = text?.utf8.count ?? 0
        return MemoryLayout<HistoryEntry>.stride + (utf8 > 15 ? 32 + utf8 : 0)
    }
}
