import AppHosting

/// A step that changed a session (an event, or a rewind), with the version it produced and when.
struct HistoryEntry: Sendable {
    let version: Int
    let step: HistoryStep
    let atMilliseconds: Int64

    /// About what the entry holds: its place in the history's array, and its string's own storage when the
    /// string is too long to be stored inline (over 15 UTF-8 bytes); a declared event's box and values too.
    var heldBytes: Int {
        if case let .event(.declared(declared)) = step { return MemoryLayout<HistoryEntry>.stride + Self.heldBytes(of: declared) }
        let text: String? =
            switch step {
            case let .event(.login(name)): name
            case let .event(.push(screen)), let .event(.didPop(screen)), let .event(.present(screen, _)), let .event(.didDismiss(screen)):
                screen
            case let .event(.step(step)): step
            case let .link(url): url
            case .event(.logout), .event(.pop), .event(.dismiss), .event(.declared), .rewind: nil
            }
        return MemoryLayout<HistoryEntry>.stride + Self.storage(of: text)
    }

    /// A string's own storage: none when it is stored inline.
    private static func storage(of text: String?) -> Int {
        let utf8 = text?.utf8.count ?? 0
        return utf8 > 15 ? 32 + utf8 : 0
    }

    /// The event's box (a header and the event) and its values' array (a header and the values), with the
    /// strings stored out of line.
    private static func heldBytes(of event: DeclaredEvent) -> Int {
        var bytes = 16 + MemoryLayout<DeclaredEvent>.stride + storage(of: event.type)
        bytes += 32 + event.values.count * MemoryLayout<(name: String, value: DeclaredEvent.Value)>.stride
        for (name, value) in event.values {
            bytes += storage(of: name)
            if case let .string(string) = value { bytes += storage(of: string) }
        }
        return bytes
    }
}
