import AppHosting
import HeadlessUI
import Testing

@Suite("AppEvent decoding")
struct AppEventDecodingTests {
    @Test(
        "each event type with its fields",
        arguments: [
            (#"{"type":"login","name":"kim"}"#, AppEvent.login(name: "kim")),
            (#"{"type":"logout","extra":[1]}"#, .logout),
            (#"{"type":"logout","name":null,"screen":"A","style":"any","step":"s"}"#, .logout),
            (#"{"type":"push","screen":"A"}"#, .push(screen: "A")),
            (#"{"type":"pop"}"#, .pop),
            (#"{"type":"didPop","screen":"A"}"#, .didPop(screen: "A")),
            (#"{"type":"present","screen":"Profile"}"#, .present(screen: "Profile", style: nil)),
            (#"{"type":"present","screen":"Profile","style":"fullScreen"}"#, .present(screen: "Profile", style: .fullScreen)),
            (#"{"type":"dismiss"}"#, .dismiss),
            (#"{"type":"didDismiss","screen":"Profile"}"#, .didDismiss(screen: "Profile")),
            (#"{"type":"step","step":"mainIsRequired"}"#, .step("mainIsRequired")),
        ])
    func decodes(_ body: String, _ event: AppEvent) throws {
        #expect(try AppEvent(json: Array(body.utf8)) == event)
        // The canonical form history shows decodes to the same event.
        #expect(try AppEvent(json: event.canonicalJSON) == event)
    }

    @Test(
        "malformed bodies name what is wrong",
        arguments: [
            ("[]", "the body must be a JSON object"),
            (#"{}"#, "`type` is missing"),
            (#"{"type":3}"#, "`type` must be a string"),
            (#"{"type":"login"}"#, "`login` needs the string field `name`"),
            (#"{"type":"login","name":""}"#, "`name` must not be empty"),
            (#"{"type":"login","name":null}"#, "`name` must be a string, not null"),
            (#"{"type":"push","screen":["A"]}"#, "`screen` must be a string"),
            (#"{"type":"present","screen":"P","style":"popover"}"#, "`style` must be \"fullScreen\" or \"pageSheet\""),
            // The event fields must be strings whatever the type, even where the type does not use them.
            (#"{"type":"logout","name":5}"#, "`name` must be a string"),
            (#"{"type":"login","name":"x","screen":5}"#, "`screen` must be a string"),
            (#"{"type":"push","screen":"A","name":{}}"#, "`name` must be a string"),
            (#"{"type":"pop","style":false}"#, "`style` must be a string"),
            (#"{"type":"dismiss","step":[]}"#, "`step` must be a string"),
        ])
    func malformed(_ body: String, _ detail: String) {
        #expect(throws: EventDecodingError.malformed(detail)) { try AppEvent(json: Array(body.utf8)) }
    }

    @Test(
        "names, screens and steps hold at most 256 characters, counted as Unicode scalars, not bytes",
        arguments: [("name", "login"), ("screen", "push"), ("screen", "didDismiss"), ("step", "step")])
    func fieldLength(field: String, type: String) throws {
        func body(_ value: String) -> [UInt8] { Array(#"{"type":"\#(type)","\#(field)":"\#(value)"}"#.utf8) }
        let longest = [String(repeating: "k", count: 256), String(repeating: "김", count: 256), String(repeating: "🙂", count: 256)]
        for value in longest {
            let event = try AppEvent(json: body(value))
            #expect(event.canonicalJSON == body(value))
        }
        for value in [String(repeating: "k", count: 257), String(repeating: "김", count: 257), String(repeating: "a", count: 60_000)] {
            #expect(throws: EventDecodingError.malformed("`\(field)` must be at most 256 characters")) { try AppEvent(json: body(value)) }
        }
    }

    @Test("an unknown type lists the known ones")
    func unknown() {
        #expect(
            throws: EventDecodingError.unknownType(
                "unknown event type \"jump\"; known types: login, logout, push, pop, didPop, present, dismiss, didDismiss, step"
            )
        ) { try AppEvent(json: Array(#"{"type":"jump"}"#.utf8)) }
    }

    @Test(
        "type names match exactly, as init(rawValue:) matches them; any other name is a declared type's",
        arguments: EventType.builtIn.map(\.rawValue) + [
            "Push", "push ", "pus", "pushh", "", "didpop", "step\u{0}",
        ])
    func typeNames(name: String) {
        let type = EventType(rawValue: name)
        #expect(EventType(named: name) == (type.isBuiltIn ? type : nil))
        #expect(type.rawValue == name)
        #expect(type.isBuiltIn == EventType.builtIn.map(\.rawValue).contains(name))
    }
}
