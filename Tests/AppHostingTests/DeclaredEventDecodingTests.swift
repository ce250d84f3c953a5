import AppHosting
import Testing

/// Event types an app declares (`EventDeclaration`): decoded against the session's catalog, each field by its kind.
@Suite("Declared events: decoding against the app's catalog")
struct DeclaredEventDecodingTests {
    static let catalog = EventCatalog(
        declarations: [
            EventDeclaration("placeMark", description: "Mark a square", fields: [.integer("row", in: 0...2), .integer("col", in: 0...2)]),
            EventDeclaration("setPlayers", fields: [.string("player1"), .string("player2")]),
            EventDeclaration(
                "configure",
                fields: [
                    .boolean("sound"), .oneOf("mark", ["x", "o"]), .screen("start"), .string("note", optional: true),
                    .integer("seed", optional: true), .oneOf("style", ["dark", "light"], optional: true),
                ]),
            EventDeclaration("reset"),
        ],
        screens: ["Board", "Score"])

    static func decode(_ body: String, catalog: EventCatalog = catalog) throws(EventDecodingError) -> AppEvent {
        try AppEvent(json: Array(body.utf8), catalog: catalog)
    }

    @Test(
        "each field kind decodes to its typed value, in the declaration's order; the canonical form decodes to the same event",
        arguments: [
            (
                #"{"type":"placeMark","row":1,"col":2}"#,
                DeclaredEvent(type: "placeMark", values: [("row", .integer(1)), ("col", .integer(2))]),
                #"{"type":"placeMark","row":1,"col":2}"#
            ),
            (
                #"{"col":0,"extra":[1,{"a":2}],"row":-0,"type":"placeMark"}"#,
                DeclaredEvent(type: "placeMark", values: [("row", .integer(0)), ("col", .integer(0))]),
                #"{"type":"placeMark","row":0,"col":0}"#
            ),
            (
                #"{"type":"setPlayers","player1":"Ann \"A\"","player2":"김"}"#,
                DeclaredEvent(type: "setPlayers", values: [("player1", .string("Ann \"A\"")), ("player2", .string("김"))]),
                #"{"type":"setPlayers","player1":"Ann \"A\"","player2":"김"}"#
            ),
            (
                #"{"type":"configure","sound":false,"mark":"o","start":"Score","note":"hi","seed":-42,"style":"dark"}"#,
                DeclaredEvent(
                    type: "configure",
                    values: [
                        ("sound", .boolean(false)), ("mark", .string("o")), ("start", .string("Score")), ("note", .string("hi")),
                        ("seed", .integer(-42)), ("style", .string("dark")),
                    ]),
                #"{"type":"configure","sound":false,"mark":"o","start":"Score","note":"hi","seed":-42,"style":"dark"}"#
            ),
            // Optional fields left out, or null (which counts as left out).
            (
                #"{"type":"configure","sound":true,"mark":"x","start":"Board","note":null,"style":null}"#,
                DeclaredEvent(type: "configure", values: [("sound", .boolean(true)), ("mark", .string("x")), ("start", .string("Board"))]),
                #"{"type":"configure","sound":true,"mark":"x","start":"Board"}"#
            ),
            (#"{"type":"reset","row":"any","name":null}"#, DeclaredEvent(type: "reset"), #"{"type":"reset"}"#),
        ])
    func decodes(_ body: String, _ expected: DeclaredEvent, _ canonical: String) throws {
        let event = try Self.decode(body)
        #expect(event == .declared(expected))
        #expect(event.type == .declared(expected.type))
        #expect(String(decoding: event.canonicalJSON, as: UTF8.self) == canonical)
        #expect(try AppEvent(json: event.canonicalJSON, catalog: Self.catalog) == event)
    }

    @Test(
        "a refusal names the field and what it must be",
        arguments: [
            (#"{"type":"placeMark","row":1}"#, "`placeMark` needs the integer field `col`"),
            (#"{"type":"placeMark","col":1}"#, "`placeMark` needs the integer field `row`"),
            (#"{"type":"placeMark","row":null,"col":1}"#, "`row` must be an integer, not null"),
            (#"{"type":"placeMark","row":"1","col":1}"#, "`row` must be an integer"),
            (#"{"type":"placeMark","row":1.0,"col":1}"#, "`row` must be an integer"),
            (#"{"type":"placeMark","row":1e0,"col":1}"#, "`row` must be an integer"),
            (#"{"type":"placeMark","row":true,"col":1}"#, "`row` must be an integer"),
            (#"{"type":"placeMark","row":[1],"col":1}"#, "`row` must be an integer"),
            (#"{"type":"placeMark","row":3,"col":1}"#, "`row` must be an integer from 0 to 2"),
            (#"{"type":"placeMark","row":0,"col":-1}"#, "`col` must be an integer from 0 to 2"),
            (#"{"type":"placeMark","row":0,"col":99999999999999999999}"#, "`col` must be an integer from 0 to 2"),
            (#"{"type":"setPlayers","player1":"a"}"#, "`setPlayers` needs the string field `player2`"),
            (#"{"type":"setPlayers","player1":"","player2":"b"}"#, "`player1` must not be empty"),
            (#"{"type":"setPlayers","player1":5,"player2":"b"}"#, "`player1` must be a string"),
            (#"{"type":"setPlayers","player1":"a","player2":null}"#, "`player2` must be a string, not null"),
            (#"{"type":"configure","mark":"x","start":"Board"}"#, "`configure` needs the boolean field `sound`"),
            (#"{"type":"configure","sound":"yes","mark":"x","start":"Board"}"#, "`sound` must be a boolean"),
            (#"{"type":"configure","sound":1,"mark":"x","start":"Board"}"#, "`sound` must be a boolean"),
            (#"{"type":"configure","sound":true,"start":"Board"}"#, "`configure` needs the enum field `mark`"),
            (#"{"type":"configure","sound":true,"mark":"X","start":"Board"}"#, "`mark` must be \"x\" or \"o\""),
            (#"{"type":"configure","sound":true,"mark":1,"start":"Board"}"#, "`mark` must be \"x\" or \"o\""),
            (#"{"type":"configure","sound":true,"mark":"x"}"#, "`configure` needs the screen field `start`"),
            (
                #"{"type":"configure","sound":true,"mark":"x","start":"Home"}"#,
                "`start` must be one of the app's screens: \"Board\" or \"Score\""
            ),
            (#"{"type":"configure","sound":true,"mark":"x","start":""}"#, "`start` must not be empty"),
            (#"{"type":"configure","sound":true,"mark":"x","start":"Board","seed":0.5}"#, "`seed` must be an integer"),
            (#"{"type":"configure","sound":true,"mark":"x","start":"Board","style":"blue"}"#, "`style` must be \"dark\" or \"light\""),
            // The built-in fields are strings in every event, an app's own included.
            (#"{"type":"reset","screen":5}"#, "`screen` must be a string"),
            (#"{"type":"placeMark","row":0,"col":0,"step":false}"#, "`step` must be a string"),
        ])
    func malformed(_ body: String, _ detail: String) {
        #expect(throws: EventDecodingError.malformed(detail)) { try Self.decode(body) }
    }

    @Test("a string holds at most 256 characters, and a full-range integer any 64-bit one")
    func limits() throws {
        let longest = String(repeating: "🙂", count: 256)
        let event = try Self.decode(#"{"type":"setPlayers","player1":"\#(longest)","player2":"b"}"#)
        #expect(try event.declared("setPlayers")?.string("player1") == longest)
        #expect(throws: EventDecodingError.malformed("`player1` must be at most 256 characters")) {
            try Self.decode(#"{"type":"setPlayers","player1":"\#(longest)k","player2":"b"}"#)
        }
        let wide = EventCatalog(declarations: [EventDeclaration("count", fields: [.integer("n")])])
        for n in [Int.min, -1, 0, Int.max] {
            #expect(try Self.decode(#"{"type":"count","n":\#(n)}"#, catalog: wide).declared("count")?.int("n") == n)
        }
        for n in ["9223372036854775808", "-9223372036854775809"] {
            #expect(throws: EventDecodingError.malformed("`n` must be an integer from \(Int.min) to \(Int.max)")) {
                try Self.decode(#"{"type":"count","n":\#(n)}"#, catalog: wide)
            }
        }
    }

    @Test("an unknown type lists the built-in types, then the app's; another app's types are unknown")
    func unknown() throws {
        #expect(
            throws: EventDecodingError.unknownType(
                "unknown event type \"jump\"; known types: login, logout, push, pop, didPop, present, dismiss, didDismiss, step, "
                    + "placeMark, setPlayers, configure, reset")
        ) { try Self.decode(#"{"type":"jump"}"#) }
        #expect(
            throws: EventDecodingError.unknownType(
                "unknown event type \"reset\"; known types: login, logout, push, pop, didPop, present, dismiss, didDismiss, step")
        ) { try Self.decode(#"{"type":"reset"}"#, catalog: .builtIn) }
        // Types and fields match byte for byte: the Kelvin sign is not a `K`, though Swift's `==` says it is.
        let kelvin = EventCatalog(declarations: [EventDeclaration("K", fields: [.string("K")])])
        #expect(throws: EventDecodingError.self) { try Self.decode(#"{"type":"\u212A","K":"x"}"#, catalog: kelvin) }
        #expect(throws: EventDecodingError.malformed("`K` needs the string field `K`")) {
            try Self.decode(#"{"type":"K","\u212A":"x"}"#, catalog: kelvin)
        }
        // The built-in types keep their meaning in an app that declares types of its own.
        #expect(try Self.decode(#"{"type":"push","screen":"A"}"#) == .push(screen: "A"))
    }

    @Test("batches and creations decode an app's types too, and name the index of the one refused")
    func batches() throws {
        let body = #"{"events":[{"type":"reset"},{"type":"placeMark","row":2,"col":0},{"type":"pop"}]}"#
        let decoded = try EventBody(json: Array(body.utf8), batchLimit: 10, catalog: Self.catalog)
        #expect(
            decoded
                == .batch([
                    .declared(DeclaredEvent(type: "reset")),
                    .declared(DeclaredEvent(type: "placeMark", values: [("row", .integer(2)), ("col", .integer(0))])), .pop,
                ]))
        let refused = #"{"events":[{"type":"reset"},{"type":"placeMark","row":2}]}"#
        #expect(throws: EventBodyError(index: 1, .malformed("`placeMark` needs the integer field `col`"))) {
            try EventBody(json: Array(refused.utf8), batchLimit: 10, catalog: Self.catalog)
        }
        #expect(
            throws: EventBodyError(
                index: 0,
                .unknownType(
                    "unknown event type \"reset\"; known types: login, logout, push, pop, didPop, present, dismiss, didDismiss, step"))
        ) {
            try EventBody(json: Array(body.utf8), batchLimit: 10)
        }
        let creation = Array(#"{"app":"board","events":[{"type":"setPlayers","player1":"a","player2":"b"}]}"#.utf8)
        let events = try EventBody.creationEvents(json: creation, fields: try JSONFields(creation), batchLimit: 10, catalog: Self.catalog)
        #expect(events == [.declared(DeclaredEvent(type: "setPlayers", values: [("player1", .string("a")), ("player2", .string("b"))]))])
    }

    @Test("handlers read fields through typed accessors; asking for a field the event lacks is the app's bug")
    func accessors() throws {
        let event = try Self.decode(#"{"type":"configure","sound":true,"mark":"x","start":"Board","seed":7}"#)
        let configure = try #require(event.declared("configure"))
        #expect(event.declared("reset") == nil)
        #expect(AppEvent.pop.declared("configure") == nil)
        #expect(try configure.bool("sound") == true)
        #expect(try configure.string("mark") == "x")
        #expect(try configure.string("start") == "Board")
        #expect(try configure.int("seed") == 7)
        #expect(configure["note"] == nil)
        #expect(configure["seed"]?.int == 7 && configure["seed"]?.string == nil && configure["sound"]?.bool == true)
        #expect(throws: EventError.internalFailure("`configure` has no string field `note`")) { try configure.string("note") }
        #expect(throws: EventError.internalFailure("`configure` has no integer field `sound`")) { try configure.int("sound") }
        #expect(throws: EventError.internalFailure("`configure` has no boolean field `mark`")) { try configure.bool("mark") }
    }

    @Test("an app's definition lists its declared types among its events, once, after the built-in ones")
    func definition() {
        let declarations = [EventDeclaration("placeMark"), EventDeclaration("reset")]
        let app = AppDefinition(id: "board", description: "", events: [.logout, .declared("reset")], declaring: declarations) {
            fatalError("not launched")
        }
        #expect(app.events == [.logout, .declared("reset"), .declared("placeMark")])
        #expect(app.declarations == declarations)
        #expect(app.catalog.declaration(of: "placeMark") == declarations[0])
        #expect(EventType(rawValue: "placeMark") == .declared("placeMark"))
        #expect(EventType(rawValue: "push") == .push)
    }

    @Test("a declaration that could not be sent or documented stops the program where the app is defined")
    func refusedDeclarations() async {
        await #expect(processExitsWith: .failure) { _ = EventDeclaration("login") }
        await #expect(processExitsWith: .failure) { _ = EventDeclaration("place mark") }
        await #expect(processExitsWith: .failure) { _ = EventDeclaration("1st") }
        await #expect(processExitsWith: .failure) { _ = EventDeclaration("move", fields: [.string("type")]) }
        await #expect(processExitsWith: .failure) { _ = EventDeclaration("move", fields: [.string("to"), .integer("to")]) }
        await #expect(processExitsWith: .failure) { _ = EventDeclaration("move", fields: [.integer("screen")]) }
        await #expect(processExitsWith: .failure) { _ = EventField.oneOf("mark", []) }
        await #expect(processExitsWith: .failure) { _ = EventCatalog(declarations: [EventDeclaration("a"), EventDeclaration("a")]) }
        await #expect(processExitsWith: .failure) {
            _ = AppDefinition(id: "x", description: "", events: [.declared("ghost")]) { fatalError("not launched") }
        }
        // What they guard against is allowed otherwise: built-in field names taking strings.
        await #expect(processExitsWith: .success) {
            _ = EventDeclaration("move", fields: [.screen("screen"), .oneOf("style", ["a"]), .string("name"), .string("step")])
        }
    }
}
