import AppHosting
import BuiltinApps
import Foundation
import Testing

/// `accepts` is what a remote UI enables: a type is listed exactly when some event of that type would change
/// the state now. Every state an app can reach is checked against every event a client could send there.
@Suite("accepts lists exactly the event types that would change something")
struct AcceptsMatchesOutcomesTests {
    /// Every screen name the apps know, and one they do not.
    static let names = [
        "Root", "Login", "Home", "A", "B", "C", "Profile", "Navigation", "LoggedOut", "Todo",
        "AppInit", "Main", "Coding", "Nowhere",
    ]

    /// Everything a client could send, as request bodies.
    static let candidates: [String] = {
        var bodies = [
            #"{"type":"login","name":"kim"}"#, #"{"type":"logout"}"#, #"{"type":"pop"}"#,
            #"{"type":"dismiss"}"#,
        ]
        for name in names {
            bodies.append(#"{"type":"push","screen":"\#(name)"}"#)
            bodies.append(#"{"type":"didPop","screen":"\#(name)"}"#)
            bodies.append(#"{"type":"didDismiss","screen":"\#(name)"}"#)
            bodies.append(#"{"type":"present","screen":"\#(name)"}"#)
            bodies.append(#"{"type":"present","screen":"\#(name)","style":"fullScreen"}"#)
        }
        for step in ["introIsRequired", "mainIsRequired", "codingIsRequired"] {
            bodies.append(#"{"type":"step","step":"\#(step)"}"#)
        }
        return bodies
    }()

    /// One state an app reached: the events that led there and what it showed.
    struct Reached {
        let path: [String]
        let state: NSDictionary
    }

    /// The state after `path` on a fresh launch, or nil when an event of it fails.
    static func state(of app: AppDefinition, after path: [String]) -> NSDictionary? {
        let driver = AppDriver(app)
        for body in path {
            do { try driver.send(body) } catch { return nil }
        }
        return driver.state
    }

    /// Every state reachable in at most `depth` events, each with the first path found to it.
    static func reachable(in app: AppDefinition, depth: Int) -> [Reached] {
        var found = [Reached(path: [], state: state(of: app, after: [])!)]
        var frontier = found
        for _ in 0..<depth {
            var next: [Reached] = []
            for reached in frontier {
                for body in candidates {
                    let path = reached.path + [body]
                    guard let after = state(of: app, after: path),
                        !found.contains(where: { $0.state == after })
                    else { continue }
                    let new = Reached(path: path, state: after)
                    found.append(new)
                    next.append(new)
                }
            }
            frontier = next
        }
        return found
    }

    static func type(of body: String) -> String {
        let object = try! JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: String]
        return object["type"]!
    }

    /// Five events reach every state of each app: navigation's 16 stacks (A, B, C pushed in any order), login's
    /// Login plus those 16 under nothing, a sheet or a full-screen Profile, todo's two, flow's three.
    @Test(
        "in every state the app can reach",
        arguments: [
            (BuiltinApps.navigation, 16), (BuiltinApps.login, 49), (BuiltinApps.todo, 2), (BuiltinApps.flow, 3),
        ])
    func acceptsMatchesOutcomes(app: AppDefinition, states expected: Int) {
        let states = Self.reachable(in: app, depth: 5)
        #expect(states.count == expected, "\(app.id) reached \(states.count) states")
        for reached in states {
            var changing: Set<String> = []
            var changingSteps: Set<String> = []
            for body in Self.candidates {
                guard let after = Self.state(of: app, after: reached.path + [body]), after != reached.state else { continue }
                changing.insert(Self.type(of: body))
                if let step = (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])?["step"] {
                    changingSteps.insert(step)
                }
            }
            let accepts = Set((reached.state["accepts"] as? [String]) ?? [])
            #expect(accepts == changing, "\(app.id) after \(reached.path): accepts \(accepts.sorted()), changed by \(changing.sorted())")
            if let steps = reached.state["steps"] as? [String] {
                #expect(Set(steps) == changingSteps, "\(app.id) after \(reached.path): steps \(steps)")
            }
        }
    }
}
