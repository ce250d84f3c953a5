import AppHosting
import BuiltinApps
import DeclaredApps
import Foundation
import SessionService
import TestSupport
import Testing

/// The proof of the format: each built-in app written as JSON (Examples/apps) gives the same state documents
/// as its Swift twin, byte for byte but for the app id, and the same refusals, over every event in every state
/// a few events reach, and over long random walks.
@Suite("JSON twins of the built-in apps behave as the Swift apps")
struct TwinEquivalenceTests {
    /// One state a twin pair reached, and the events that led there.
    struct Reached {
        let path: [AppEvent]
        let state: String
    }

    /// The state without its version, which only counts the events that changed it.
    static func key(_ state: String) -> String {
        state.replacing(#/"version":\d+/#, with: "")
    }

    /// Replays `path` on a fresh pair, checking each step; the pair, or nil when they parted.
    static func replay(_ path: [AppEvent], _ swift: AppDefinition, _ twin: AppDefinition, rebuilds: Bool = false) -> TwinSessions? {
        let pair = TwinSessions(swift, twin, rebuildsAfterEveryRefusal: rebuilds)
        for event in path {
            let (expected, actual) = pair.apply(event)
            guard expected == actual, pair.statesMatch else { return nil }
        }
        return pair
    }

    @Test("the app lists the same events and screens", arguments: ExampleApps.builtIn)
    func sameListing(app: AppDefinition) throws {
        let twin = try ExampleApps.twin(of: app).definition
        #expect(twin.id == app.id + "-json")
        #expect(twin.events == app.events)
        #expect(twin.screens == app.screens)
        #expect(twin.declarations == app.declarations)
    }

    @Test("launch gives the same state", arguments: [BuiltinApps.navigation, BuiltinApps.login, BuiltinApps.todo])
    func sameLaunch(app: AppDefinition) throws {
        let pair = TwinSessions(app, try ExampleApps.twin(of: app).definition)
        #expect(pair.declaredState == pair.swiftState)
    }

    /// One type serves every declared flow; each shows under the name its file gives it (`Flow.name`), so the
    /// flow twin's tree names its flows as the Swift app's types do.
    @Test("the flow twin names its flows as the file does")
    func flowNames() throws {
        let pair = TwinSessions(BuiltinApps.flow, try ExampleApps.twin(of: BuiltinApps.flow).definition)
        #expect(pair.declaredState == pair.swiftState)
    }

    /// Five events reach every state of each app (BuiltinAppsTests' accepts test counts them; with two users'
    /// names here, the logged-in states count twice). Every candidate event is sent in each, to both twins, and
    /// the outcomes and states compared. One pair in seven replays its history after every refusal, as a session
    /// does after a refused half-done move: the declared app must replay to the very state it showed.
    @Test(
        "every event in every state reached in five events",
        arguments: [(BuiltinApps.navigation, 16), (BuiltinApps.login, 97), (BuiltinApps.todo, 3), (BuiltinApps.flow, 3)])
    func everyEventInEveryState(app: AppDefinition, states expected: Int) throws {
        let twin = try ExampleApps.twin(of: app).definition
        var found = [Reached(path: [], state: Self.key(TwinSessions(app, twin).swiftState))]
        var frontier = found
        var checked = 0
        for depth in 0..<5 {
            var next: [Reached] = []
            for reached in frontier {
                for event in Candidates.events {
                    let rebuilds = (checked + depth).isMultiple(of: 7)
                    guard let pair = Self.replay(reached.path, app, twin, rebuilds: rebuilds) else {
                        Issue.record("\(app.id): the twins parted on the way to \(reached.path)")
                        return
                    }
                    let (expected, actual) = pair.apply(event)
                    checked += 1
                    #expect(actual == expected, "\(app.id) after \(reached.path), \(event)")
                    #expect(pair.statesMatch, "\(app.id) after \(reached.path), \(event)")
                    guard actual == expected, pair.statesMatch else {
                        Issue.record("the swift state: \(pair.swiftState)\nthe declared state: \(pair.declaredState)")
                        return
                    }
                    let state = Self.key(pair.swiftState)
                    guard !found.contains(where: { $0.state == state }) else { continue }
                    let new = Reached(path: reached.path + [event], state: state)
                    found.append(new)
                    next.append(new)
                }
            }
            frontier = next
        }
        #expect(found.count == expected, "\(app.id) reached \(found.count) states")
    }

    /// 10,000 events a walk, half of them of a type the app accepts now (so the walk goes deep), half any event.
    @Test("random walks of 10,000 events", arguments: ExampleApps.builtIn)
    func randomWalk(app: AppDefinition) throws {
        let twin = try ExampleApps.twin(of: app).definition
        var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(app.id.utf8.count))
        var pair = TwinSessions(app, twin)
        var refusals = 0
        for step in 0..<10_000 {
            // A fresh session now and then: a history of thousands of events makes every replay long.
            if step.isMultiple(of: 2_000) { pair = TwinSessions(app, twin) }
            let accepted = Set(pair.swift.runtime.acceptedEvents)
            let likely = Candidates.events.filter { accepted.contains($0.type) }
            let pool = random.next() % 2 == 0 && !likely.isEmpty ? likely : Candidates.events
            let event = pool[Int(random.next() % UInt64(pool.count))]
            let (expected, actual) = pair.apply(event)
            if case .refused = expected { refusals += 1 }
            #expect(actual == expected, "\(app.id), step \(step): \(event)")
            #expect(pair.statesMatch, "\(app.id), step \(step): \(event)")
            guard actual == expected, pair.statesMatch else {
                Issue.record("the swift state: \(pair.swiftState)\nthe declared state: \(pair.declaredState)")
                return
            }
        }
        // A walk of refusals only, or of no refusals, would prove half of it.
        #expect((1_000..<9_000).contains(refusals), "\(app.id): \(refusals) refusals")
    }
}
