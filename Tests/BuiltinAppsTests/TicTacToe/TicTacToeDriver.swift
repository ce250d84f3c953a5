import AppHosting
import BuiltinApps
import Foundation

/// Drives the tictactoe app in process: events decode against its own types, as a session's do.
final class TicTacToeDriver {
    let app = BuiltinApps.tictactoe
    let driver: AppDriver

    init() {
        driver = AppDriver(app)
    }

    var runtime: any AppRuntime { driver.runtime }
    var state: NSDictionary { driver.state }

    /// The state as the text a session would write, byte for byte.
    var stateJSON: String {
        var json = JSONWriter()
        json.beginObject()
        runtime.writeState(to: &json)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// Decodes `body` against the app's types.
    func event(_ body: String) throws -> AppEvent {
        try AppEvent(json: Array(body.utf8), catalog: app.catalog)
    }

    /// Applies an event that must succeed.
    func send(_ body: String) throws {
        try runtime.apply(try event(body))
    }

    /// Applies an event that must be refused by the app, returning why (nil if it was applied).
    func refuse(_ body: String) throws -> EventError? {
        let decoded = try event(body)
        do {
            try runtime.apply(decoded)
            return nil
        } catch {
            return error
        }
    }
}

/// The events of the tutorial, as request bodies.
enum TicTacToeBodies {
    static func login(_ player1: String? = nil, _ player2: String? = nil) -> String {
        var fields = [#""type":"loginPlayers""#]
        if let player1 { fields.append(#""player1Name":"\#(player1)""#) }
        if let player2 { fields.append(#""player2Name":"\#(player2)""#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func start(_ gameId: String) -> String { #"{"type":"startGame","gameId":"\#(gameId)"}"# }
    static func mark(_ row: Int, _ col: Int) -> String { #"{"type":"placeMark","row":\#(row),"col":\#(col)}"# }
    static let determineWinner = #"{"type":"determineWinner"}"#
    static let closeGame = #"{"type":"closeGame"}"#
    /// ribsd's addition to the tutorial: OffGame's logout.
    static let logout = #"{"type":"logout"}"#
}
