import AppHosting
import BuiltinApps
import Foundation
import Testing

/// A render finds the path to the screen's top while it writes the tree, and the next event is dispatched
/// along that path: both must agree with a fresh search from the root in every state an app can reach.
@Suite("Rendered path: accepts and dispatch agree with a fresh search")
struct RenderedPathTests {
    /// Events of every type, valid in some state of some app and refused in others.
    private static let events = [
        #"{"type":"login","name":"kim"}"#, #"{"type":"logout"}"#,
        #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#, #"{"type":"push","screen":"C"}"#,
        #"{"type":"pop"}"#, #"{"type":"didPop","screen":"A"}"#, #"{"type":"didPop","screen":"B"}"#,
        #"{"type":"present","screen":"Profile"}"#, #"{"type":"present","screen":"Profile","style":"fullScreen"}"#,
        #"{"type":"dismiss"}"#, #"{"type":"didDismiss","screen":"Profile"}"#,
        #"{"type":"step","step":"mainIsRequired"}"#, #"{"type":"step","step":"codingIsRequired"}"#,
    ]

    @Test(
        "400 seeded events per app: rendered accepts equal the searched ones; a rendered and an unrendered twin dispatch alike",
        arguments: ["login", "navigation", "todo", "flow"])
    func walkAgreesWithSearch(appID: String) throws {
        let app = try #require(BuiltinApps.registry.apps.first { $0.id == appID })
        let rendered = AppDriver(app)
        // Never rendered between events: every dispatch searches from the root.
        let searched = AppDriver(app)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var applied = 0
        for step in 0..<400 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let body = Self.events[Int(seed >> 33) % Self.events.count]
            let renderedError = rendered.refuse(body)
            let searchedError = searched.refuse(body)
            #expect(Self.describe(renderedError) == Self.describe(searchedError), "step \(step): \(body)")
            if renderedError == nil { applied += 1 }

            let state = rendered.state
            let accepts = state["accepts"] as? [String]
            #expect(accepts == rendered.runtime.acceptedEvents.map(\.rawValue), "step \(step): \(body)")
        }
        #expect(rendered.state == searched.state)
        // The walk must have moved through the app, not stood refused at its first screen.
        #expect(applied >= 20)
    }

    private static func describe(_ error: EventError?) -> String {
        error.map { "\($0)" } ?? "applied"
    }
}
