import AppHosting
import DeclaredApps
import Foundation
import Testing

/// What the format can say that the built-in apps' twins do not use: tabs, app-defined events, messages passed
/// up through several RIBs, state set by events, a swipe that does not detach, and flows that present, end and
/// take app-defined events as steps.
@Suite("What the format declares beyond the twins")
struct FormatFeatureTests {
    /// Shop: a tab bar of Catalog (in a stack that pushes Item) and Cart; `selectTab` picks a tab by name;
    /// Item's `addToCart` goes up as `added` through Catalog to Shop, which shows the last item added.
    static let shop = """
        {
          "id": "shop",
          "declares": [
            { "type": "selectTab", "fields": [{ "name": "tab", "type": "enum", "values": ["Catalog", "Cart"] }] },
            { "type": "addToCart", "fields": [{ "name": "item", "type": "string" }] }
          ],
          "root": "Shop",
          "ribs": [
            {
              "name": "Shop", "view": "tabs", "state": { "lastAdded": { "initial": "nothing" } },
              "children": [{ "rib": "Catalog", "show": "tab", "inStack": true }, { "rib": "Cart", "show": "tab" }],
              "onLoad": ["Catalog", "Cart"],
              "handles": [{ "event": "selectTab", "do": "selectTab", "childFrom": "tab" }],
              "listens": { "added": { "do": "set", "state": { "lastAdded": "item" } } }
            },
            {
              "name": "Catalog", "stack": "Catalog",
              "children": [{ "rib": "Item", "show": "push" }],
              "handles": [
                { "event": "push", "do": "route", "childFrom": "screen" },
                { "event": "pop", "do": "pop" },
                { "event": "didPop", "do": "didPop" }
              ],
              "listens": { "added": { "do": "tell", "message": "added" } }
            },
            { "name": "Item", "state": { "item": { "field": "item", "initial": "any" } }, "handles": [{ "event": "addToCart", "do": "tell", "message": "added" }] },
            { "name": "Cart" }
          ]
        }
        """

    @Test("tabs: each child a tab, selected by an app-defined event, a stack inside one")
    func tabs() throws {
        let shop = try AppDriver(Self.shop)
        let layers = shop.state["layers"] as? [[String: Any]]
        #expect(layers?.first?["tabs"] as? [String] == ["Catalog", "Cart"])
        #expect(layers?.first?["selectedTab"] as? Int == 0)
        #expect(shop.stack == ["Catalog"])
        #expect(shop.accepts == ["push", "selectTab"])
        try shop.send(#"{"type":"push","screen":"Item"}"#)
        #expect(shop.stack == ["Catalog", "Item"])
        #expect(shop.accepts == ["addToCart", "didPop", "pop", "selectTab"])
        try shop.send(#"{"type":"selectTab","tab":"Cart"}"#)
        #expect((shop.state["layers"] as? [[String: Any]])?.first?["selectedTab"] as? Int == 1)
        #expect(shop.stack == ["Cart"])
        #expect(shop.accepts == ["selectTab"])
        // Catalog's stack lives on while Cart is selected.
        try shop.send(#"{"type":"selectTab","tab":"Catalog"}"#)
        #expect(shop.stack == ["Catalog", "Item"])
    }

    @Test("a message goes up through the RIBs that pass it on; state takes the event's field")
    func messagesAndState() throws {
        let shop = try AppDriver(Self.shop)
        #expect(shop.nodes == ["Shop{lastAdded=nothing}", "Catalog", "Cart"])
        try shop.send(#"{"type":"push","screen":"Item"}"#)
        // Item's `item` has no field in a push: it takes its initial value.
        #expect(shop.nodes == ["Shop{lastAdded=nothing}", "Catalog", "Item{item=any}", "Cart"])
        try shop.send(#"{"type":"addToCart","item":"tea"}"#)
        #expect(shop.nodes == ["Shop{lastAdded=tea}", "Catalog", "Item{item=any}", "Cart"])
        // Not on screen, Item takes no `addToCart`, and nobody else does.
        try shop.send(#"{"type":"pop"}"#)
        #expect(shop.refusal(#"{"type":"addToCart","item":"jam"}"#) == .notHandled("no RIB on screen handles `addToCart` now"))
    }

    /// Navigation's pages, but A stays attached when its screen goes (seed 003's bug, kept on purpose).
    static let stays = """
        {
          "id": "stays", "root": "Root",
          "ribs": [
            { "name": "Root", "children": [{ "rib": "Nav", "show": "present", "style": "fullScreen", "inStack": true }], "onLoad": ["Nav"] },
            {
              "name": "Nav", "stack": "Nav",
              "children": [{ "rib": "A", "show": "push" }, { "rib": "B", "show": "push" }],
              "handles": [{ "event": "push", "do": "route", "childFrom": "screen" }, { "event": "didPop", "do": "didPop" }]
            },
            { "name": "A", "detachOnClose": false },
            { "name": "B" }
          ]
        }
        """

    @Test("a swipe detaches a page unless it says otherwise")
    func swipes() throws {
        let app = try AppDriver(Self.stays)
        try app.send(#"{"type":"push","screen":"B"}"#)
        try app.send(#"{"type":"didPop","screen":"B"}"#)
        #expect(app.nodes == ["Root", "Nav"])
        try app.send(#"{"type":"push","screen":"A"}"#)
        try app.send(#"{"type":"didPop","screen":"A"}"#)
        #expect(app.stack == ["Nav"])
        #expect(app.nodes == ["Root", "Nav", "A"])
    }

    /// Flows: Main pushes Home, takes the app-defined `open` as a step (pushing Item), presents the Settings
    /// flow's own stack as a sheet; Settings ends on `close`, and Main dismisses it on the `done` it forwards.
    static let flows = """
        {
          "id": "flows",
          "declares": [{ "type": "open", "fields": [{ "name": "item", "type": "integer", "minimum": 1, "maximum": 3 }] }],
          "rootFlow": "Main", "initialStep": "home", "steps": ["home", "settings", "close", "done"], "eventSteps": ["open"],
          "flows": [
            {
              "name": "Main",
              "navigate": [
                { "step": "home", "do": "push", "screen": "Home" },
                { "step": "open", "do": "push", "screen": "Item" },
                { "step": "settings", "do": "flow", "flow": "Settings", "withStep": "settings", "style": "pageSheet" },
                { "step": "done", "do": "dismiss" }
              ]
            },
            {
              "name": "Settings",
              "navigate": [{ "step": "settings", "do": "push", "screen": "Settings" }, { "step": "close", "do": "end", "forward": "done" }]
            }
          ]
        }
        """

    @Test("flows present a child flow, end it, and take app-defined events as steps")
    func flowsPresentAndEnd() throws {
        let app = try AppDriver(Self.flows)
        #expect(app.stack == ["Home"])
        #expect(app.state["steps"] as? [String] == ["settings"])
        #expect(app.accepts == ["open", "step"])
        try app.send(#"{"type":"open","item":2}"#)
        #expect(app.stack == ["Home", "Item"])
        try app.send(#"{"type":"step","step":"settings"}"#)
        #expect((app.state["layers"] as? [[String: Any]])?.count == 2)
        #expect(app.stack == ["Settings"])
        #expect(app.state["steps"] as? [String] == ["close"])
        try app.send(#"{"type":"step","step":"close"}"#)
        #expect((app.state["layers"] as? [[String: Any]])?.count == 1)
        #expect(app.stack == ["Home", "Item"])
        #expect(app.refusal(#"{"type":"step","step":"done"}"#) != nil)
    }

    @Test("the greeter example: an app-defined event sets state, a page goes on the stack and back")
    func greeter() throws {
        let file = ExampleApps.file("greeter.json")
        let greeter = try AppDriver(String(decoding: file.bytes, as: UTF8.self))
        #expect(greeter.nodes == ["Root", "Hello{greeted=nobody yet}"])
        #expect(greeter.accepts == ["greet", "push"])
        try greeter.send(#"{"type":"greet","name":"kim"}"#)
        try greeter.send(#"{"type":"push","screen":"Details"}"#)
        #expect(greeter.nodes == ["Root", "Hello{greeted=kim}", "Details"])
        #expect(greeter.stack == ["Hello", "Details"])
        try greeter.send(#"{"type":"didPop","screen":"Details"}"#)
        #expect(greeter.nodes == ["Root", "Hello{greeted=kim}"])
        #expect(greeter.refusal(#"{"type":"pop"}"#) == .invalidNavigation("cannot pop Hello: it is the root of its stack"))
    }
}
