import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `ribsd --apps DIR`: apps declared as JSON served beside the built-in ones, or none at all.
@Suite("apps declared in JSON, served")
struct DeclaredAppsServingTests {
    /// The repository's `Examples/apps`, found from this file.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/apps").path

    @Test("--apps Examples/apps: each file an app beside the built-in ones, driven over HTTP; the schema at /v1/schemas/app")
    func served() throws {
        let (ribsd, port, _) = try RibsdProcess.listening(["--apps", Self.examples])
        defer {
            ribsd.signal(SIGTERM)
            _ = ribsd.wait(timeout: 10)
        }
        let http = HTTPClient(port: port)
        let json = [("Content-Type", "application/json")]
        let ids = try #require(http.request("GET", "/v1/apps").json?["apps"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids.contains("greeter") && ids.contains("login-json") && ids.contains("login"))
        let created = try http.request("POST", "/v1/sessions", body: Array(#"{"app":"greeter"}"#.utf8), headers: json)
        let id = try #require(created.json?["session"] as? String)
        let greeted = try http.request(
            "POST", "/v1/sessions/\(id)/events", body: Array(#"{"type":"greet","name":"kim"}"#.utf8), headers: json)
        #expect(greeted.text.contains(#""state":{"greeted":"kim"}"#), "\(greeted.text)")
        let popped = try http.request("POST", "/v1/sessions/\(id)/events", body: Array(#"{"type":"pop"}"#.utf8), headers: json)
        expectProblem(popped, status: 409, code: "invalid_navigation")
        let schema = try http.request("GET", "/v1/schemas/app")
        #expect(schema.status == 200 && schema.header("Content-Type") == "application/schema+json")
        #expect((try JSONSerialization.jsonObject(with: Data(schema.body)) as? [String: Any])?["$schema"] != nil)
        // The declared type is documented like any app's own.
        #expect(try http.request("GET", "/openapi.json").text.contains("\"AppEvent_greet\""))
    }

    @Test("a folder with one bad file: exit 2, every problem on a line (file#pointer: what), nothing served")
    func refused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-apps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Self.examples + "/greeter.json", toPath: folder.appendingPathComponent("greeter.json").path)
        try Data(#"{"id": "login", "ribs": [{"name": "Root", "nope": 1}]}"#.utf8).write(to: folder.appendingPathComponent("bad.json"))
        let ribsd = try RibsdProcess(["--port", "0", "--apps", folder.path])
        let exit = ribsd.wait(timeout: 20)
        #expect(exit?.exited == true && exit?.status == 2, "exit: \(String(describing: exit))")
        #expect(ribsd.remainingStdout().isEmpty, "nothing listened")
        let lines = ribsd.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ribsd: --apps: ") == true, "\(ribsd.stderr)")
        #expect(lines.contains { $0.contains("bad.json#/ribs/0/nope") }, "\(ribsd.stderr)")
        #expect(lines.contains { $0.contains("bad.json#") && $0.contains("login") }, "the id the built-in app has: \(ribsd.stderr)")
    }
}
