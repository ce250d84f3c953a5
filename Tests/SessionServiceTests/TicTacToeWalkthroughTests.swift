import AppHosting
import BuiltinApps
import Foundation
import Testing

@testable import SessionService

/// Uber's RIBs tutorial app over HTTP: the players log in, play, the score board counts the win, and they log out.
@Suite("tictactoe app over HTTP: a game from login to the score")
struct TicTacToeWalkthroughTests {
    /// A tictactoe state: LoggedOut, or the view-less LoggedIn with `child` presented full screen over Root.
    static func state(_ id: String, version: Int, _ child: NSDictionary? = nil, accepts: [String]) -> NSDictionary {
        guard let child else {
            return sessionState(
                id, app: "tictactoe", version: version, tree: node("Root", "launch", [node("LoggedOut", "viewable")]),
                layers: [layer("root", ["Root"]), layer("fullScreen", ["LoggedOut"])], accepts: accepts)
        }
        return sessionState(
            id, app: "tictactoe", version: version, tree: node("Root", "launch", [node("LoggedIn", "viewless", [child])]),
            layers: [layer("root", ["Root"]), layer("fullScreen", [child["name"] as? String ?? "?"])], accepts: accepts)
    }

    /// OffGame with its score board (`ann` and `bob` unless other players are named).
    static func offGame(_ id: String, version: Int, ann: Int, bob: Int, players: (String, String) = ("ann", "bob")) -> NSDictionary {
        let scores = ["player1Name": players.0, "player1Score": "\(ann)", "player2Name": players.1, "player2Score": "\(bob)"]
        return state(
            id, version: version, node("OffGame", "viewable", [node("BasicScoreBoard", "viewable", state: scores)]),
            accepts: ["startGame", "logout"])
    }

    /// The board with `state`.
    static func game(_ id: String, version: Int, _ state: [String: String]) -> NSDictionary {
        Self.state(
            id, version: version, node("TicTacToe", "viewable", state: state),
            accepts: [state["winner"] == nil ? "placeMark" : "closeGame"])
    }

    @Test(
        "create, loginPlayers, startGame, five marks to a win, closeGame: the score board shows it; logout releases LoggedIn whole; refusals change nothing"
    )
    func walkthrough() throws {
        try withTestServer(ids: CounterIDs()) { client in
            let created = try client.create(app: "tictactoe")
            let id = CounterIDs.id(1)
            expectState(created, Self.state(id, version: 1, accepts: ["loginPlayers"]), status: 201)

            let steps: [(event: String, state: NSDictionary)] = [
                (#"{"type":"loginPlayers","player1Name":"ann","player2Name":"bob"}"#, Self.offGame(id, version: 2, ann: 0, bob: 0)),
                (
                    #"{"type":"startGame","gameId":"tictactoe"}"#,
                    Self.game(id, version: 3, ["board": ".../.../...", "currentPlayer": "player1"])
                ),
                (
                    #"{"type":"placeMark","row":1,"col":1}"#,
                    Self.game(id, version: 4, ["board": ".../.X./...", "currentPlayer": "player2"])
                ),
                (
                    #"{"type":"placeMark","row":0,"col":0}"#,
                    Self.game(id, version: 5, ["board": "O../.X./...", "currentPlayer": "player1"])
                ),
                (
                    #"{"type":"placeMark","row":0,"col":2}"#,
                    Self.game(id, version: 6, ["board": "O.X/.X./...", "currentPlayer": "player2"])
                ),
                (
                    #"{"type":"placeMark","row":2,"col":2}"#,
                    Self.game(id, version: 7, ["board": "O.X/.X./..O", "currentPlayer": "player1"])
                ),
                (
                    #"{"type":"placeMark","row":2,"col":0}"#,
                    Self.game(id, version: 8, ["board": "O.X/.X./X.O", "winner": "player1", "announcement": "ann Won!"])
                ),
                (#"{"type":"closeGame"}"#, Self.offGame(id, version: 9, ann: 1, bob: 0)),
            ]
            for (index, step) in steps.enumerated() {
                let posted = try client.send(id, step.event)
                expectState(posted, step.state)
                #expect(posted.json?["leaks"] as? [NSDictionary] == [], "after \(step.event)")
                #expect(try client.state(id).body == posted.body, "GET after \(step.event) differs from the POST's body")
                switch index {
                case 2:
                    // ann's cell: taken.
                    let taken = try client.expectRefusal(
                        id, #"{"type":"placeMark","row":1,"col":1}"#, status: 409, code: "invalid_navigation")
                    #expect(taken.json?["detail"] as? String == "row 1, col 1 is taken by ann")
                case 6:
                    // The win is announced: the board takes no more marks.
                    try client.expectRefusal(id, #"{"type":"placeMark","row":2,"col":1}"#, status: 409, code: "event_not_handled")
                default:
                    break
                }
            }
            // A cell off the board never reaches the app.
            try client.expectRefusal(id, #"{"type":"placeMark","row":3,"col":0}"#, status: 400, code: "malformed_event")
            // A game going on has no logout button: only OffGame's takes it.
            try client.apply(id, #"{"type":"startGame","gameId":"randomwin"}"#)
            try client.expectRefusal(id, #"{"type":"logout"}"#, status: 409, code: "event_not_handled")
            try client.apply(id, #"{"type":"determineWinner"}"#)
            // ann and bob's first draw is bob's (TicTacToeAppTests pins their draws).
            expectState(try client.send(id, #"{"type":"closeGame"}"#), Self.offGame(id, version: 12, ann: 1, bob: 1))

            // Logging out detaches LoggedIn: the leak detector watches its whole subtree (OffGame, the score board,
            // the games built) and finds all of it released; Root shows a new LoggedOut.
            let loggedOut = try client.send(id, #"{"type":"logout"}"#)
            expectState(loggedOut, Self.state(id, version: 13, accepts: ["loginPlayers"]))
            #expect(loggedOut.json?["leaks"] as? [NSDictionary] == [])
            try client.expectRefusal(id, #"{"type":"logout"}"#, status: 409, code: "event_not_handled")
            // Other players log in to a new LoggedIn, the score back at 0-0.
            let again = try client.send(id, #"{"type":"loginPlayers","player1Name":"cy","player2Name":"dee"}"#)
            expectState(again, Self.offGame(id, version: 14, ann: 0, bob: 0, players: ("cy", "dee")))
            #expect(again.json?["leaks"] as? [NSDictionary] == [])

            let history = try #require(try client.history(id).json?["events"] as? [NSDictionary])
            #expect(
                history.compactMap { ($0["event"] as? NSDictionary)?["type"] as? String } == [
                    "loginPlayers", "startGame", "placeMark", "placeMark", "placeMark", "placeMark", "placeMark", "closeGame",
                    "startGame", "determineWinner", "closeGame", "logout", "loginPlayers",
                ])
            #expect(history.first?["event"] as? NSDictionary == ["type": "loginPlayers", "player1Name": "ann", "player2Name": "bob"])
            #expect(try client.delete(id).status == 204)
        }
    }

    /// Random events, many refused, applied to a session and to a twin that replays its history after every
    /// refusal: they must agree on every answer and every byte.
    @Test("random events: the same answers and bytes as a session that always replays")
    func agreesWithAlwaysReplaying() throws {
        let app = BuiltinApps.tictactoe
        let session = SessionCore(id: "ttt-session", app: app, uptime: 0, idempotencyKeys: 16)
        let twin = SessionCore(id: "ttt-session", app: app, uptime: 0, idempotencyKeys: 16)
        twin.rebuildsAfterEveryRefusal = true
        let bodies =
            [
                #"{"type":"loginPlayers","player1Name":"ann","player2Name":"bob"}"#, #"{"type":"startGame","gameId":"tictactoe"}"#,
                #"{"type":"startGame","gameId":"randomwin"}"#, #"{"type":"determineWinner"}"#, #"{"type":"closeGame"}"#,
                #"{"type":"logout"}"#,
            ] + (0..<9).map { #"{"type":"placeMark","row":\#($0 / 3),"col":\#($0 % 3)}"# }
        let events = try bodies.map { try AppEvent(json: Array($0.utf8), catalog: app.catalog) }
        var seed: UInt64 = 0x7177_5EED
        var answers: [String: Int] = [:]
        for step in 0..<600 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let event = events[Int(seed >> 33) % events.count]
            let answer = Self.refusal(session, event)
            let twinAnswer = Self.refusal(twin, event)
            #expect(answer == twinAnswer, "step \(step), \(event)")
            #expect(session.stateJSON == twin.stateJSON, "step \(step), \(event)")
            answers[answer?.code ?? "applied", default: 0] += 1
            if answer != twinAnswer || session.stateJSON != twin.stateJSON { break }
        }
        #expect(session.version == twin.version)
        #expect(String(decoding: session.stateJSON, as: UTF8.self).contains(#""leaks":[]"#))
        // The walk must have gone through games, and through both kinds of refusal.
        #expect(answers["applied", default: 0] >= 50, "\(answers)")
        #expect(answers["invalid_navigation", default: 0] >= 20, "\(answers)")
        #expect(answers["event_not_handled", default: 0] >= 20, "\(answers)")
    }

    static func refusal(_ core: SessionCore, _ event: AppEvent) -> ServiceError? {
        do {
            try core.apply(event, now: 0)
            return nil
        } catch {
            return error
        }
    }
}
