import AppHosting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What documents an app's own event types: `GET /openapi.json` (a schema per type, generated from the
/// declarations), and the example app (`Examples/HelloApp`, the `ribsd-hello` executable).
@Suite("App-defined events in the OpenAPI document and the example app")
struct AppDefinedEventDocumentTests {
    /// The served document's component schemas, and the document.
    static func schemas(_ client: ServiceClient) throws -> (document: [String: Any], schemas: [String: [String: Any]]) {
        let response = try client.get("/openapi.json")
        #expect(response.status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let components = try #require(document["components"] as? [String: Any])
        return (document, try #require(components["schemas"] as? [String: [String: Any]]))
    }

    @Test("each declared type gets a schema from its declaration, joins EventType and the Event union; the rest is the built-in document's")
    func openAPI() throws {
        let (builtInDocument, builtIn) = try withTestServer { client in try Self.schemas(client) }
        let registry = testRegistry(LabDeclaredApps.board(), LabDeclaredApps.items(), LabDeclaredApps.otherBoard())
        try withTestServer(registry: registry) { client in
            let (document, schemas) = try Self.schemas(client)
            // `placeMark` is tictactoe's too: the built-in document has it, and the labs' variants join it there.
            let declared = ["setPlayers", "highlight", "open"]
            let documented = try #require(builtIn["EventType"]?["enum"] as? [String])
            #expect(schemas["EventType"]?["enum"] as? [String] == documented + declared)

            let event = try #require(schemas["Event"])
            let union = (event["oneOf"] as? [[String: String]] ?? []).compactMap { $0["$ref"] }
            #expect(Set(union).isSuperset(of: (declared + ["placeMark"]).map { "#/components/schemas/AppEvent_\($0)" }))
            let mapping = (event["discriminator"] as? [String: Any])?["mapping"] as? [String: String]
            for type in declared + ["placeMark"] { #expect(mapping?[type] == "#/components/schemas/AppEvent_\(type)") }

            let setPlayers = try #require(schemas["AppEvent_setPlayers"])
            #expect(setPlayers["type"] as? String == "object")
            #expect(setPlayers["description"] as? String == "Name the players (app `board`)")
            #expect(setPlayers["required"] as? [String] == ["type", "x", "o"])
            let players = try #require(setPlayers["properties"] as? [String: [String: Any]])
            #expect(players["type"]?["const"] as? String == "setPlayers")
            #expect(players["x"]?["type"] as? String == "string")
            #expect(players["x"]?["minLength"] as? Int == 1 && players["x"]?["maxLength"] as? Int == 256)
            #expect((players["first"]?["enum"] as? [Any])?.map { $0 as? String } == ["x", "o", nil], "optional: null allowed")

            let highlight = try #require(schemas["AppEvent_highlight"]?["properties"] as? [String: [String: Any]])
            #expect(highlight["screen"]?["enum"] as? [String] == ["Root", "Board"])
            #expect(highlight["on"]?["type"] as? String == "boolean")
            let open = try #require(schemas["AppEvent_open"]?["properties"] as? [String: [String: Any]])
            #expect(open["item"]?["type"] as? String == "integer")
            #expect(open["item"]?["minimum"] as? Int == 1 && open["item"]?["maximum"] as? Int == 3)

            // Three apps declare placeMark, two alike (tictactoe's and board's rows and columns): the document offers
            // each distinct declaration.
            let placeMark = try #require(schemas["AppEvent_placeMark"]?["anyOf"] as? [[String: Any]])
            #expect(placeMark.map { $0["required"] as? [String] ?? [] }.contains(["type", "square"]))
            #expect(placeMark.count >= 2)

            // Nothing else differs from the built-in server's document (but the app ids it lists, in `CreateSession`).
            let added = Set(schemas.keys).subtracting(builtIn.keys)
            #expect(added == Set(declared.map { "AppEvent_\($0)" }))
            for name in ["State", "EventBatch", "Apps", "EventDeclaration", "LoginEvent"] {
                #expect(NSDictionary(dictionary: schemas[name] ?? [:]).isEqual(to: builtIn[name] ?? [:]), "\(name) differs")
            }
            #expect(
                NSDictionary(dictionary: document["paths"] as? [String: Any] ?? [:]).count
                    == (builtInDocument["paths"] as? [String: Any])?.count)
        }
    }

    @Test("the example app serves its own greet event: listed, accepted, applied, refused naming the field")
    func exampleApp() throws {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let binary = runner.deletingLastPathComponent().appendingPathComponent("ribsd-hello")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build it first: swift build --build-tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--port", "0", "--store", "memory", "--threads", "1"]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RIBSD_") }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // Its one line: `ribsd listening on http://127.0.0.1:PORT`.
        var line = ""
        while !line.hasSuffix("\n"), let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
            line += String(decoding: byte, as: UTF8.self)
        }
        let port = try #require(line.split(separator: ":").last.flatMap { UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        let http = HTTPClient(port: port)
        func post(_ path: String, _ body: String) throws -> HTTPResult {
            try http.request("POST", path, body: Array(body.utf8), headers: [("Content-Type", "application/json")])
        }

        let apps = try http.request("GET", "/v1/apps", body: [], headers: [])
        #expect(
            apps.text.contains(
                #"{"id":"hello","description":"Greets whoever it is told to","events":["greet"],"screens":["Hello"],"declaredEvents":["#
                    + #"{"type":"greet","description":"Greet someone by name","fields":[{"name":"name","type":"string","optional":false},"#
                    + #"{"name":"excited","type":"boolean","optional":true}]}]}"#))
        let created = try post("/v1/sessions", #"{"app":"hello"}"#)
        #expect(created.json?["accepts"] as? [String] == ["greet"])
        let id = try #require(created.json?["session"] as? String)
        let greeted = try post("/v1/sessions/\(id)/events", #"{"type":"greet","name":"kim","excited":true}"#)
        #expect(greeted.status == 200)
        let tree = greeted.json?["tree"] as? [String: Any]
        #expect(tree?["state"] as? [String: String] == ["greeting": "hello, kim!"])
        let refused = try post("/v1/sessions/\(id)/events", #"{"type":"greet","name":"kim","excited":"yes"}"#)
        expectProblem(refused, status: 400, code: "malformed_event")
        #expect(refused.json?["detail"] as? String == "`excited` must be a boolean")
    }
}
