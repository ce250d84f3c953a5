import AppHosting
import SessionStorage

/// The apps of a registry that are data rather than code (declared apps), and what turns their stored form back
/// into an app: with a durable store, a session keeps the definition it was created with across restarts, and
/// the service needs no knowledge of any one format to rebuild it.
public struct AppSources: Sendable {
    /// The stored form of each app of the registry that is data, by app id; an app not here is compiled in.
    public var definitions: [String: StoredDefinition]
    /// Rebuilds the app a stored definition describes, for a session restored after its file changed or went
    /// away; nil when the bytes no longer load here.
    public var load: @Sendable (StoredDefinition) -> AppDefinition?

    public init(definitions: [String: StoredDefinition] = [:], load: @escaping @Sendable (StoredDefinition) -> AppDefinition?) {
        self.definitions = definitions
        self.load = load
    }
}
