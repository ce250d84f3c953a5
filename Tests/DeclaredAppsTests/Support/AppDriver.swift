import AppHosting
import DeclaredApps
import Foundation

/// Drives one declared app's runtime in process, the way a session does, and reads its state back as JSON
/// values.
final class AppDriver {
    let app: AppDefinition
    let runtime: any AppRuntime

    /// Loads `json` as the only app file and launches it.
    init(_ json: String) throws {
        let loaded = try DeclaredAppLoader.load(files: [("app.json", Array(json.utf8))])
        app = loaded[0].definition
        runtime = app.launch()
    }

    /// The state fields the runtime writes, parsed.
    var state: [String: Any] {
        var json = JSONWriter()
        json.beginObject()
        runtime.writeState(to: &json)
        json.endObject()
        return (try? JSONSerialization.jsonObject(with: Data(json.bytes))) as? [String: Any] ?? [:]
    }

    /// The front layer's stack.
    var stack: [String] { state["stack"] as? [String] ?? [] }

    /// The event types the state lists as accepted, sorted.
    var accepts: [String] { (state["accepts"] as? [String] ?? []).sorted() }

    /// The tree's nodes, depth first, as `name` or `name{key=value}` with their state.
    var nodes: [String] {
        var names: [String] = []
        func walk(_ node: [String: Any]) {
            var name = node["name"] as? String ?? "?"
            if let state = node["state"] as? [String: String] {
                name += "{" + state.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
            }
            names.append(name)
            for child in node["children"] as? [[String: Any]] ?? [] { walk(child) }
        }
        if let tree = state["tree"] as? [String: Any] { walk(tree) }
        return names
    }

    /// Decodes `body` against the app's catalog and applies it.
    func send(_ body: String) throws {
        try runtime.apply(AppEvent(json: Array(body.utf8), catalog: app.catalog))
    }

    /// Applies `body`, which must be refused; the refusal.
    func refusal(_ body: String) -> EventError? {
        do {
            try send(body)
            return nil
        } catch let error as EventError {
            return error
        } catch {
            return nil
        }
    }
}
