import HeadlessUI
import RIBs

/// The state fields every kind of app shares: what is on screen, what it accepts, what leaked.
public enum StateFields {
    /// Writes `layers`, `stack`, `top`, `accepts` and `leaks`, from the layers the caller read off the window.
    public static func writeScreen(layers: [ScreenLayer], accepts: [EventType], leaks: [Leak], to json: inout JSONWriter) {
        json.key("layers")
        json.beginArray()
        var stack: [ViewController] = []
        for layer in layers {
            stack = layer.stack
            json.beginObject()
            json.field("style", layer.style.rawValue)
            json.key("stack")
            json.strings(stack.lazy.map(\.screenName))
            json.endObject()
        }
        json.endArray()
        json.key("stack")
        json.strings(stack.lazy.map(\.screenName))
        json.key("top")
        if let top = stack.last { json.string(top.screenName) } else { json.null() }
        json.key("accepts")
        json.strings(accepts.lazy.map(\.rawValue))
        json.key("leaks")
        json.beginArray()
        for leak in leaks {
            json.beginObject()
            json.field("name", leak.name)
            json.field("kind", leak.kind.rawValue)
            json.field("reason", leak.reason.rawValue)
            json.endObject()
        }
        json.endArray()
    }

    /// Writes a node's `state` object.
    public static func writeExposedState(_ pairs: [(key: String, value: String)], to json: inout JSONWriter) {
        json.key("state")
        json.beginObject()
        for pair in pairs { json.field(named: pair.key, pair.value) }
        json.endObject()
    }
}
