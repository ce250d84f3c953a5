import HeadlessUI

/// A hosted app: what `GET /v1/apps` lists and how a session starts one.
public struct AppDefinition: Sendable {
    /// The id clients pass as `app`.
    public let id: String
    /// One line on what the app shows.
    public let description: String
    /// The event types the app can handle at some point: the built-in ones it lists, then its declared ones.
    public let events: [EventType]
    /// The names of the screens the app can show (a RIB's or a presentable's); nil when the app does not list them.
    public let screens: [String]?
    /// What the app's sessions decode events against: its declared types beside the built-in ones.
    public let catalog: EventCatalog
    /// Builds and launches the app's root; called under the new session's lock.
    public let launch: @Sendable () -> any AppRuntime
    /// The links the app opens, matched in this order (`LinkDeclaration`).
    public let links: [LinkDeclaration]

    /// Creates a definition. `declarations` are the app's own event types (`EventDeclaration`); each joins
    /// `events` unless listed there already. A declared type listed in `events` without a declaration, or
    /// declared twice, is a bug in the app (a precondition).
    public init(
        id: String, description: String, events: [EventType] = [], declaring declarations: [EventDeclaration] = [],
        screens: [String]? = nil, links: [LinkDeclaration] = [], launch: @escaping @Sendable () -> any AppRuntime
    ) {
        let catalog = EventCatalog(declarations: declarations, screens: screens)
        for case let .declared(name) in events {
            precondition(catalog.declaration(of: name) != nil, "app `\(id)` lists the event type `\(name)` but declares none of that name")
        }
        self.id = id
        self.description = description
        self.events = events + declarations.map { EventType.declared($0.type) }.filter { !events.contains($0) }
        self.screens = screens
        self.catalog = catalog
        self.links = links
        self.launch = launch
    }

    /// The first of the app's links `url` matches, with the parameters it fills; nil when none does.
    public func link(for url: String) -> (declaration: LinkDeclaration, parameters: [String: String])? {
        for declaration in links {
            if let parameters = declaration.pattern.match(url) { return (declaration, parameters) }
        }
        return nil
    }

    /// The app's own event types, in the order it declares them.
    public var declarations: [EventDeclaration] { catalog.declarations }

    /// Whether the app can show a screen named `name` (byte for byte); any name may be one when it lists none.
    public func canShow(screen name: String) -> Bool {
        screens?.contains { $0.isSameName(as: name) } ?? true
    }
}
