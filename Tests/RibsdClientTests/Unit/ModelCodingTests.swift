import Foundation
import Testing

@testable import RibsdClient

@Suite("Events, states and problems as Codable values")
struct ModelCodingTests {
    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONCoding.encode(value), as: UTF8.self)
    }

    @Test("the built-in events encode as the contract writes them")
    func builtinEvents() throws {
        #expect(try json(Event.login(name: "kim")) == #"{"name":"kim","type":"login"}"#)
        #expect(try json(Event.logout) == #"{"type":"logout"}"#)
        #expect(try json(Event.push("A")) == #"{"screen":"A","type":"push"}"#)
        #expect(try json(Event.pop) == #"{"type":"pop"}"#)
        #expect(try json(Event.didPop("B")) == #"{"screen":"B","type":"didPop"}"#)
        #expect(try json(Event.present("Profile")) == #"{"screen":"Profile","type":"present"}"#)
        #expect(try json(Event.present("Profile", style: .fullScreen)) == #"{"screen":"Profile","style":"fullScreen","type":"present"}"#)
        #expect(try json(Event.dismiss) == #"{"type":"dismiss"}"#)
        #expect(try json(Event.didDismiss("Profile")) == #"{"screen":"Profile","type":"didDismiss"}"#)
        #expect(try json(Event.step("mainIsRequired")) == #"{"step":"mainIsRequired","type":"step"}"#)
    }

    @Test("an app's own event keeps its type and any fields, both ways; a field named type is not one of them")
    func customEvent() throws {
        let event = Event(type: "rate", fields: ["stars": 5, "note": "fine", "tags": ["a", nil], "ratio": 0.5, "type": "x"])
        #expect(try json(event) == #"{"note":"fine","ratio":0.5,"stars":5,"tags":["a",null],"type":"rate"}"#)
        let decoded = try JSONCoding.decoder().decode(Event.self, from: Data(try json(event).utf8))
        #expect(decoded == event)
        #expect(decoded["stars"] == .integer(5) && decoded.fields["type"] == nil)
    }

    @Test("a number JSON cannot carry is an invalid request, not a crash")
    func nonFinite() {
        #expect(throws: RibsdError.self) { try JSONCoding.encode(Event(type: "rate", fields: ["stars": .number(.nan)])) }
    }

    @Test("a state decodes whole; fields an app adds are kept in extras and written back")
    func state() throws {
        let body = #"""
            {"session":"DcvgrOrOY11Om1Mzr-GMuA","app":"flow","version":1,"tree":{"name":"AppFlow","kind":"flow","active":true,"children":[{"name":"AppInit","kind":"presentable","active":true,"state":{"k":"v"},"children":[]}]},"layers":[{"style":"root","stack":["AppInit"]}],"stack":["AppInit"],"top":null,"accepts":["step"],"leaks":[{"name":"A","kind":"router","reason":"stillAlive"}],"steps":["mainIsRequired"]}
            """#
        let state = try JSONCoding.decoder().decode(SessionState.self, from: Data(body.utf8))
        let expected = SessionState(
            session: "DcvgrOrOY11Om1Mzr-GMuA", app: "flow", version: 1,
            tree: Node(
                name: "AppFlow", kind: .flow, active: true,
                children: [Node(name: "AppInit", kind: .presentable, active: true, state: ["k": "v"])]),
            layers: [Layer(style: .root, stack: ["AppInit"])], stack: ["AppInit"], top: nil, accepts: [.step],
            leaks: [Leak(name: "A", kind: "router", reason: "stillAlive")], extras: ["steps": ["mainIsRequired"]])
        #expect(state == expected)
        #expect(state.extras["steps"]?.stringArrayValue == ["mainIsRequired"])
        let again = try JSONCoding.decoder().decode(SessionState.self, from: try JSONCoding.encode(state))
        #expect(again == state)
    }

    @Test("a layer with a tab bar keeps its tabs and selected tab; other layers write neither")
    func tabs() throws {
        let body =
            #"[{"style":"root","stack":["Home","Detail"],"tabs":["Home","Profile"],"selectedTab":0},{"style":"pageSheet","stack":["Edit"]}]"#
        let layers = try JSONCoding.decoder().decode([Layer].self, from: Data(body.utf8))
        #expect(
            layers == [
                Layer(style: .root, stack: ["Home", "Detail"], tabs: ["Home", "Profile"], selectedTab: 0),
                Layer(style: .pageSheet, stack: ["Edit"]),
            ])
        #expect(
            try json(layers)
                == #"[{"selectedTab":0,"stack":["Home","Detail"],"style":"root","tabs":["Home","Profile"]},{"stack":["Edit"],"style":"pageSheet"}]"#
        )
        // A tab bar with no tabs: selectedTab is null, and written as such.
        let empty = Layer(style: .root, stack: [], tabs: [], selectedTab: nil)
        #expect(try json(empty) == #"{"selectedTab":null,"stack":[],"style":"root","tabs":[]}"#)
        #expect(try JSONCoding.decoder().decode(Layer.self, from: Data(try json(empty).utf8)) == empty)
    }

    @Test("a history entry's time reads with or without fractions of a second")
    func historyTime() throws {
        let entries = try JSONCoding.decoder().decode(
            [HistoryEntry].self,
            from: Data(
                #"""
                [{"version":2,"event":{"type":"login","name":"kim"},"at":"2026-12-06T07:42:33.559Z"},
                 {"version":3,"event":{"type":"pop"},"at":"2026-12-06T07:42:34Z"}]
                """#.utf8))
        #expect(entries.map(\.event) == [.login(name: "kim"), .pop])
        #expect(abs(entries[0].at.timeIntervalSince1970 - 1_796_542_953.559) < 0.001)
        #expect(entries[1].at.timeIntervalSince1970 == 1_796_542_954)
    }
}
