/// A hosted app: what `GET /v1/apps` lists and how a session starts one.
public struct AppDefinition: Sendable {
    /// The id clients pass as `app`.
    public let id: String
    /// One line on what the app shows.
    public let description: String
    /// The event types the app can handle at some point.
    public let events: [EventType]
    /// Builds and launches the app's root; called under the new session's lock.
    public let launch: @Sendable () -> any AppRuntime

    /// Creates a definition.
    public init(id: String, description: String, events: [EventType], launch: @escaping @Sendable () -> any AppRuntime) {
        self.id = id
        self.description = description
        self.events = events
        self.launch = launch
    }
}
