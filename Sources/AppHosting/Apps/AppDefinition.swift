import HeadlessUI

/// A hosted app: what `GET /v1/apps` lists and how a session starts one.
public struct AppDefinition: Sendable {
    /// The id clients pass as `app`.
    public let id: String
    /// One line on what the app shows.
    public let description: String
    /// The event types the app can handle at some point.
    public let events: [EventType]
    /// The names of the screens the app can show (a RIB's or a presentable's); nil when the app does not list them.
    public let screens: [String]?
    /// Builds and launches the app's root; called under the new session's lock.
    public let launch: @Sendable () -> any AppRuntime

    /// Creates a definition.
    public init(
        id: String, description: String, events: [EventType], screens: [String]? = nil,
        launch: @escaping @Sendable () -> any AppRuntime
    ) {
        self.id = id
        self.description = description
        self.events = events
        self.screens = screens
        self.launch = launch
    }

    /// Whether the app can show a screen named `name` (byte for byte); any name may be one when it lists none.
    public func canShow(screen name: String) -> Bool {
        screens?.contains { $0.isSameName(as: name) } ?? true
    }
}
