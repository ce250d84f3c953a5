import AppHosting
import BuiltinApps
import Foundation
import Testing

@Suite("login app (seeds 001 and 003)")
struct LoginAppTests {
    let app = AppDriver(BuiltinApps.login)

    @Test("launch shows Login inside Root's container")
    func launch() {
        #expect(
            app.state
                == screen(
                    tree: node("Root", "launch", [node("Login", "viewable")]),
                    layers: [layer("root", ["Login"])],
                    accepts: ["login"]
                ))
    }

    @Test("login attaches HomeFlow with Home as the root of the stack")
    func login() throws {
        try app.send(#"{"type":"login","name":"kim"}"#)
        #expect(
            app.state
                == screen(
                    tree: node("Root", "launch", [node("HomeFlow", "viewless", [node("Home", "viewable", state: ["name": "kim"])])]),
                    layers: [layer("root", ["Home"])],
                    accepts: ["push", "present", "logout"]
                ))
    }

    @Test("push A, B, present Profile, then swipe the sheet down")
    func walkthrough() throws {
        try app.send(#"{"type":"login","name":"kim"}"#)
        try app.send(#"{"type":"push","screen":"A"}"#)
        try app.send(#"{"type":"push","screen":"B"}"#)
        try app.send(#"{"type":"present","screen":"Profile"}"#)
        let home = node("Home", "viewable", state: ["name": "kim"])
        #expect(
            app.state
                == screen(
                    tree: node(
                        "Root", "launch",
                        [node("HomeFlow", "viewless", [home, node("A", "viewable"), node("B", "viewable"), node("Profile", "viewable")])]),
                    layers: [layer("root", ["Home", "A", "B"]), layer("pageSheet", ["Profile"])],
                    accepts: ["dismiss", "didDismiss", "logout"]
                ))
        try app.send(#"{"type":"didDismiss","screen":"Profile"}"#)
        try app.send(#"{"type":"didPop","screen":"A"}"#)
        #expect(
            app.state
                == screen(
                    tree: node("Root", "launch", [node("HomeFlow", "viewless", [home])]),
                    layers: [layer("root", ["Home"])],
                    accepts: ["push", "present", "logout"]
                ))
        try app.send(#"{"type":"push","screen":"C"}"#)
        try app.send(#"{"type":"present","screen":"Profile","style":"fullScreen"}"#)
        try app.send(#"{"type":"logout"}"#)
        #expect(
            app.state
                == screen(
                    tree: node("Root", "launch", [node("Login", "viewable")]),
                    layers: [layer("root", ["Login"])],
                    accepts: ["login"]
                ))
    }
}
