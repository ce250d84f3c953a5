import AppHosting
import SessionStorage

/// One set of apps new sessions are made with, and what `GET /v1/apps` and `GET /openapi.json` answer for it,
/// rendered once: a request reads the whole set at once, so none sees half of a reload.
final class AppSet: Sendable {
    let registry: AppRegistry
    /// The stored form of each app of `registry` that is data (a declared app), by app id.
    let sources: [String: StoredDefinition]
    /// The body of `GET /v1/apps`.
    let appsJSON: [UInt8]
    /// The body of `GET /openapi.json`: the document, listing these apps and the server's batch limit.
    let openAPIJSON: [UInt8]

    init(registry: AppRegistry, sources: [String: StoredDefinition], batchLimit: Int) {
        self.registry = registry
        self.sources = sources
        appsJSON = Self.renderApps(registry)
        openAPIJSON = Array(OpenAPIDocument.json(OpenAPIDocument.json(hosting: registry.apps), batchLimit: batchLimit).utf8)
    }

    /// What tells this set from `older`: the ids only this one has, those both have with other definitions, and
    /// those only `older` had, each in its set's order.
    func change(since older: AppSet) -> AppsChange {
        let ids = registry.apps.map(\.id), olderIDs = older.registry.apps.map(\.id)
        return AppsChange(
            added: ids.filter { !olderIDs.contains($0) },
            changed: ids.filter { olderIDs.contains($0) && sources[$0]?.digest != older.sources[$0]?.digest },
            removed: olderIDs.filter { !ids.contains($0) })
    }

    private static func renderApps(_ registry: AppRegistry) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.key("apps")
        json.beginArray()
        for app in registry.apps {
            json.beginObject()
            json.field("id", app.id)
            json.field("description", app.description)
            json.key("events")
            json.strings(app.events.map(\.rawValue))
            // What a swipe (didPop, didDismiss) may name, for clients that offer screens to pick from.
            if let screens = app.screens {
                json.key("screens")
                json.strings(screens)
            }
            // The app's own event types and their fields, for clients that build their requests (or forms) from
            // them; absent when it declares none, so the built-in apps' entries stay as they were.
            if !app.declarations.isEmpty {
                json.key("declaredEvents")
                json.beginArray()
                for declaration in app.declarations { declaration.write(to: &json) }
                json.endArray()
            }
            // The links the app opens (`POST /v1/sessions/<id>/links`); absent when it declares none.
            if !app.links.isEmpty {
                json.key("links")
                json.beginArray()
                for link in app.links {
                    json.beginObject()
                    json.field("pattern", link.pattern.description)
                    json.field("description", link.description)
                    json.endObject()
                }
                json.endArray()
            }
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes
    }
}
