import Foundation
import Testing

@testable import SessionService

@Suite("a tab bar over HTTP")
struct TabBarTests {
    @Test("the layer shows the tabs and the selected one; each tab keeps its stack; an app-defined selectTab switches")
    func tabsOverHTTP() throws {
        try withTestServer(registry: testRegistry(LabTabApp.tabs())) { client in
            let id = try client.createSession(app: "tabs")
            func front(_ response: HTTPResult) -> [String: Any]? { (response.json?["layers"] as? [[String: Any]])?.last }
            let first = try client.state(id)
            #expect(front(first)?["tabs"] as? [String] == ["Feed", "Settings"], "\(first.text)")
            #expect(front(first)?["selectedTab"] as? Int == 0)
            #expect(first.json?["stack"] as? [String] == ["Feed"])

            let pushed = try client.send(id, #"{"type":"push","screen":"A"}"#)
            #expect(pushed.json?["stack"] as? [String] == ["Feed", "A"])
            let settings = try client.send(id, #"{"type":"selectTab","tab":"Settings"}"#)
            #expect(
                front(settings)?["selectedTab"] as? Int == 1 && settings.json?["stack"] as? [String] == ["Settings"], "\(settings.text)")
            // Settings has no stack: a push there is nobody's, and the refusal changes nothing.
            try client.expectRefusal(id, #"{"type":"push","screen":"B"}"#, status: 409, code: "event_not_handled")
            try client.expectRefusal(id, #"{"type":"selectTab","tab":"Elsewhere"}"#, status: 400, code: "malformed_event")
            // Back on Feed, its stack is as it was left.
            let feed = try client.send(id, #"{"type":"selectTab","tab":"Feed"}"#)
            #expect(feed.json?["stack"] as? [String] == ["Feed", "A"])
            // Selecting the selected tab again changes nothing: the same version.
            #expect(try client.send(id, #"{"type":"selectTab","tab":"Feed"}"#).header("ETag") == feed.header("ETag"))
            #expect((feed.json?["leaks"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a tab bar's layer has the fields the OpenAPI document's Layer schema describes, with their types")
    func layerMatchesSchema() throws {
        try withTestServer(registry: testRegistry(LabTabApp.tabs())) { client in
            let document = try #require(try JSONSerialization.jsonObject(with: Data(client.get("/openapi.json").body)) as? [String: Any])
            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
            let layer = try #require(schemas["Layer"] as? [String: Any])
            let properties = try #require(layer["properties"] as? [String: Any])
            let required = Set(layer["required"] as? [String] ?? [])
            let dependent = try #require(layer["dependentRequired"] as? [String: [String]])
            let styles = try #require((properties["style"] as? [String: Any])?["enum"] as? [String])

            let id = try client.createSession(app: "tabs")
            for event in [#"{"type":"push","screen":"A"}"#, #"{"type":"selectTab","tab":"Settings"}"#] {
                let state = try client.send(id, event)
                let layers = try #require(state.json?["layers"] as? [[String: Any]], "\(state.text)")
                for shown in layers {
                    let fields = Set(shown.keys)
                    #expect(fields.isSubset(of: Set(properties.keys)), "undocumented: \(fields.subtracting(properties.keys))")
                    #expect(required.isSubset(of: fields))
                    for (field, needs) in dependent where fields.contains(field) {
                        #expect(Set(needs).isSubset(of: fields), "\(field) without \(needs)")
                    }
                    #expect(styles.contains(shown["style"] as? String ?? ""))
                }
                let tabBar = try #require(layers.first { $0["tabs"] != nil })
                let tabs = try #require(tabBar["tabs"] as? [String])
                let selected = try #require(tabBar["selectedTab"] as? Int)
                #expect(tabs.indices.contains(selected), "selectedTab \(selected) of \(tabs)")
            }
        }
    }
}
