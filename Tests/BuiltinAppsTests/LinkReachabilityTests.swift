import AppHosting
import BuiltinApps
import Foundation
import Testing

/// Every built-in app's links, opened from every state a few events reach: each lands on its screen, and is
/// refused exactly in the states the app cannot get there from (none, for `navigation` and `flow`).
@Suite("links: from every state a few events reach")
struct LinkReachabilityTests {
    /// What a state shows, as a walk reads it: the screens of every layer, the front stack, and `accepts`.
    struct Shown: Sendable {
        let screens: Set<String>
        let stack: [String]
        let accepts: [String]

        /// A game whose announcement is not up yet: it takes marks or a draw.
        var gameGoingOn: Bool { accepts.contains("placeMark") || accepts.contains("determineWinner") }
    }

    /// A link's URL, the screen it must show on top, and when it must be refused instead.
    struct Target: Sendable {
        let url: String
        let top: String
        let refusedWhen: @Sendable (Shown) -> Bool

        init(_ url: String, _ top: String, refusedWhen: @escaping @Sendable (Shown) -> Bool = { _ in false }) {
            self.url = url
            self.top = top
            self.refusedWhen = refusedWhen
        }
    }

    /// Per app: the events its states are reached by, the most of them in a row, and its links' targets.
    static let apps: [String: (events: [String], depth: Int, targets: [Target])] = [
        "navigation": (
            ["A", "B", "C"].map { #"{"type":"push","screen":"\#($0)"}"# } + [#"{"type":"pop"}"#, #"{"type":"didPop","screen":"A"}"#], 4,
            [Target("app://navigation", "Navigation")] + ["A", "B", "C"].map { Target("app://navigation/\($0)", $0) }
        ),
        "flow": (
            [
                #"{"type":"step","step":"mainIsRequired"}"#, #"{"type":"step","step":"codingIsRequired"}"#, #"{"type":"pop"}"#,
                #"{"type":"didPop","screen":"Main"}"#,
            ], 4, [Target("intro", "AppInit"), Target("main", "Main"), Target("coding", "Coding")]
        ),
        "login": (
            [
                #"{"type":"login","name":"a"}"#, #"{"type":"logout"}"#, #"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#,
                #"{"type":"pop"}"#, #"{"type":"present","screen":"Profile"}"#, #"{"type":"dismiss"}"#,
            ], 4,
            [Target("app://login", "Login"), Target("app://welcome?name=b", "Home")]
                + [("home", "Home"), ("home/A", "A"), ("home/B", "B"), ("home/C", "C"), ("profile", "Profile")].map { url, top in
                    Target("app://" + url, top) { $0.screens.contains("Login") }
                }
        ),
        "todo": (
            [#"{"type":"login","name":"a"}"#, #"{"type":"logout"}"#], 3,
            [
                Target("loggedOut", "LoggedOut"), Target("todo?user=b", "Todo"),
                Target("todo", "Todo") { $0.screens.contains("LoggedOut") },
            ]
        ),
        "tictactoe": (
            [
                #"{"type":"loginPlayers"}"#, #"{"type":"startGame","gameId":"tictactoe"}"#, #"{"type":"startGame","gameId":"randomwin"}"#,
                #"{"type":"determineWinner"}"#, #"{"type":"closeGame"}"#, #"{"type":"logout"}"#, #"{"type":"placeMark","row":0,"col":0}"#,
            ], 5,
            [
                Target("launchGame?gameId=tictactoe", "TicTacToe") { $0.screens.contains("LoggedOut") },
                Target("launchGame?gameId=randomwin", "RandomWin") { $0.screens.contains("LoggedOut") },
                Target("offGame", "OffGame") { $0.screens.contains("LoggedOut") || $0.gameGoingOn },
                Target("loggedOut", "LoggedOut") { $0.gameGoingOn },
            ]
        ),
    ]

    @Test(
        "each link lands on its screen with nothing leaked, or is refused exactly where the app cannot get there",
        arguments: apps.keys.sorted())
    func links(appID: String) throws {
        let app = try #require(BuiltinApps.registry.apps.first { $0.id == appID })
        let (events, depth, targets) = try #require(Self.apps[appID])
        #expect(
            Set(targets.map { app.link(for: $0.url)?.declaration.pattern.description }) == Set(app.links.map(\.pattern.description)),
            "every link is tried")
        var seen: Set<String> = []
        var frontier: [[String]] = [[]]
        var opened = 0
        var refused = 0
        for _ in 0...depth {
            var next: [[String]] = []
            for path in frontier {
                let state = try Self.launch(app, path).state
                guard seen.insert(state).inserted else { continue }
                let shown = Self.shown(state)
                for target in targets {
                    let (fresh, _) = try Self.launch(app, path)
                    let (declaration, parameters) = try #require(app.link(for: target.url))
                    do throws(LinkRefusal) {
                        try declaration.open(parameters, fresh)
                        let rendered = Self.render(fresh)
                        let after = Self.shown(rendered)
                        #expect(!target.refusedWhen(shown), "\(appID) \(path): \(target.url) opened where it cannot")
                        #expect(after.stack.last == target.top, "\(appID) \(path): \(target.url) shows \(after.stack)")
                        #expect(rendered.contains(#""leaks":[]"#), "\(appID) \(path): \(target.url) leaked: \(rendered)")
                        opened += 1
                    } catch {
                        #expect(target.refusedWhen(shown), "\(appID) \(path): \(target.url) refused: \(error)")
                        refused += 1
                    }
                }
                for event in events {
                    let probe = try Self.launch(app, path).runtime
                    if (try? probe.apply(Self.event(event, app))) != nil { next.append(path + [event]) }
                }
            }
            frontier = next
        }
        #expect(seen.count > 1, "\(appID): only \(seen.count) states")
        #expect(opened > 0)
        // The apps that can refuse were seen refusing.
        #expect((refused > 0) == ["login", "todo", "tictactoe"].contains(appID), "\(appID): \(refused) refused")
    }

    static func event(_ body: String, _ app: AppDefinition) throws -> AppEvent {
        try AppEvent(json: Array(body.utf8), catalog: app.catalog)
    }

    /// A fresh runtime of `app` after `path`, and its state's bytes.
    static func launch(_ app: AppDefinition, _ path: [String]) throws -> (runtime: any AppRuntime, state: String) {
        let runtime = app.launch()
        for body in path { try runtime.apply(try event(body, app)) }
        return (runtime, render(runtime))
    }

    static func render(_ runtime: any AppRuntime) -> String {
        var json = JSONWriter()
        json.beginObject()
        runtime.writeState(to: &json)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    static func shown(_ state: String) -> Shown {
        let object = (try? JSONSerialization.jsonObject(with: Data(state.utf8))) as? NSDictionary ?? [:]
        let layers = (object["layers"] as? [NSDictionary]) ?? []
        return Shown(
            screens: Set(layers.flatMap { ($0["stack"] as? [String]) ?? [] }), stack: (object["stack"] as? [String]) ?? [],
            accepts: (object["accepts"] as? [String]) ?? [])
    }
}
