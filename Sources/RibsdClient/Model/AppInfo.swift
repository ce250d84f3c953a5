/// One hosted app, as `GET /v1/apps` lists it.
public struct AppInfo: Hashable, Sendable, Codable {
    public var id: String
    public var description: String
    /// The event types the app takes: the built-in ones it handles, then those it declares.
    public var events: [EventType]
    /// The screens the app can show (what a swipe, or a `screen` field, may name); nil when the app does not list them.
    public var screens: [String]?
    /// The event types the app declares beside the built-in ones, with their fields; nil when it declares none.
    public var declaredEvents: [EventDeclaration]?
    /// The deep links the app opens (`RibsdClient.open(link:in:)`), matched in this order; nil when it declares none.
    public var links: [LinkInfo]?

    public init(
        id: String, description: String, events: [EventType], screens: [String]? = nil, declaredEvents: [EventDeclaration]? = nil,
        links: [LinkInfo]? = nil
    ) {
        self.id = id
        self.description = description
        self.events = events
        self.screens = screens
        self.declaredEvents = declaredEvents
        self.links = links
    }

    /// The declaration of `type`, if the app declares it (a built-in type has none).
    public func declaration(of type: EventType) -> EventDeclaration? {
        declaredEvents?.first { $0.type == type }
    }
}
