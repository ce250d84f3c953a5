import HeadlessUI

/// The apps a server hosts, in the order they were registered, with the app sessions get by default.
public struct AppRegistry: Sendable {
    /// Registered apps, in order.
    public private(set) var apps: [AppDefinition] = []
    /// The app a session starts when the request names none.
    public var defaultAppID: String

    /// Creates a registry.
    public init(apps: [AppDefinition] = [], defaultAppID: String) {
        self.defaultAppID = defaultAppID
        for app in apps { register(app) }
    }

    /// Adds an app, replacing one with the same id.
    public mutating func register(_ app: AppDefinition) {
        if let index = apps.firstIndex(where: { $0.id == app.id }) {
            apps[index] = app
        } else {
            apps.append(app)
        }
    }

    /// A copy with one more app.
    public func registering(_ app: AppDefinition) -> AppRegistry {
        var copy = self
        copy.register(app)
        return copy
    }

    /// The app with this id, byte for byte (a client's `K` is not the Kelvin sign, see `isSameName`).
    public func app(_ id: String) -> AppDefinition? {
        apps.first { $0.id.isSameName(as: id) }
    }
}
