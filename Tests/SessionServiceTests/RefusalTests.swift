import AppHosting
import BuiltinApps
import HeadlessUI
import Locking
import TestSupport
import Testing

@testable import SessionService

/// A refused move is answered from the state it left alone; only one that changed something replays the history.
@Suite("refusals: answered without a replay unless they changed something, and the same as with one")
struct RefusalTests {
    /// How often an app was launched: once for the session, once more for every replay of its history.
    final class LaunchCount: Sendable {
        private let count = Lock(0)
        var value: Int { count.withLock { $0 } }

        func counting(_ app: AppDefinition) -> AppDefinition {
            AppDefinition(id: app.id, description: app.description, events: app.events) { [self] in
                count.withLock { $0 += 1 }
                return app.launch()
            }
        }
    }

    static func core(_ app: AppDefinition, id: String = "refusal-session") -> SessionCore {
        SessionCore(id: id, app: app, uptime: 0, idempotencyKeys: 16)
    }

    static func refusal(_ core: SessionCore, _ event: AppEvent) -> ServiceError? {
        do {
            try core.apply(event, now: 0)
            return nil
        } catch {
            return error
        }
    }

    @Test("a session 600 events long: popping its root five times is five 409s, no replay, the same bytes")
    func refusedPopOnLongSessionReplaysNothing() throws {
        let launches = LaunchCount()
        let core = Self.core(launches.counting(BuiltinApps.login))
        try core.apply(.login(name: "ann"), now: 0)
        for _ in 0..<300 {
            try core.apply(.push(screen: "A"), now: 0)
            try core.apply(.pop, now: 0)
        }
        let before = core.stateJSON
        #expect(core.version == 602)

        for _ in 0..<5 {
            let error = try #require(Self.refusal(core, .pop))
            #expect(error.status == 409 && error.code == "invalid_navigation")
            #expect(error.detail == "cannot pop Home: it is the root of its stack")
        }
        #expect(launches.value == 1, "a refusal that changed nothing must not replay the history")
        #expect(core.stateJSON == before)
        #expect(core.version == 602)

        // The session goes on from where it was.
        try core.apply(.push(screen: "B"), now: 0)
        #expect(core.version == 603)
        #expect(String(decoding: core.stateJSON, as: UTF8.self).contains(#""stack":["Home","B"],"top":"B""#))
    }

    @Test("a handler that attached a child before the refused move: replayed, and the state is as before")
    func refusalThatChangedTheTreeIsReplayed() throws {
        let launches = LaunchCount()
        let core = Self.core(launches.counting(LabApps.halfway()))
        try core.apply(.present(screen: "Sheet", style: nil), now: 0)
        let before = core.stateJSON

        let error = try #require(Self.refusal(core, .present(screen: "Other", style: nil)))
        #expect(error.code == "invalid_navigation")
        #expect(launches.value == 2, "the half-applied present must be undone by a replay")
        #expect(core.stateJSON == before)
        #expect(core.version == 2)

        // And it goes on like a session that was never refused (a leftover child would show in the tree).
        let reference = Self.core(LabApps.halfway())
        try reference.apply(.present(screen: "Sheet", style: nil), now: 0)
        for session in [core, reference] { try session.apply(.dismiss, now: 0) }
        #expect(core.stateJSON == reference.stateJSON)
    }

    @Test("a flow that refuses the step its own navigation forwarded: 409, and the push before it is undone")
    func refusalAfterAFlowNavigatedIsReplayed() throws {
        let launches = LaunchCount()
        let core = Self.core(launches.counting(LabFlowApp.forwardsARefusedStep()))
        let before = core.stateJSON
        #expect(String(decoding: before, as: UTF8.self).contains(#""stack":["Start"]"#))

        let error = try #require(Self.refusal(core, .step("next")))
        #expect(error.status == 409 && error.code == "event_not_handled")
        #expect(launches.value == 2, "the push that ran before the refusal must be undone by a replay")
        #expect(core.stateJSON == before)
        #expect(core.version == 1)
        #expect(core.history.isEmpty)
        // Nothing hidden is left behind either: Start is still the root of the stack, alone.
        #expect(Self.refusal(core, .pop)?.code == "invalid_navigation")
    }

    @Test("a handler that changed the screen, then declined a swipe: undone; a no-op if the screen was already gone, else 409")
    func noOpSwipeThatChangedSomethingIsReplayed() throws {
        let launches = LaunchCount()
        let core = Self.core(launches.counting(LabApps.hasty()))
        try core.apply(.present(screen: "Sheet", style: nil), now: 0)
        let before = core.stateJSON

        #expect(try core.apply(.didDismiss(screen: "Other"), now: 0) == false, "a swipe of a screen already gone is a no-op")
        #expect(core.stateJSON == before)
        #expect(core.version == 2)
        #expect(launches.value == 2, "the dismissal that ran before the handler declined must be undone by a replay")
        // A swipe of the sheet that is up is no no-op: the handler removed it, then declined.
        let declined = try #require(Self.refusal(core, .didDismiss(screen: "Sheet")))
        #expect(declined.status == 409 && declined.code == "event_not_handled")
        #expect(core.stateJSON == before)
        #expect(core.version == 2)
        // The sheet the state shows is still there to dismiss.
        try core.apply(.dismiss, now: 0)
        #expect(core.version == 3)
    }

    /// Random events, many of them refused, applied to a session and to a twin that replays after every
    /// refusal: the two must agree on every answer and every byte (what a refusal leaves that the state does
    /// not show would make them part ways on a later event).
    @Test(
        "random events on every built-in app: the same answers and bytes as a session that always replays",
        arguments: [BuiltinApps.navigation, BuiltinApps.login, BuiltinApps.todo, BuiltinApps.flow])
    func agreesWithAlwaysReplaying(app: AppDefinition) throws {
        let session = Self.core(app)
        let twin = Self.core(app)
        twin.rebuildsAfterEveryRefusal = true
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(app.id.utf8.count))
        var refusedMoves = 0
        var applied = 0
        for step in 0..<600 {
            let event = Self.randomEvent(&random)
            let answer = Self.refusal(session, event)
            let twinAnswer = Self.refusal(twin, event)
            #expect(answer == twinAnswer, "step \(step), \(event)")
            #expect(session.stateJSON == twin.stateJSON, "step \(step), \(event)")
            if answer?.code == "invalid_navigation" { refusedMoves += 1 }
            if answer == nil { applied += 1 }
            if answer != twinAnswer || session.stateJSON != twin.stateJSON { break }
        }
        #expect(session.version == twin.version)
        // The walk must exercise both paths to mean anything (todo has no move that can be refused: login
        // while logged in is not handled by anyone, which never replays).
        let canRefuseMoves = app.events.contains(.pop) || app.events.contains(.present)
        #expect(refusedMoves >= (canRefuseMoves ? 20 : 0), "only \(refusedMoves) refused moves")
        #expect(applied >= 20, "only \(applied) applied events")
    }

    static let screens = ["A", "B", "C", "Home", "Profile", "Login", "Intro", "Main", "Coding", "Z"]
    static let steps = ["introIsRequired", "mainIsRequired", "codingIsRequired", "nothing"]

    static func randomEvent(_ random: inout SplitMix64) -> AppEvent {
        func screen() -> String { screens[Int.random(in: 0..<screens.count, using: &random)] }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .login(name: "ann")
        case 1: return .logout
        case 2, 3: return .push(screen: screen())
        case 4: return .pop
        case 5: return .didPop(screen: screen())
        case 6: return .present(screen: screen(), style: Bool.random(using: &random) ? nil : .fullScreen)
        case 7: return .dismiss
        case 8: return .didDismiss(screen: screen())
        default: return .step(steps.randomElement(using: &random)!)
        }
    }
}
