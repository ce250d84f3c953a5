import AppHosting
import BuiltinApps
import Foundation
import Testing

/// Drives one app runtime in process, the way a session does, and reads its state back as JSON values.
final class AppDriver {
    let runtime: any AppRuntime

    init(_ app: AppDefinition) {
        runtime = app.launch()
    }

    /// The state fields the runtime writes, parsed.
    var state: NSDictionary {
        var json = JSONWriter()
        json.beginObject()
        runtime.writeState(to: &json)
        json.endObject()
        let object = try? JSONSerialization.jsonObject(with: Data(json.bytes))
        return (object as? NSDictionary) ?? [:]
    }

    /// Applies a decoded event.
    func send(_ body: String) throws {
        try runtime.apply(AppEvent(json: Array(body.utf8)))
    }

    /// Applies an event that must fail, returning the error.
    func refuse(_ body: String) -> EventError? {
        do {
            try runtime.apply(try AppEvent(json: Array(body.utf8)))
            return nil
        } catch let error as EventError {
            return error
        } catch {
            return nil
        }
    }
}

/// A tree node as the state writes it.
func node(_ name: String, _ kind: String, active: Bool = true, state: [String: String]? = nil, _ children: [NSDictionary] = [])
    -> NSDictionary
{
    var node: [String: Any] = ["name": name, "kind": kind, "active": active, "children": children]
    if let state { node["state"] = state }
    return node as NSDictionary
}

/// A layer as the state writes it.
func layer(_ style: String, _ stack: [String]) -> NSDictionary {
    ["style": style, "stack": stack]
}

/// The whole expected state of an app (all but session, app and version, which the service adds).
func screen(tree: NSDictionary, layers: [NSDictionary], accepts: [String], leaks: [NSDictionary] = []) -> NSDictionary {
    let stack = (layers.last?["stack"] as? [String]) ?? []
    return [
        "tree": tree, "layers": layers, "stack": stack, "top": stack.last ?? NSNull(),
        "accepts": accepts, "leaks": leaks,
    ]
}
