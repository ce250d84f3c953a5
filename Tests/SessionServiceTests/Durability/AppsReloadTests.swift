import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `ribsd --apps DIR` and SIGHUP: the folder loaded again, all or nothing; new sessions get the new set, live
/// ones keep the definition they were created with, and the SQLite store keeps that definition across restarts.
extension DurabilityTests {
    /// A greeter whose `greet` sets `greeted` from a field: `name` in the first version, `who` in the second,
    /// with another initial value. A session replayed with the wrong one shows it at once.
    static func greeter(version: Int) -> String {
        let field = version == 1 ? "name" : "who"
        let initial = version == 1 ? "nobody yet" : "no one"
        return """
            {"id": "greeter", "description": "greeter v\(version)",
             "declares": [{"type": "greet", "fields": [{"name": "\(field)", "type": "string"}]}],
             "root": "Root",
             "ribs": [
               {"name": "Root", "view": "container", "children": [{"rib": "Hello", "show": "content"}], "onLoad": ["Hello"]},
               {"name": "Hello", "stack": "Hello", "state": {"greeted": {"initial": "\(initial)"}},
                "children": [{"rib": "Details", "show": "push"}],
                "handles": [
                  {"event": "greet", "do": "set", "state": {"greeted": "\(field)"}},
                  {"event": "push", "do": "route", "childFrom": "screen"},
                  {"event": "pop", "do": "pop"}, {"event": "didPop", "do": "didPop"}]},
               {"name": "Details"}]}
            """
    }

    @Test("SIGHUP after an edit: new sessions get the new definition; one made before replays and answers as before")
    func reloadKeepsLiveSessions() throws {
        let scratch = try Scratch("reload-edit")
        defer { scratch.cleanUp() }
        let apps = try appsFolder(scratch, ["greeter.json": Self.greeter(version: 1)])
        let server = try StoreServer(dataDir: scratch.sub("data"), ["--apps", apps])
        defer { server.stop() }
        let (old, created) = try server.create("greeter")
        #expect(created.text.contains(#""greeted":"nobody yet""#), "\(created.text)")
        let greeted = try server.event(old, #"{"type":"greet","name":"kim"}"#)
        #expect(greeted.status == 200 && greeted.text.contains(#""greeted":"kim""#), "\(greeted.text)")
        let pushed = try server.event(old, #"{"type":"push","screen":"Details"}"#)
        #expect(pushed.status == 200, "\(pushed.text)")
        let pastBefore = try (1...3).map { try server.get("/v1/sessions/\(old)?version=\($0)").body }
        let historyBefore = try server.get("/v1/sessions/\(old)/history").body
        #expect(!(try server.get("/openapi.json").text.contains(#""who""#)))

        try write(Self.greeter(version: 2), to: apps + "/greeter.json")
        server.ribsd.signal(SIGHUP)
        let reloaded = try #require(server.logLine("apps reloaded"), "\(server.ribsd.stderr)")
        #expect(reloaded["changed"] as? String == "greeter" && reloaded["added"] as? String == "" && reloaded["removed"] as? String == "")
        #expect(declaredFields(try server.get("/v1/apps"), app: "greeter") == ["who"])
        #expect(try server.get("/openapi.json").text.contains(#""who""#), "the document describes the new field")

        // A new session: the new definition.
        let (new, createdNew) = try server.create("greeter")
        #expect(createdNew.text.contains(#""greeted":"no one""#), "\(createdNew.text)")
        #expect(try server.event(new, #"{"type":"greet","who":"lee"}"#).text.contains(#""greeted":"lee""#))
        #expect(try server.event(new, #"{"type":"greet","name":"kim"}"#).status == 400, "the old field is not the new app's")

        // The old one: its own definition, its past exactly as it was.
        #expect(try (1...3).map { try server.get("/v1/sessions/\(old)?version=\($0)").body } == pastBefore)
        #expect(try server.get("/v1/sessions/\(old)/history").body == historyBefore)
        #expect(try server.event(old, #"{"type":"greet","who":"lee"}"#).status == 400, "the new field is not the old app's")
        let again = try server.event(old, #"{"type":"greet","name":"max"}"#)
        #expect(again.status == 200 && again.text.contains(#""greeted":"max""#), "\(again.text)")
        let rewound = try server.client.request(
            "POST", "/v1/sessions/\(old)/rewind", body: Array(#"{"version":3}"#.utf8), headers: jsonHeader)
        #expect(rewound.status == 200 && rewound.text.contains(#""greeted":"kim""#), "\(rewound.text)")
        #expect(try server.get("/v1/sessions/\(old)?version=2").body == pastBefore[1])
    }

    @Test("SIGHUP with a bad file: the old set is kept, the log names each problem (file, pointer), the server goes on")
    func badReloadKeepsTheOldSet() throws {
        let scratch = try Scratch("reload-bad")
        defer { scratch.cleanUp() }
        let apps = try appsFolder(scratch, ["greeter.json": Self.greeter(version: 1)])
        let server = try StoreServer(dataDir: scratch.sub("data"), ["--apps", apps])
        defer { server.stop() }
        let appsBefore = try server.get("/v1/apps").body
        try write(Self.greeter(version: 2), to: apps + "/greeter.json")
        try write(#"{"id": "broken", "ribs": [{"name": "Root", "nope": 1}]}"#, to: apps + "/bad.json")
        server.ribsd.signal(SIGHUP)
        let refused = try #require(server.logLine("apps reload refused"), "\(server.ribsd.stderr)")
        #expect(refused["level"] as? String == "error")
        #expect(refused["kept"] as? String == "navigation,login,todo,flow,tictactoe,greeter", "\(refused)")
        let problems = server.logLines.filter { $0["msg"] as? String == "apps reload problem" }
        #expect(!problems.isEmpty)
        #expect(
            problems.contains { ($0["file"] as? String)?.hasSuffix("/bad.json") == true && $0["pointer"] as? String == "/ribs/0/nope" },
            "\(problems)")
        #expect(server.logLine("apps reloaded", timeout: 0.5) == nil)
        // Nothing of the new files was taken, not even the good one.
        #expect(try server.get("/v1/apps").body == appsBefore)
        let (id, created) = try server.create("greeter")
        #expect(created.text.contains(#""greeted":"nobody yet""#), "\(created.text)")
        #expect(try server.event(id, #"{"type":"greet","name":"kim"}"#).status == 200)
        #expect(try server.get("/healthz").status == 200)

        // Fixed: the next SIGHUP takes the whole folder.
        try FileManager.default.removeItem(atPath: apps + "/bad.json")
        server.ribsd.signal(SIGHUP)
        let reloaded = try #require(server.logLine("apps reloaded"), "\(server.ribsd.stderr)")
        #expect(reloaded["changed"] as? String == "greeter")
    }

    @Test("SIGHUP after a file's removal: its live sessions go on, a new one is refused as of any unknown app")
    func removedAppKeepsItsSessions() throws {
        let scratch = try Scratch("reload-removed")
        defer { scratch.cleanUp() }
        let apps = try appsFolder(scratch, ["greeter.json": Self.greeter(version: 1)])
        let server = try StoreServer(dataDir: scratch.sub("data"), ["--apps", apps])
        defer { server.stop() }
        let (id, _) = try server.create("greeter")
        try FileManager.default.removeItem(atPath: apps + "/greeter.json")
        server.ribsd.signal(SIGHUP)
        let reloaded = try #require(server.logLine("apps reloaded"), "\(server.ribsd.stderr)")
        #expect(reloaded["removed"] as? String == "greeter" && reloaded["changed"] as? String == "")
        let ids = (try server.get("/v1/apps").json?["apps"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["navigation", "login", "todo", "flow", "tictactoe"])
        let refused = try server.client.request("POST", "/v1/sessions", body: Array(#"{"app":"greeter"}"#.utf8), headers: jsonHeader)
        expectProblem(refused, 422, "unknown_app")
        let greeted = try server.event(id, #"{"type":"greet","name":"kim"}"#)
        #expect(greeted.status == 200 && greeted.text.contains(#""greeted":"kim""#), "\(greeted.text)")
        #expect(try server.get("/v1/sessions/\(id)?version=1").status == 200)
        // A fork runs its source's app, removed or not.
        let fork = try server.client.request(
            "POST", "/v1/sessions", body: Array(#"{"from":{"session":"\#(id)","version":2}}"#.utf8), headers: jsonHeader)
        #expect(fork.status == 201 && fork.text.contains(#""greeted":"kim""#), "\(fork.text)")
    }

    @Test("restart after the file changed, then with it gone and no --apps: the session replays with its own definition")
    func restartKeepsTheDefinition() throws {
        let scratch = try Scratch("reload-restart")
        defer { scratch.cleanUp() }
        let apps = try appsFolder(scratch, ["greeter.json": Self.greeter(version: 1)])
        let data = scratch.sub("data")
        var server = try StoreServer(dataDir: data, ["--apps", apps])
        let (id, _) = try server.create("greeter")
        let (twin, _) = try server.create("greeter")
        _ = try server.event(id, #"{"type":"greet","name":"kim"}"#)
        let state = try server.get("/v1/sessions/\(id)").body
        let first = try server.get("/v1/sessions/\(id)?version=1").body
        #expect(server.stop()?.status == 0)

        try write(Self.greeter(version: 2), to: apps + "/greeter.json")
        server = try StoreServer(dataDir: data, ["--apps", apps])
        #expect(server.restored == 2)
        #expect(try server.get("/v1/sessions/\(id)").body == state)
        #expect(try server.get("/v1/sessions/\(id)?version=1").body == first)
        let greeted = try server.event(id, #"{"type":"greet","name":"max"}"#)
        #expect(greeted.status == 200 && greeted.text.contains(#""greeted":"max""#), "\(greeted.text)")
        let (new, createdNew) = try server.create("greeter")
        #expect(createdNew.text.contains(#""greeted":"no one""#), "\(createdNew.text)")
        let moved = try server.get("/v1/sessions/\(id)").body
        #expect(server.stop()?.status == 0)

        // Two sessions of the first version, one of the second: one stored copy of each definition.
        if pythonAvailable(for: "restartKeepsTheDefinition") {
            let counted = python(
                """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                print(db.execute('SELECT count(*) FROM definitions').fetchone()[0],
                      db.execute('SELECT count(DISTINCT definition) FROM sessions').fetchone()[0])
                """, [data + "/sessions.sqlite3"])
            #expect(counted.output.trimmingCharacters(in: .whitespacesAndNewlines) == "2 2", "\(counted.output)")
        }

        try FileManager.default.removeItem(atPath: apps + "/greeter.json")
        server = try StoreServer(dataDir: data)
        defer { server.stop() }
        #expect(server.restored == 3)
        #expect(try server.get("/v1/sessions/\(id)").body == moved)
        #expect(try server.get("/v1/sessions/\(twin)").text.contains(#""greeted":"nobody yet""#))
        #expect(try server.event(new, #"{"type":"greet","who":"ann"}"#).text.contains(#""greeted":"ann""#))
        let refused = try server.client.request("POST", "/v1/sessions", body: Array(#"{"app":"greeter"}"#.utf8), headers: jsonHeader)
        expectProblem(refused, 422, "unknown_app")
    }

    @Test("a data dir of schema 1 (before definitions were kept) opens, migrates, and its sessions restore as before")
    func migratesSchemaOne() throws {
        guard pythonAvailable(for: "migratesSchemaOne") else { return }
        let scratch = try Scratch("reload-migrate")
        defer { scratch.cleanUp() }
        let data = scratch.sub("data")
        var server = try StoreServer(dataDir: data)
        let (id, _) = try server.create("login")
        _ = try server.event(id, #"{"type":"login","name":"kim"}"#)
        let state = try server.get("/v1/sessions/\(id)").body
        #expect(server.stop()?.status == 0)
        // Back to schema 1: what a data dir of the previous ribsd holds.
        let file = data + "/sessions.sqlite3"
        let downgraded = python(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('ALTER TABLE sessions DROP COLUMN definition; DROP TABLE definitions; PRAGMA user_version = 1;')
            db.close()
            """, [file])
        #expect(downgraded.status == 0, "\(downgraded.output)")

        server = try StoreServer(dataDir: data)
        #expect(server.restored == 1)
        #expect(try server.get("/v1/sessions/\(id)").body == state)
        #expect(try server.event(id, #"{"type":"logout"}"#).status == 200)
        #expect(server.stop()?.status == 0)
        let schema = python(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(db.execute('PRAGMA user_version').fetchone()[0],
                  [r[1] for r in db.execute('PRAGMA table_info(sessions)')][-1],
                  db.execute("SELECT count(*) FROM sqlite_schema WHERE name = 'definitions'").fetchone()[0])
            """, [file])
        #expect(schema.output.trimmingCharacters(in: .whitespacesAndNewlines) == "2 definition 1", "\(schema.output)")
    }

    @Test("SIGHUP without --apps: nothing to reload, said so; the server goes on")
    func reloadWithoutFolder() throws {
        let scratch = try Scratch("reload-none")
        defer { scratch.cleanUp() }
        let server = try StoreServer(dataDir: scratch.sub("data"))
        defer { server.stop() }
        server.ribsd.signal(SIGHUP)
        #expect(server.logLine("apps not reloaded")?["level"] as? String == "warn", "\(server.ribsd.stderr)")
        #expect(try server.get("/healthz").status == 200)
        #expect(try server.create("login").answer.status == 201)
    }

    // MARK: - Helpers

    /// A folder `apps` in the scratch folder with `files` (name: content) in it.
    private func appsFolder(_ scratch: Scratch, _ files: [String: String]) throws -> String {
        let folder = scratch.sub("apps")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try write(text, to: folder + "/" + name) }
        return folder
    }

    /// Replaces a file whole (a new inode, as an editor's save or a deploy's copy does).
    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The field names of `app`'s declared events in a `GET /v1/apps` answer.
    private func declaredFields(_ answer: HTTPResult, app: String) -> [String] {
        let apps = answer.json?["apps"] as? [[String: Any]] ?? []
        let events = apps.first { $0["id"] as? String == app }?["declaredEvents"] as? [[String: Any]] ?? []
        return events.flatMap { ($0["fields"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
    }
}
