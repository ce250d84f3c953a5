import HeadlessUI
import RIBs

/// The state fields every kind of app shares: what is on screen, what it accepts, what leaked.
public enum StateFields {
    /// Writes `layers`, `stack`, `top`, `accepts` and `leaks`, from the layers the caller read off the window.
    public static func writeScreen(layers: [ScreenLayer], accepts: [EventType], leaks: [Leak], to json: inout JSONWriter) {
        json.key("layers")
        json.beginArray()
        // The front layer's stack is also the state's `stack`: written once, then its bytes again.
        var frontStack = 0..<0
        for layer in layers {
            json.beginObject()
            json.field("style", layer.style.rawValue)
            json.key("stack")
            let start = json.count
            json.strings(layer.stack.lazy.map(\.screenName))
            frontStack = start..<json.count
            json.endObject()
        }
        json.endArray()
        json.key("stack")
        if layers.isEmpty { json.beginArray(); json.endArray() } else { json.repeatValue(at: frontStack) }
        json.key("top")
        if let top = layers.last?.stack.last { json.string(top.screenName) } else { json.null() }
        json.key("accepts")
        json.beginArray()
        for type in accepts { json.constant(type.jsonValue) }
        json.endArray()
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
