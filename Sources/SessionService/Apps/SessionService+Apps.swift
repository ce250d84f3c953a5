import AppHosting
import SessionStorage

/// Reloading the apps: new sessions get the new set, live ones keep the definition they were created with.
extension SessionService {
    /// Makes `registry` the set new sessions are made with (and `GET /v1/apps`, `GET /openapi.json` list), in one
    /// step: a request sees the old set or the new one, never half. `definitions` are the stored form of its apps
    /// that are data, by app id. Live sessions keep their definitions, including those of apps the new set
    /// changed or no longer has; a session of a removed app cannot be created, as of any app unknown. Returns
    /// what changed, by app id.
    @discardableResult
    public func replaceApps(_ registry: AppRegistry, definitions: [String: StoredDefinition]) -> AppsChange {
        apps.replace(registry, definitions: definitions)
    }
}
