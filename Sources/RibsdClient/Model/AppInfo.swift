/// One hosted app, as `GET /v1/apps` lists it.
public struct AppInfo: Hashable, Sendable, Codable {
    public var id: String
    public var description: String
    /// The event types the app takes.
    public var events: [EventType]
    /// The screens the app can show (what a swipe may name); nil when the app does not list them.
    public var screens: [String]?

    public init(id: String, description: String, events: [EventType], screens: [String]? = nil) {
        self.id = id
        self.description = description
        self.events = events
        self.screens = screens
    }
}
