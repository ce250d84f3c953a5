import AppHosting
import BuiltinApps
import Foundation
import Testing

/// Seeded random walks through the tictactoe app, checking after every event what a session relies on.
@Suite("tictactoe: random walks")
struct TicTacToeRandomWalkTests {
    typealias Body = TicTacToeBodies

    /// What a client could send: the app's own types (every cell), and built-in types it takes none of.
    static let candidates: [String] =
        [Body.login("ann", "bob"), Body.login(), Body.start("tictactoe"), Body.start("randomwin"), Body.determineWinner, Body.closeGame]
        + (0..<3).flatMap { row in (0..<3).map { Body.mark(row, $0) } }
        + [#"{"type":"login","name":"kim"}"#, #"{"type":"logout"}"#, #"{"type":"dismiss"}"#, #"{"type":"didDismiss","screen":"OffGame"}"#]

    /// A small deterministic generator (SplitMix64), so a failure names a walk that can be run again.
    struct Walk {
        var state: UInt64

        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// The driver after `bodies` on a fresh launch.
    static func replayed(_ bodies: [String]) throws -> TicTacToeDriver {
        let app = TicTacToeDriver()
        for body in bodies { try app.send(body) }
        return app
    }

    @Test(
        "random events: a refusal changes nothing, an applied event changes the state, a replay rebuilds the same bytes, nothing leaks",
        arguments: 0..<8)
    func walk(seed: UInt64) throws {
        var random = Walk(state: 0x7177_0000 + seed)
        let app = TicTacToeDriver()
        var applied: [String] = []
        var refused = 0
        for step in 0..<300 {
            let before = app.stateJSON
            let accepts = (app.state["accepts"] as? [String]) ?? []
            // Half the time an event of a type the screen takes, so that games get played to their end.
            let listed = try Self.candidates.filter { accepts.contains(try app.event($0).type.rawValue) }
            let pool = random.next(below: 2) == 0 && !listed.isEmpty ? listed : Self.candidates
            let body = pool[random.next(below: pool.count)]
            let type = try app.event(body).type.rawValue
            if let error = try app.refuse(body) {
                refused += 1
                #expect(app.stateJSON == before, "walk \(seed) step \(step): \(body) refused with \(error) but changed the state")
                // Only a move a listed type could make is refused as invalid; anything else is no one's to handle.
                if case .invalidNavigation = error {
                    #expect(accepts.contains(type), "walk \(seed) step \(step): \(body)")
                } else {
                    #expect(error == .notHandled("no RIB on screen handles `\(type)` now"), "walk \(seed) step \(step): \(body)")
                }
            } else {
                applied.append(body)
                #expect(app.stateJSON != before, "walk \(seed) step \(step): \(body) was applied but changed nothing")
                #expect(accepts.contains(type), "walk \(seed) step \(step): \(body) was applied but not listed in \(accepts)")
            }
            #expect((app.state["leaks"] as? [NSDictionary]) == [], "walk \(seed) step \(step): \(body)")
        }
        // Deterministic: the applied events alone, on a fresh launch, give the same bytes.
        #expect(try Self.replayed(applied).stateJSON == app.stateJSON, "walk \(seed)")
        // The walk must have played games, not stood refused on one screen.
        #expect(applied.count >= 100, "walk \(seed): only \(applied.count) applied")
        #expect(refused >= 100, "walk \(seed): only \(refused) refused")
        #expect(Self.closedGames(in: applied) >= 10, "walk \(seed): \(applied)")
    }

    /// How many games `applied` finished.
    static func closedGames(in applied: [String]) -> Int {
        applied.filter { $0 == Body.closeGame }.count
    }

    @Test("accepts lists exactly the types of which some event would change the state, along random walks")
    func acceptsMatchesOutcomes() throws {
        var random = Walk(state: 0xACCE_9750)
        var screens: Set<String> = []
        for walk in 0..<6 {
            var applied: [String] = []
            for step in 0..<30 {
                let app = try Self.replayed(applied)
                let before = app.stateJSON
                screens.formUnion(ScreenListTests.screens(in: app.state))
                var changing: Set<String> = []
                var moves: [String] = []
                // A refused probe leaves the app as it was (the walks above check it): the next one reuses it.
                var probe = try Self.replayed(applied)
                for body in Self.candidates {
                    guard try probe.refuse(body) == nil else { continue }
                    if probe.stateJSON != before {
                        changing.insert(try probe.event(body).type.rawValue)
                        moves.append(body)
                    }
                    probe = try Self.replayed(applied)
                }
                let accepts = Set((app.state["accepts"] as? [String]) ?? [])
                #expect(accepts == changing, "walk \(walk) step \(step) after \(applied)")
                // On to one of the states those events lead to.
                guard !moves.isEmpty else { break }
                applied.append(moves[random.next(below: moves.count)])
            }
        }
        // The walks saw every screen the app lists, and no other.
        #expect(screens == Set(BuiltinApps.tictactoe.screens ?? []))
    }
}
