import AppHosting
import HeadlessUI
import Testing

/// `EventBody(json:batchLimit:)`: one event, or a batch `{"events": [...]}` whose failing element is named by index.
@Suite("EventBody decoding: one event or a batch")
struct EventBodyTests {
    private static func decode(_ body: String, limit: Int = 100) throws(EventBodyError) -> EventBody {
        try EventBody(json: Array(body.utf8), batchLimit: limit)
    }

    /// The error `body` is refused with (or a test failure when it decodes).
    private static func refusal(_ body: String, limit: Int = 100, sourceLocation: SourceLocation = #_sourceLocation) -> EventBodyError? {
        do {
            let decoded = try decode(body, limit: limit)
            Issue.record("\(body) decoded as \(decoded)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a body with a `type` is one event",
        arguments: [
            (#"{"type":"push","screen":"A"}"#, AppEvent.push(screen: "A")),
            (#"{"type":"pop"}"#, .pop),
            (#" {"type":"login","name":"kim"} "#, .login(name: "kim")),
        ])
    func single(_ body: String, _ event: AppEvent) throws {
        let decoded = try Self.decode(body)
        #expect(decoded == .single(event))
        #expect(decoded.events == [event])
    }

    @Test("a batch decodes each element as `AppEvent(json:)` would, in order")
    func batch() throws {
        let elements = [
            #"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"A"}"#, #"{"type":"pop"}"#,
            #"{"type":"present","screen":"Profile","style":"fullScreen"}"#, #"{"type":"dismiss"}"#,
            #"{"type":"didPop","screen":"B"}"#, #"{"type":"didDismiss","screen":"Profile"}"#,
            #"{"type":"step","step":"mainIsRequired"}"#, #"{"type":"logout"}"#,
        ]
        let expected = try elements.map { try AppEvent(json: Array($0.utf8)) }
        let decoded = try Self.decode(#"{"events":["# + elements.joined(separator: ",") + "]}")
        #expect(decoded == .batch(expected))
        #expect(decoded.events == expected)
        // One element is still a batch (not the single event it holds).
        #expect(try Self.decode(#"{"events":[{"type":"pop"}]}"#) == .batch([.pop]))
    }

    @Test("element boundaries are found wherever JSON allows: whitespace, nesting, strings holding brackets, quotes and commas")
    func elementBoundaries() throws {
        let cases: [(String, [AppEvent])] = [
            (" {\n\t\"events\" : [ {\"type\":\"pop\"} ,\r\n{ \"type\" : \"dismiss\" } ] \n} ", [.pop, .dismiss]),
            // Another field first, holding what looks like an `events` array and nested containers.
            (#"{"note":"\"events\":[1]","x":{"events":[5]},"y":[[],[{}]],"events":[{"type":"pop"}]}"#, [.pop]),
            // `events` first, fields after it.
            (#"{"events":[{"type":"pop"}],"z":[1,2,{"a":"]"}]}"#, [.pop]),
            // Elements with nested extra fields, and strings holding `]`, `,`, `}` and escaped quotes.
            (
                #"{"events":[{"type":"logout","extra":[1,{"a":[]}]},{"type":"login","name":"a],\"b},"}]}"#,
                [.logout, .login(name: #"a],"b},"#)]
            ),
            // The field's name spelled with an escape is the same name.
            (#"{"\u0065vents":[{"type":"push","screen":"C"}]}"#, [.push(screen: "C")]),
            // Unicode in an element's string.
            (#"{"events":[{"type":"login","name":"K\u00e9 ✓"}]}"#, [.login(name: "Ké ✓")]),
        ]
        for (body, events) in cases {
            #expect(try Self.decode(body) == .batch(events), "\(body)")
        }
    }

    @Test("a refused element is named by its index, with the error `AppEvent(json:)` gives it alone")
    func elementErrors() throws {
        let cases: [(elements: [String], index: Int)] = [
            (["5"], 0),
            ([#"{"type":"pop"}"#, #""pop""#], 1),
            ([#"{"type":"pop"}"#, "null"], 1),
            ([#"{"type":"pop"}"#, #"[{"type":"pop"}]"#], 1),
            ([#"{"type":"push"}"#, #"{"type":"pop"}"#], 0),
            ([#"{"type":"pop"}"#, #"{"type":"pop"}"#, #"{"type":"warp"}"#], 2),
            ([#"{"type":"pop"}"#, #"{}"#], 1),
            ([#"{"type":"pop"}"#, #"{"type":"login","name":""}"#], 1),
            ([#"{"type":"pop"}"#, #"{"type":"logout","name":5}"#], 1),
            ([#"{"type":"pop"}"#, #"{"type":"present","screen":"P","style":"popover"}"#], 1),
            // The body's reader checks no repeated name inside a nested object: the element's own read does.
            ([#"{"type":"pop"}"#, #"{"type":"pop","type":"push"}"#], 1),
            // The first refusal wins.
            ([#"{"type":"pop"}"#, #"{"type":"warp"}"#, "7"], 1),
        ]
        for (elements, index) in cases {
            let body = #"{"events":["# + elements.joined(separator: ",") + "]}"
            var alone: EventDecodingError?
            do {
                _ = try AppEvent(json: Array(elements[index].utf8))
            } catch {
                alone = error
            }
            let refused = Self.refusal(body)
            #expect(refused?.index == index, "\(body)")
            #expect(refused?.error == alone, "\(body)")
        }
        #expect(Self.refusal(#"{"events":[{"type":"pop"},{"type":"warp"}]}"#)?.error.isUnknownType == true)
        #expect(Self.refusal(#"{"events":[{"type":"pop"},5]}"#)?.error == .malformed("the body must be a JSON object"))
    }

    @Test(
        "`events` that is not an array of 1 to batchLimit events is refused as a whole (no index)",
        arguments: [
            (#"{"events":{"type":"pop"}}"#, "`events` must be an array of events"),
            (#"{"events":"pop"}"#, "`events` must be an array of events"),
            (#"{"events":1}"#, "`events` must be an array of events"),
            (#"{"events":true}"#, "`events` must be an array of events"),
            (#"{"events":null}"#, "`events` must be an array of events"),
            (#"{"events":[]}"#, "`events` must hold 1 to 100 events, not 0"),
            (#"{"events":[ ]}"#, "`events` must hold 1 to 100 events, not 0"),
        ])
    func wholeBodyErrors(_ body: String, _ detail: String) {
        let refused = Self.refusal(body)
        #expect(refused == EventBodyError(index: nil, .malformed(detail)))
    }

    @Test("the batch limit: batchLimit events decode, one more is refused before any element is read")
    func batchLimit() throws {
        func body(_ count: Int, last: String = #"{"type":"pop"}"#) -> String {
            #"{"events":["# + (Array(repeating: #"{"type":"pop"}"#, count: count - 1) + [last]).joined(separator: ",") + "]}"
        }
        #expect(try Self.decode(body(3), limit: 3) == .batch([.pop, .pop, .pop]))
        #expect(Self.refusal(body(4), limit: 3) == EventBodyError(index: nil, .malformed("`events` must hold 1 to 3 events, not 4")))
        // Over the limit, an invalid element is not what is reported: the count is checked first.
        #expect(
            Self.refusal(body(4, last: "5"), limit: 3) == EventBodyError(index: nil, .malformed("`events` must hold 1 to 3 events, not 4")))
        #expect(Self.refusal(body(3, last: "5"), limit: 3)?.index == 2)
        // The default limit of the service (100).
        #expect(try Self.decode(body(100)).events.count == 100)
        #expect(Self.refusal(body(101))?.error == .malformed("`events` must hold 1 to 100 events, not 101"))
        #expect(try Self.decode(body(1), limit: 1) == .batch([.pop]))
        #expect(Self.refusal(body(2), limit: 1)?.error == .malformed("`events` must hold 1 to 1 events, not 2"))
    }

    @Test("a body with both `type` and `events` is the one event its `type` names; `events` is ignored, however it looks")
    func typeWins() throws {
        #expect(try Self.decode(#"{"type":"push","screen":"B","events":[{"type":"pop"}]}"#) == .single(.push(screen: "B")))
        #expect(try Self.decode(#"{"events":[{"type":"pop"},{"type":"pop"}],"type":"dismiss"}"#) == .single(.dismiss))
        #expect(try Self.decode(#"{"type":"pop","events":[5]}"#) == .single(.pop))
        #expect(try Self.decode(#"{"type":"pop","events":"x"}"#) == .single(.pop))
        #expect(try Self.decode(#"{"type":"pop","events":[]}"#, limit: 1) == .single(.pop))
        // A `type` that is null still makes it one event, refused as that event (no index).
        #expect(
            Self.refusal(#"{"type":null,"events":[{"type":"pop"}]}"#)
                == EventBodyError(index: nil, .malformed("`type` must be a string, not null")))
        #expect(Self.refusal(#"{"type":"warp","events":[{"type":"pop"}]}"#)?.index == nil)
        #expect(Self.refusal(#"{"type":"warp","events":[{"type":"pop"}]}"#)?.error.isUnknownType == true)
    }

    @Test("a body that is not one JSON object is refused as a whole, as a single event's is")
    func notAnObject() {
        for body in [
            "", "  ", "[]", #"[{"type":"pop"}]"#, #"{"events":[{"type":"pop"}]"#, #"{"events":[{"type":"pop"},]}"#,
            #"{"events":[{"type":"pop"}]} x"#, #"{"events":[1],"events":[{"type":"pop"}]}"#, "{}", #"{"x":1}"#,
        ] {
            let refused = Self.refusal(body)
            var alone: EventDecodingError?
            do {
                _ = try AppEvent(json: Array(body.utf8))
            } catch {
                alone = error
            }
            #expect(refused?.index == nil, "\(body.debugDescription)")
            #expect(refused?.error == alone, "\(body.debugDescription): \(String(describing: refused)) vs \(String(describing: alone))")
            #expect(alone != nil)
        }
    }

    @Test("a creation's `events`: none when absent or null, else a batch with the same rules")
    func creationEvents() throws {
        func events(_ body: String, limit: Int = 100) throws(EventBodyError) -> [AppEvent] {
            let bytes = Array(body.utf8)
            let fields: JSONFields
            do {
                fields = try JSONFields(bytes)
            } catch {
                throw EventBodyError(index: nil, .malformed(error.description))
            }
            return try EventBody.creationEvents(json: bytes, fields: fields, batchLimit: limit)
        }
        #expect(try events(#"{"app":"login"}"#) == [])
        #expect(try events(#"{}"#) == [])
        #expect(try events(#"{"app":"login","events":null}"#) == [])
        #expect(
            try events(#"{"app":"login","events":[{"type":"login","name":"kim"},{"type":"push","screen":"A"}]}"#)
                == [.login(name: "kim"), .push(screen: "A")])
        // A `type` beside them changes nothing here: a creation's body is no event.
        #expect(try events(#"{"type":"pop","events":[{"type":"dismiss"}]}"#) == [.dismiss])
        for (body, expected) in [
            (#"{"app":"login","events":[]}"#, EventBodyError(index: nil, .malformed("`events` must hold 1 to 100 events, not 0"))),
            (#"{"app":"login","events":{}}"#, EventBodyError(index: nil, .malformed("`events` must be an array of events"))),
            (#"{"app":"login","events":"x"}"#, EventBodyError(index: nil, .malformed("`events` must be an array of events"))),
            (#"{"app":"login","events":[{"type":"pop"},3]}"#, EventBodyError(index: 1, .malformed("the body must be a JSON object"))),
        ] {
            #expect(throws: expected, "\(body)") { try events(body) }
        }
        #expect(throws: EventBodyError(index: nil, .malformed("`events` must hold 1 to 2 events, not 3"))) {
            try events(#"{"events":[{"type":"pop"},{"type":"pop"},{"type":"pop"}]}"#, limit: 2)
        }
    }

    @Test("deep nesting inside an element within the reader's limit decodes; past it the body is refused whole")
    func nesting() throws {
        func body(depth: Int) -> String {
            #"{"events":[{"type":"pop","x":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}]}"
        }
        // The element's field sits at depth 3 of the body (object, array, object).
        #expect(try Self.decode(body(depth: JSONFields.maxDepth - 2)) == .batch([.pop]))
        let refused = Self.refusal(body(depth: JSONFields.maxDepth))
        #expect(refused?.index == nil)
        #expect(refused.map { "\($0.error)".contains("nested deeper") } == true, "\(String(describing: refused))")
    }
}

extension EventDecodingError {
    fileprivate var isUnknownType: Bool {
        if case .unknownType = self { return true }
        return false
    }
}
