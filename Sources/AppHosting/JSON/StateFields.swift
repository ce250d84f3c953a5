import HeadlessUI
import RIBs

/// The state fields every kind of app shares: what is on screen, what it accepts, what leaked.
public enum StateFields {
    /// Writes `layers` (with `tabs` and `selectedTab` on a layer that shows a tab bar), `stack`, `top`, `accepts`
    /// and `leaks`, read off `window` as they are now.
    public static func writeScreen(of window: Window, accepts: [EventType], leaks: [Leak], to json: inout JSONWriter) {
        json.key("layers")
        json.beginArray()
        // The front layer's stack is also the state's `stack`, and its last screen the `top`: written once, then
        // its bytes again.
        var frontStack = 0..<0
        var frontTop = 0..<0
        window.forEachLayer { style, base, stack, tabBar in
            json.beginObject()
            json.field("style", style.rawValue)
            json.key("stack")
            let start = json.count
            json.beginArray()
            frontTop = 0..<0
            if let stack {
                for controller in stack.viewControllers { frontTop = json.string(controller.screenName) }
            } else {
                // Where no navigation controller drives the layer, its one screen is the selected tab, if any.
                frontTop = json.string((tabBar?.selectedViewController ?? base).screenName)
            }
            json.endArray()
            frontStack = start..<json.count
            // Only a layer with a tab bar has these fields: every other layer keeps its bytes.
            if let tabBar { writeTabs(of: tabBar, to: &json) }
            json.endObject()
        }
        json.endArray()
        json.key("stack")
        if frontStack.isEmpty {
            json.beginArray()
            json.endArray()
        } else {
            json.repeatValue(at: frontStack)
        }
        json.key("top")
        if frontTop.isEmpty { json.null() } else { json.repeatValue(at: frontTop) }
        json.key("accepts")
        json.beginArray()
        for type in accepts {
            // `EventType.write`, written out: not inlined, its call cost more than the write, for every type listed.
            if case let .declared(name) = type { json.string(name) } else { json.constant(type.builtInJSON) }
        }
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

    /// Writes a layer's `tabs` (each tab's screen name, in tab bar order) and `selectedTab` (its index, null when
    /// there are no tabs).
    private static func writeTabs(of tabBar: TabBarController, to json: inout JSONWriter) {
        json.key("tabs")
        json.strings(tabBar.viewControllers.lazy.map(\.screenName))
        json.key("selectedTab")
        if let index = tabBar.selectedIndex { json.int(index) } else { json.null() }
    }

    /// Writes a node's `state` object.
    public static func writeExposedState(_ pairs: [(key: String, value: String)], to json: inout JSONWriter) {
        json.key("state")
        json.beginObject()
        for pair in pairs { json.field(named: pair.key, pair.value) }
        json.endObject()
    }
}
