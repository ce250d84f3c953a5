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
}
