import Foundation
import Testing

/// The viewer page's forms for an app's own event types, in a real browser (as `BrowserTests`): each field an
/// input of its kind, and the event sent with the JSON types its declaration gives.
@Suite("viewer page: forms for app-defined events", .serialized)
struct AppDefinedEventViewerTests {
    @Test(
        "each declared type the screen accepts gets a form from its declaration; integers and booleans go out unquoted",
        .enabled(if: BrowserTests.chromium != nil, "Chromium is not installed: run scripts/install-deps chromium"),
        .enabled(if: BrowserTests.executable("python3") != nil, "python3 is needed to drive Chromium"))
    func forms() throws {
        try withTestServer(registry: testRegistry(LabDeclaredApps.board())) { client in
            let result = try BrowserTests.run("walkthrough", port: client.port)
            let board = try #require((result["apps"] as? [String: [String: Any]])?["board"])
            #expect(
                board["sent"] as? [String] == [
                    #"{"type":"placeMark","row":1,"col":1} → version 2"#,
                    #"{"type":"setPlayers","x":"kim","o":"kim","first":"o"} → version 3"#,
                    #"{"type":"highlight","screen":"Board","on":true} → version 4"#,
                ])
            #expect(board["version"] as? Int == 4)
            #expect(board["accepts"] as? [String] == ["placeMark", "setPlayers", "highlight"])
            #expect(
                board["states"] as? [String: String] == [
                    "Root": #"{"players":"kim (x) vs kim (o), o first","highlighted":"Board"}"#,
                    "Board": #"{"squares":"....x....","turn":"o"}"#,
                ])
        }
    }
}
