import Foundation

/// An event that changed a session, with the version it produced and when (`GET .../history`).
public struct HistoryEntry: Hashable, Sendable, Codable {
    public var version: Int
    /// The event as the server keeps it (the fields of its type only).
    public var event: Event
    public var at: Date

    public init(version: Int, event: Event, at: Date) {
        self.version = version
        self.event = event
        self.at = at
    }
}
