import Foundation
import Testing

@testable import RibsdClient

@Suite("Apps' declared events and links as Codable values, and events built from a declaration")
struct EventDeclarationTests {
    /// The tictactoe app as `GET /v1/apps` lists it (its placeMark cut to one field), and an app that declares
    /// nothing.
    static let body = #"""
        {"apps":[{"id":"tictactoe","description":"Uber's RIBs tutorial","events":["loginPlayers","startGame","placeMark","closeGame"],
          "screens":["Root","LoggedOut","OffGame","TicTacToe"],
          "declaredEvents":[
            {"type":"loginPlayers","description":"log both players in","fields":[
              {"name":"player1Name","type":"string","optional":true},{"name":"player2Name","type":"string","optional":true}]},
            {"type":"startGame","description":"start a game","fields":[
              {"name":"gameId","type":"enum","optional":false,"values":["randomwin","tictactoe"]}]},
            {"type":"placeMark","description":"mark a cell","fields":[{"name":"row","type":"integer","optional":false,"minimum":0,"maximum":2}]},
            {"type":"closeGame","description":"back to OffGame","fields":[]}],
          "links":[{"pattern":"launchGame?gameId={gameId}","description":"start that game"}]},
         {"id":"navigation","description":"push A, B, C","events":["push","pop","didPop"]}]}
        """#

    static func apps() throws -> [AppInfo] {
        try JSONCoding.decoder().decode(AppList.self, from: Data(body.utf8)).apps
    }

    /// A declaration of one field of `kind`.
    private func declaring(_ kind: EventFieldKind, optional: Bool = false) -> EventDeclaration {
        EventDeclaration(type: "rate", description: "", fields: [EventFieldDeclaration(name: "f", kind: kind, isOptional: optional)])
    }

    /// Why `value` for the one field of a `kind` declaration is refused; nil when it is taken.
    private func refusal(_ kind: EventFieldKind, _ value: JSONValue, screens: [String]? = nil) -> EventFieldError.Reason? {
        do {
            _ = try declaring(kind).event(["f": value], screens: screens)
            return nil
        } catch {
            #expect(error.type == "rate" && error.field == "f")
            return error.reason
        }
    }

    @Test("declaredEvents decode with each field's kind, bounds and values; links too; absent is nil")
    func decoding() throws {
        let apps = try Self.apps()
        let tictactoe = apps[0]
        #expect(tictactoe.declaredEvents?.map(\.type) == ["loginPlayers", "startGame", "placeMark", "closeGame"])
        #expect(
            tictactoe.declaration(of: "startGame")?.fields == [
                EventFieldDeclaration(name: "gameId", kind: .oneOf(["randomwin", "tictactoe"]))
            ])
        #expect(tictactoe.declaration(of: "placeMark")?.field("row")?.kind == .integer(0...2))
        #expect(tictactoe.declaration(of: "loginPlayers")?.fields.allSatisfy { $0.kind == .string && $0.isOptional } == true)
        #expect(tictactoe.declaration(of: "closeGame")?.fields == [])
        #expect(tictactoe.declaration(of: .push) == nil)
        #expect(tictactoe.links == [LinkInfo(pattern: "launchGame?gameId={gameId}", description: "start that game")])
        #expect(apps[1].declaredEvents == nil && apps[1].links == nil && apps[1].screens == nil)
    }

    @Test("a declaration writes back as the server writes it, and reads back the same; a kind added later is kept")
    func roundTrip() throws {
        let apps = try Self.apps()
        let again = try JSONCoding.decoder().decode([AppInfo].self, from: try JSONCoding.encode(apps))
        #expect(again == apps)
        let placeMark = try #require(apps[0].declaration(of: "placeMark"))
        #expect(
            String(decoding: try JSONCoding.encode(placeMark.fields), as: UTF8.self)
                == #"[{"maximum":2,"minimum":0,"name":"row","optional":false,"type":"integer"}]"#)
        let later = try JSONCoding.decoder().decode(
            EventFieldDeclaration.self, from: Data(#"{"name":"at","type":"date","optional":true}"#.utf8))
        #expect(later == EventFieldDeclaration(name: "at", kind: .unknown("date"), isOptional: true))
    }

    @Test("event(_:screens:) builds the event of the declared fields, optional ones left out or null dropped")
    func building() throws {
        let tictactoe = try Self.apps()[0]
        let start = try #require(tictactoe.declaration(of: "startGame"))
        #expect(try start.event(["gameId": "tictactoe"]) == Event(type: "startGame", fields: ["gameId": "tictactoe"]))
        let login = try #require(tictactoe.declaration(of: "loginPlayers"))
        #expect(try login.event(["player1Name": "kim", "player2Name": nil]) == Event(type: "loginPlayers", fields: ["player1Name": "kim"]))
        #expect(try login.event([:]) == Event(type: "loginPlayers"))
        #expect(throws: EventFieldError(type: "startGame", field: "gameId", reason: .missing)) { try start.event([:]) }
        #expect(throws: EventFieldError(type: "startGame", field: "gameId", reason: .missing)) { try start.event(["gameId": nil]) }
        #expect(throws: EventFieldError(type: "startGame", field: "game", reason: .undeclared)) { try start.event(["game": "x"]) }
    }

    @Test("each kind refuses what the server refuses: length, range, values, screens, another kind")
    func kinds() {
        #expect(refusal(.string, "kim") == nil)
        #expect(refusal(.string, "") == .length)
        #expect(refusal(.string, .string(String(repeating: "é", count: 256))) == nil)
        #expect(refusal(.string, .string(String(repeating: "é", count: 257))) == .length)
        #expect(refusal(.string, 5) == .wrongKind)
        #expect(refusal(.integer(0...2), 2) == nil)
        #expect(refusal(.integer(0...2), 3) == .outOfRange(0...2))
        #expect(refusal(.integer(0...2), 1.5) == .wrongKind)
        #expect(refusal(.integer(0...2), "1") == .wrongKind)
        #expect(refusal(.boolean, true) == nil)
        #expect(refusal(.boolean, "true") == .wrongKind)
        #expect(refusal(.oneOf(["a", "b"]), "b") == nil)
        #expect(refusal(.oneOf(["a", "b"]), "c") == .notOneOf(["a", "b"]))
        #expect(refusal(.screen, "Anywhere") == nil, "an app that lists no screens takes any name")
        #expect(refusal(.screen, "A", screens: ["A", "B"]) == nil)
        #expect(refusal(.screen, "C", screens: ["A", "B"]) == .notOneOf(["A", "B"]))
        #expect(refusal(.unknown("date"), "2026-12-06") == nil, "a kind this client does not know is the server's to check")
    }

    @Test("a refusal says what is wrong the way the server's detail does")
    func messages() {
        #expect("\(EventFieldError(type: "startGame", field: "gameId", reason: .missing))" == "`startGame` needs the field `gameId`")
        #expect(
            "\(EventFieldError(type: "placeMark", field: "row", reason: .outOfRange(0...2)))" == "`row` must be an integer from 0 to 2")
        #expect(
            "\(EventFieldError(type: "startGame", field: "gameId", reason: .notOneOf(["randomwin", "tictactoe"])))"
                == #"`gameId` must be one of "randomwin", "tictactoe""#)
    }
}
