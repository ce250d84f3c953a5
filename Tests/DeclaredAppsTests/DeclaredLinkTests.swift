import AppHosting
import DeclaredApps
import Testing

/// Links an app file declares: listed as the Swift apps' are, opened as a `LinkWalk` of its steps (parameters
/// put into the events' strings, steps that depend on the screen shown), and checked at load.
@Suite("Links declared in an app file")
struct DeclaredLinkTests {
    /// Root presents Page as a sheet, which takes `rename {title, count?}`; Root greets by `greet {name}`.
    static func app(links: String) -> String {
        """
        {
          "id": "linked",
          "declares": [
            { "type": "greet", "fields": [{ "name": "name", "type": "string" }] },
            { "type": "rename", "fields": [{ "name": "title", "type": "enum", "values": ["short", "long"] },
                                           { "name": "count", "type": "integer", "optional": true }] }
          ],
          "root": "Root",
          "ribs": [
            {
              "name": "Root", "state": { "greeted": { "initial": "nobody" } }, "children": [{ "rib": "Page", "show": "present" }],
              "handles": [
                { "event": "greet", "do": "set", "state": { "greeted": "name" } },
                { "event": "present", "do": "route", "childFrom": "screen" },
                { "event": "dismiss", "do": "dismiss" }
              ]
            },
            { "name": "Page", "state": { "title": { "initial": "none" } }, "handles": [{ "event": "rename", "do": "set", "state": { "title": "title" } }] }
          ],
          "links": \(links)
        }
        """
    }

    /// `page?title=`: greets, then presents Page (unless it shows) and renames it; `hello/{name}` closes Page
    /// first if it shows; `closed` refuses while Page shows.
    static let links = """
        [
          { "pattern": "page?title={title}&by={name}", "description": "Page, renamed",
            "steps": [
              { "send": [{ "type": "greet", "name": "by {name}" }] },
              { "name": "show Page", "unlessShows": "Page", "send": [{ "type": "present", "screen": "Page" }] },
              { "name": "rename", "send": [{ "type": "rename", "title": "{title}", "count": 2 }] }
            ] },
          { "pattern": "hello/{name}",
            "steps": [
              { "name": "close Page", "ifShows": "Page", "send": [{ "type": "dismiss" }] },
              { "send": [{ "type": "greet", "name": "{name}" }] }
            ] },
          { "pattern": "closed", "steps": [{ "name": "nothing presented", "ifShows": "Page", "refuse": "Page is open: close it first" }] }
        ]
        """

    /// Opens `url` in `driver`'s runtime as a session would (without its rollback, which the session does).
    static func open(_ url: String, in driver: AppDriver) throws(LinkRefusal) {
        guard let (declaration, parameters) = driver.app.link(for: url) else {
            throw LinkRefusal(step: 0, name: "match", reason: "no link matches \(url)")
        }
        try declaration.open(parameters, driver.runtime)
    }

    /// The refusal opening `url` gives; nil when it opens.
    static func refusal(_ url: String, in driver: AppDriver) -> LinkRefusal? {
        do throws(LinkRefusal) {
            try open(url, in: driver)
            return nil
        } catch {
            return error
        }
    }

    @Test("the links are the definition's, in file order, with their descriptions")
    func listed() throws {
        let driver = try AppDriver(Self.app(links: Self.links))
        #expect(driver.app.links.map(\.pattern.description) == ["page?title={title}&by={name}", "hello/{name}", "closed"])
        #expect(driver.app.links.map(\.description) == ["Page, renamed", "", ""])
        #expect(driver.app.link(for: "app://hello/kim")?.parameters == ["name": "kim"])
        #expect(driver.app.link(for: "app://page?title=long") == nil, "a query parameter is required")
    }

    @Test("a walk sends its events with the URL's parameters put in, and skips steps whose screen condition fails")
    func walks() throws {
        let driver = try AppDriver(Self.app(links: Self.links))
        try Self.open("app://page?title=long&by=ann%20lee", in: driver)
        #expect(driver.stack == ["Page"])
        #expect(driver.nodes == ["Root{greeted=by ann lee}", "Page{title=long}"])
        // Page shows: the walk does not present it again, it renames it.
        try Self.open("app://page?by=bo&title=short", in: driver)
        #expect(driver.nodes == ["Root{greeted=by bo}", "Page{title=short}"])
        #expect(
            Self.refusal("app://closed", in: driver)
                == LinkRefusal(step: 1, name: "nothing presented", reason: "Page is open: close it first"))
        try Self.open("app://hello/kim", in: driver)
        #expect(driver.nodes == ["Root{greeted=kim}"])
        #expect(driver.stack == ["Root"])
        try Self.open("app://closed", in: driver)
        try Self.open("app://hello/kim", in: driver)
        #expect(driver.nodes == ["Root{greeted=kim}"])
    }

    @Test("a step refuses with its name and position: an event refused, or parameters that make no event")
    func refusals() throws {
        let driver = try AppDriver(Self.app(links: Self.links))
        // An enum field given a value it does not take: the third step's event does not decode.
        let refused = try #require(Self.refusal("app://page?title=medium&by=x", in: driver))
        #expect(refused.step == 3 && refused.name == "rename", "\(refused)")
        #expect(refused.reason.contains("`rename` is no event with these parameters"), "\(refused.reason)")
        // The default name: the step's event types.
        let tooLong = String(repeating: "n", count: AppEvent.maxFieldLength + 1)
        let long = try #require(Self.refusal("app://hello/\(tooLong)", in: try AppDriver(Self.app(links: Self.links))))
        #expect(long.step == 2 && long.name == "send greet" && long.reason.contains("at most"), "\(long)")
        // An event the app refuses: Page shows already, and Root presents nothing twice.
        let twice = try AppDriver(
            Self.app(links: #"[{ "pattern": "p", "steps": [{ "send": [{ "type": "present", "screen": "Page" }] }] }]"#))
        try Self.open("app://p", in: twice)
        let again = try #require(Self.refusal("app://p", in: twice))
        #expect(again.step == 1 && again.name == "send present" && again.reason.hasPrefix("`present` refused: "), "\(again)")
    }

    @Test("a flow app's step goes to every flow (navigate(to:))")
    func navigates() throws {
        let flows = """
            {
              "id": "flows", "rootFlow": "AppFlow", "initialStep": "intro", "steps": ["intro", "main"],
              "flows": [
                { "name": "AppFlow", "navigate": [
                  { "step": "intro", "do": "push", "screen": "Intro", "animated": false },
                  { "step": "main", "do": "flow", "flow": "MainFlow", "withStep": "main" } ] },
                { "name": "MainFlow", "root": "parent", "navigate": [{ "step": "main", "do": "push", "screen": "Main" }] }
              ],
              "links": [{ "pattern": "main", "steps": [{ "navigate": "main" }] }]
            }
            """
        let driver = try AppDriver(flows)
        #expect(driver.stack == ["Intro"])
        try Self.open("app://main", in: driver)
        #expect(driver.stack == ["Intro", "Main"])
    }

    @Test("loading refuses bad links, each problem where it is")
    func problems() {
        let links = """
            [
              { "pattern": "a/{x", "steps": [{ "refuse": "no" }] },
              { "pattern": "b/{x}", "steps": [
                { "send": [{ "type": "wave" }, { "type": "greet", "name": "{y}" }, { "type": "greet", "name": "{x" }] },
                { "send": [{ "type": "rename", "title": "short", "count": 1 }, { "type": "rename", "title": "{x}" }] },
                { "send": [{ "type": "present" }, { "type": "logout" }], "ifShows": "Nowhere" },
                { "navigate": "main" },
                { "refuse": "no", "send": [{ "type": "dismiss" }] },
                {}
              ] },
              { "pattern": "b/{other}", "steps": [{ "send": [{ "type": "greet", "name": "{other}", "extra": [] }] }] },
              { "pattern": "c?n={n}", "steps": [{ "send": [{ "type": "rename", "title": "long", "count": "{n}" }] }] },
              { "pattern": "d", "steps": [] }
            ]
            """
        LoadProblemTests.expect(
            LoadProblemTests.problems(Self.app(links: links)),
            [
                ("app.json#/links/1/steps/4", "a step has one of `send`, `navigate` or `refuse`: it has `send`, `refuse`"),
                ("app.json#/links/1/steps/5", "a step needs one of `send`, `navigate` or `refuse`"),
                ("app.json#/links/2/steps/0/send/0/extra", "an event's field is a string, a number, a boolean or null, not an array"),
                ("app.json#/links/4/steps", "a link takes at least one step"),
                ("app.json#/links/0/pattern", "`a/{x` is not a link pattern"),
                ("app.json#/links/1/steps/0/send/0/type", "unknown event type `wave`"),
                ("app.json#/links/1/steps/0/send/1/name", "`{y}` is no parameter of `b/{x}`; its parameters: x"),
                ("app.json#/links/1/steps/0/send/2/name", "a `{` opens no parameter"),
                ("app.json#/links/1/steps/2/ifShows", "no screen is named `Nowhere`; the app's screens: Root, Page"),
                ("app.json#/links/1/steps/2/send/0", "the event would be refused: `present` needs the string field `screen`"),
                ("app.json#/links/1/steps/2/send/1/type", "nothing in the app handles `logout`"),
                ("app.json#/links/1/steps/3/navigate", "`navigate` sends a step to an app's flows, and this app is a RIB tree"),
                ("app.json#/links/2/pattern", "`b/{other}` matches the same URLs as `b/{x}` (/links/1/pattern): it would never be opened"),
                ("app.json#/links/3/steps/0/send/0/count", "a parameter fills only a string field, and `count` is not one"),
            ])
    }

    @Test("the greeter example's link: back to Hello when Details shows, then greet")
    func greeterExample() throws {
        let driver = try AppDriver(String(decoding: ExampleApps.file("greeter.json").bytes, as: UTF8.self))
        #expect(driver.app.links.map(\.pattern.description) == ["greet/{name}"])
        try driver.send(#"{"type":"push","screen":"Details"}"#)
        try Self.open("app://greet/kim", in: driver)
        #expect(driver.stack == ["Hello"])
        #expect(driver.nodes.contains("Hello{greeted=kim}"), "\(driver.nodes)")
        try Self.open("app://greet/lee", in: driver)
        #expect(driver.nodes.contains("Hello{greeted=lee}"), "\(driver.nodes)")
    }
}
