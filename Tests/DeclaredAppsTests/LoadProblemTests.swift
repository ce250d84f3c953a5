import AppHosting
import DeclaredApps
import Testing

/// What the loader refuses: every problem of every file at once, each with its file, the JSON pointer of the
/// value at fault and what is wrong; and nothing loaded when there is one.
@Suite("Loading refuses bad files with every problem, where it is")
struct LoadProblemTests {
    /// A small app that loads: Root presents Page as a sheet and dismisses it.
    static let valid = """
        {
          "id": "small", "root": "Root",
          "ribs": [
            {
              "name": "Root", "children": [{ "rib": "Page", "show": "present" }],
              "handles": [{ "event": "present", "do": "route", "childFrom": "screen" }, { "event": "dismiss", "do": "dismiss" }]
            },
            { "name": "Page" }
          ]
        }
        """

    /// The problems loading `files` reports, as `(file, pointer)` and message pairs; empty when it loads.
    static func problems(_ files: [(String, String)], takenIDs: Set<String> = []) -> [(where: String, message: String)] {
        do {
            _ = try DeclaredAppLoader.load(files: files.map { ($0.0, Array($0.1.utf8)) }, takenIDs: takenIDs)
            return []
        } catch {
            return error.problems.map { ("\($0.file)#\($0.pointer)", $0.message) }
        }
    }

    /// The problems of one file, `app.json`.
    static func problems(_ json: String) -> [(where: String, message: String)] {
        problems([("app.json", json)])
    }

    /// Checks that `found` are exactly the problems `expected` lists, in order: each pointer, and a phrase its
    /// message holds.
    static func expect(
        _ found: [(where: String, message: String)], _ expected: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(found.map(\.where) == expected.map(\.0), "\(found)", sourceLocation: sourceLocation)
        for (problem, (_, phrase)) in zip(found, expected) {
            #expect(problem.message.contains(phrase), "\(problem.message) lacks \(phrase)", sourceLocation: sourceLocation)
        }
    }

    @Test("a valid file loads, with its digest and path")
    func validLoads() throws {
        #expect(Self.problems(Self.valid).isEmpty)
        let apps = try DeclaredAppLoader.load(files: [("a/small.json", Array(Self.valid.utf8))])
        #expect(apps.map(\.definition.id) == ["small"])
        #expect(apps[0].path == "a/small.json")
        #expect(apps[0].digest.count == 64)
        let edited = try DeclaredAppLoader.load(files: [("a/small.json", Array((Self.valid + "\n").utf8))])
        #expect(edited[0].digest != apps[0].digest)
    }

    @Test("every example loads")
    func examplesLoad() throws {
        let files = ExampleApps.allFiles
        #expect(files.count == 5)
        let apps = try DeclaredAppLoader.load(files: files)
        #expect(apps.map(\.definition.id) == ["flow-json", "greeter", "login-json", "navigation-json", "todo-json"])
        #expect(Set(apps.map(\.digest)).count == apps.count)
    }

    @Test("a file that is not JSON says where")
    func notJSON() {
        Self.expect(Self.problems("{\n  \"id\": \"x\",\n  \"root\": }"), [("app.json#", "line 3, column 11")])
        Self.expect(Self.problems("[]"), [("app.json#", "must be an object, not an array")])
    }

    @Test("unknown members and wrong kinds of values")
    func membersAndKinds() {
        let json = Self.valid
            .replacing(#"{ "name": "Page" }"#, with: #"{ "name": "Page", "handlez": [], "view": "screeen", "detachOnClose": "yes" }"#)
        Self.expect(
            Self.problems(json),
            [
                ("app.json#/ribs/1/handlez", "unknown member `handlez`; known here: name, view"),
                ("app.json#/ribs/1/view", #"must be one of "screen", "container", "tabs", "none", not "screeen""#),
                ("app.json#/ribs/1/detachOnClose", "must be true or false, not a string"),
            ])
        Self.expect(Self.problems(#"{ "root": "Root", "ribs": [{ "name": "Root" }] }"#), [("app.json#", "`id` is missing")])
        Self.expect(
            Self.problems(#"{ "id": "x", "root": "Root", "rootFlow": "F", "ribs": [], "flows": [] }"#),
            [("app.json#", "a RIB tree (`root`, `ribs`) or flows (`rootFlow`, `flows`), not both")])
    }

    @Test("unknown names: RIBs, children, events, messages, stacks")
    func unknownNames() {
        let json = """
            {
              "id": "names", "root": "Root",
              "ribs": [
                {
                  "name": "Root", "stack": "Nowhere",
                  "children": [{ "rib": "Pgae", "show": "present" }, { "rib": "Page", "show": "present" }],
                  "onLoad": ["Page"],
                  "handles": [
                    { "event": "pusj", "do": "pop" },
                    { "event": "present", "do": "route", "childFrom": "screen", "among": ["Page", "Other"] }
                  ]
                },
                { "name": "Page", "handles": [{ "event": "logout", "do": "tell", "message": "loggedOut" }] }
              ]
            }
            """
        Self.expect(
            Self.problems(json),
            [
                ("app.json#/ribs/0/children/0/rib", "no RIB is named `Pgae`"),
                ("app.json#/ribs/0/stack", "`Nowhere` is neither `Root` nor one of its children"),
                ("app.json#/ribs/0/handles/0/event", "unknown event type `pusj`; known types: login, logout"),
                ("app.json#/ribs/0/handles/1/among/1", "`Other` is not a child of `Root`"),
                ("app.json#/ribs/1/handles/0/message", "`Root` does not listen for `loggedOut`"),
            ])
    }

    @Test("unreachable RIBs, and children nothing routes to")
    func unreachable() {
        let json = Self.valid
            .replacing(#"{ "name": "Page" }"#, with: #"{ "name": "Page" }, { "name": "Lost" }"#)
            .replacing(
                #"[{ "rib": "Page", "show": "present" }]"#,
                with: #"[{ "rib": "Page", "show": "present" }, { "rib": "Idle", "show": "attach" }]"#
            )
            .replacing(#"{ "name": "Lost" }"#, with: #"{ "name": "Lost" }, { "name": "Idle", "view": "none" }"#)
            .replacing(#""childFrom": "screen" }"#, with: #""childFrom": "screen", "among": ["Page"] }"#)
        Self.expect(
            Self.problems(json),
            [
                ("app.json#/ribs/2", "`Lost` is unreachable: it is not the root, nor a child"),
                ("app.json#/ribs/3", "`Idle` is unreachable: `Root` never routes to it"),
            ])
    }

    @Test("a child shown two ways, or shown in a way its parent cannot")
    func shownTwoWays() {
        let json = Self.valid
            .replacing(
                #"[{ "rib": "Page", "show": "present" }]"#,
                with: #"[{ "rib": "Page", "show": "present" }, { "rib": "Page", "show": "push" }]"#)
        Self.expect(Self.problems(json), [("app.json#/ribs/0/children/1/rib", "`Page` is a child already (/ribs/0/children/0)")])
        let pushed = Self.valid.replacing(#"{ "rib": "Page", "show": "present" }"#, with: #"{ "rib": "Page", "show": "push" }"#)
        Self.expect(
            Self.problems(pushed),
            [
                ("app.json#/ribs/0/children/0/show", "`Root` pushes `Page` but has no `stack`"),
                ("app.json#/ribs/0/handles/0", "`present` shows `Page`, which its parent does not present"),
                ("app.json#/ribs/0/handles/1/do", "`Root` presents no child to dismiss"),
            ])
    }

    @Test("an event nobody handles")
    func unhandledEvents() {
        let json = Self.valid
            .replacing(
                #""id": "small","#, with: #""id": "small", "events": ["present", "dismiss", "pop"], "declares": [{ "type": "wave" }],"#)
        Self.expect(
            Self.problems(json),
            [
                ("app.json#/declares", "nothing in the app handles the declared event type `wave`"),
                ("app.json#/events/2", "nothing in the app handles `pop`"),
            ])
        let unlisted = Self.valid.replacing(#""id": "small","#, with: #""id": "small", "events": ["present"],"#)
        Self.expect(Self.problems(unlisted), [("app.json#/events", "`dismiss` is handled but not listed")])
    }

    @Test("the fields state and actions read must come with every event that leads there")
    func fields() {
        let json = Self.valid
            .replacing(
                #"{ "name": "Page" }"#,
                with:
                    #"{ "name": "Page", "state": { "who": "name" }, "handles": [{ "event": "logout", "do": "set", "state": { "what": "name" } }] }"#
            )
        Self.expect(
            Self.problems(json),
            [
                ("app.json#/ribs/1/handles/0/state/what", "`Page` has no state key `what`"),
                ("app.json#/ribs/1/handles/0/state/what", "the event here does not always have the field `name` (it brings none)"),
                (
                    "app.json#/ribs/1/state/who",
                    "not every way to `Page` brings the field `name` (it brings `screen`): give the key an `initial` value"
                ),
            ])
    }

    @Test("app-defined event types follow EventDeclaration's rules")
    func declarations() {
        let json = Self.valid.replacing(
            #""id": "small","#,
            with: """
                "id": "small", "declares": [
                  { "type": "push" },
                  { "type": "2fast" },
                  { "type": "rate", "fields": [
                    { "name": "type", "type": "string" },
                    { "name": "stars", "type": "integer", "minimum": 5, "maximum": 1 },
                    { "name": "mood", "type": "enum" },
                    { "name": "name", "type": "boolean" },
                    { "name": "note", "type": "string", "values": ["a"] }
                  ] }
                ],
                """)
        Self.expect(
            Self.problems(json),
            [
                ("app.json#/declares/0/type", "`push` is a built-in event type"),
                ("app.json#/declares/1/type", "`2fast` is not a name of ASCII letters"),
                ("app.json#/declares/2/fields/0/name", "no field may be named `type`"),
                ("app.json#/declares/2/fields/1/maximum", "must not be less than `minimum`"),
                ("app.json#/declares/2/fields/2", "`values` is missing: an enum field needs at least one value"),
                ("app.json#/declares/2/fields/3/name", "`name` must take strings"),
                ("app.json#/declares/2/fields/4/values", "only an enum field has `values`"),
            ])
    }

    @Test("flows: names, steps, contributions, cycles")
    func flows() {
        let json = """
            {
              "id": "f", "rootFlow": "A", "initialStep": "go", "steps": ["start", "next", "idle"],
              "flows": [
                { "name": "A", "navigate": [
                  { "step": "start", "do": "push", "screen": "S" },
                  { "step": "next", "do": "flow", "flow": "B", "withStep": "start", "style": "pageSheet" },
                  { "step": "start", "do": "end", "forward": "next" }
                ] },
                { "name": "B", "root": "parent", "navigate": [{ "step": "start", "do": "flow", "flow": "A", "withStep": "start" }] },
                { "name": "C", "navigate": [{ "step": "start", "do": "flow", "flow": "D" }] }
              ]
            }
            """
        Self.expect(
            Self.problems(json),
            [
                ("app.json#/initialStep", "`go` is not among `steps`"),
                ("app.json#/flows/0/navigate/1/style", "`B` shares this flow's stack: it is not presented"),
                ("app.json#/flows/0/navigate/2/step", "`A` takes `start` twice"),
                ("app.json#/flows/0/navigate/2/do", "the root flow has no parent to end into"),
                ("app.json#/flows/1/navigate/0", "`A` has a stack of its own: present it (give `style`)"),
                ("app.json#/flows/2/navigate/0/flow", "no flow is named `D`"),
                ("app.json#/steps/2", "no flow takes the step `idle`"),
                ("app.json#/flows/0", "`A` contributes itself (through A → B)"),
                ("app.json#/flows/2", "`C` is unreachable"),
            ])
    }

    @Test("every problem of every file at once, and nothing loaded")
    func allAtOnce() {
        let bad = Self.valid.replacing(#""root": "Root""#, with: #""root": "Rot""#)
        let found = Self.problems([("one.json", Self.valid), ("two.json", "nope"), ("three.json", bad), ("four.json", Self.valid)])
        Self.expect(
            found,
            [
                ("two.json#", "not valid JSON"),
                ("three.json#/id", "the app id `small` is taken by one.json"),
                ("three.json#/root", "no RIB is named `Rot`"),
                ("four.json#/id", "the app id `small` is taken by one.json"),
            ])
        Self.expect(
            Self.problems([("one.json", Self.valid)], takenIDs: ["small"]),
            [("one.json#/id", "the app id `small` is taken by an app the server hosts already")])
        Self.expect(Self.problems(Self.valid.replacing(#""small""#, with: #""sm all""#)), [("app.json#/id", "`sm all` is not an app id")])
    }
}
