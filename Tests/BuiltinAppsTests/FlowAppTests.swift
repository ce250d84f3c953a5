import AppHosting
import BuiltinApps
import Foundation
import Testing

@Suite("flow app (seed 004)")
struct FlowAppTests {
    let app = AppDriver(BuiltinApps.flow)

    func flowState(tree: NSDictionary, stack: [String], accepts: [String], steps: [String]) -> NSDictionary {
        let expected = screen(tree: tree, layers: [layer("root", stack)], accepts: accepts).mutableCopy() as! NSMutableDictionary
        expected["steps"] = steps
        return expected
    }

    @Test("launch: introIsRequired pushes AppInit onto AppFlow's navigation controller")
    func launch() {
        #expect(
            app.state
                == flowState(
                    tree: node("AppFlow", "flow", [node("AppInit", "presentable")]),
                    stack: ["AppInit"], accepts: ["step"], steps: ["mainIsRequired"]
                ))
    }

    @Test("mainIsRequired hands over to MainFlow on the same stack; codingIsRequired pushes Coding; pop ends it")
    func mainThenCoding() throws {
        try app.send(#"{"type":"step","step":"mainIsRequired"}"#)
        #expect(
            app.state
                == flowState(
                    tree: node(
                        "AppFlow", "flow", [node("AppInit", "presentable"), node("MainFlow", "flow", [node("Main", "presentable")])]),
                    stack: ["AppInit", "Main"], accepts: ["step", "pop", "didPop"], steps: ["codingIsRequired"]
                ))
        try app.send(#"{"type":"step","step":"codingIsRequired"}"#)
        #expect(
            app.state
                == flowState(
                    tree: node(
                        "AppFlow", "flow",
                        [
                            node("AppInit", "presentable"),
                            node("MainFlow", "flow", [node("Main", "presentable"), node("Coding", "presentable")]),
                        ]),
                    stack: ["AppInit", "Main", "Coding"], accepts: ["pop", "didPop"], steps: []
                ))
        try app.send(#"{"type":"pop"}"#)
        try app.send(#"{"type":"didPop","screen":"Main"}"#)
        #expect(
            app.state
                == flowState(
                    tree: node("AppFlow", "flow", [node("AppInit", "presentable")]),
                    stack: ["AppInit"], accepts: ["step"], steps: ["mainIsRequired"]
                ))
        #expect(app.refuse(#"{"type":"step","step":"codingIsRequired"}"#) == .notHandled("no flow handles the step codingIsRequired here"))
        #expect(app.refuse(#"{"type":"pop"}"#) == .invalidNavigation("Cannot pop AppInit: it is the root of its navigation stack"))
    }

    @Test("didPop Main with Coding above it ends both screens and MainFlow; mainIsRequired then starts a new MainFlow")
    func swipeBackUnderCodingThenAgain() throws {
        let launched = app.state
        let main = flowState(
            tree: node("AppFlow", "flow", [node("AppInit", "presentable"), node("MainFlow", "flow", [node("Main", "presentable")])]),
            stack: ["AppInit", "Main"], accepts: ["step", "pop", "didPop"], steps: ["codingIsRequired"])
        try app.send(#"{"type":"step","step":"mainIsRequired"}"#)
        try app.send(#"{"type":"step","step":"codingIsRequired"}"#)

        // One swipe back to AppInit: Coding and Main leave the stack together, MainFlow ends, nothing leaks.
        try app.send(#"{"type":"didPop","screen":"Main"}"#)
        #expect(app.state == launched)

        // The ended flow is gone for good; asking for main again builds a fresh one, as at first.
        try app.send(#"{"type":"step","step":"mainIsRequired"}"#)
        #expect(app.state == main)
        try app.send(#"{"type":"step","step":"codingIsRequired"}"#)
        try app.send(#"{"type":"pop"}"#)
        #expect(app.state == main)
    }
}
