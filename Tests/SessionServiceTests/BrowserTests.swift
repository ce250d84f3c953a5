import Foundation
import HTTPServer
import Locking
import Testing

/// The viewer page (`GET /`) in a real browser: `scripts/browser-test` drives headless Chromium over the
/// DevTools protocol through the page's own buttons; this test checks what the DOM then shows.
/// Screenshots land in `artifacts/browser/` (git-ignored).
@Suite("viewer page in headless Chromium", .serialized)
struct BrowserTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The first of `names` found on PATH.
    static func executable(_ names: String...) -> String? {
        names.lazy.compactMap { name in
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
                .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }.first
    }

    /// The browser the script would use, if any.
    static let chromium = executable("chromium", "chromium-browser", "google-chrome")

    @Test(
        "login → push A → present Profile through the page; every app renders and takes an event",
        .enabled(if: chromium != nil, "Chromium is not installed: run scripts/install-deps chromium"),
        .enabled(if: executable("python3") != nil, "python3 is needed to drive Chromium"))
    func walkthrough() throws {
        try withTestServer { client in
            let result = try Self.run("walkthrough", port: client.port)
            let apps = try #require(result["apps"] as? [String: [String: Any]])

            let login = try #require(apps["login"])
            #expect(login["status"] as? String == "live")
            #expect(login["version"] as? Int == 4)
            let root = try #require(login["tree"] as? [String: Any])
            #expect(
                Self.outline(root) == [
                    "Root launch active",
                    "  HomeFlow viewless active",
                    "    Home viewable active", "    A viewable active", "    Profile viewable active",
                ])
            #expect(Self.layers(login) == ["root: Home A", "pageSheet: Profile"])
            #expect(login["accepts"] as? [String] == ["dismiss", "didDismiss", "logout"])

            #expect(Self.layers(apps["navigation"] ?? [:]) == ["root: Root", "fullScreen: Navigation A"])
            let todo = Self.outline(apps["todo"]?["tree"] as? [String: Any] ?? [:])
            #expect(todo == ["Root launch active", "  Todo viewable active"])
            #expect(Self.layers(apps["flow"] ?? [:]) == ["root: AppInit Main"])
            #expect(
                Self.outline(apps["flow"]?["tree"] as? [String: Any] ?? [:]) == [
                    "AppFlow flow active", "  AppInit presentable active", "  MainFlow flow active",
                    "    Main presentable active",
                ])
            for app in ["login", "navigation", "todo", "flow"] {
                let path = try #require(apps[app]?["screenshot"] as? String)
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                #expect(size > 10_000, "screenshot \(path) is missing or empty")
            }
        }
    }

    @Test(
        "a refused stream is retried, typed text survives another client's event, a dropped stream resumes",
        .enabled(if: chromium != nil, "Chromium is not installed: run scripts/install-deps chromium"),
        .enabled(if: executable("python3") != nil, "python3 is needed to drive Chromium"))
    func resilience() throws {
        var oneStream = testServerConfiguration()
        oneStream.maxStreams = 1
        // Heartbeats a minute apart: a stream whose client left must make room because the server looks for
        // departed clients before it refuses a stream, not because a heartbeat found it out.
        oneStream.streamHeartbeatInterval = .seconds(60)
        try withTestServer(server: oneStream) { client in
            let steps = try #require(try Self.run("resilience", port: client.port)["steps"] as? [String: [String: Any]])
            let home = ["Root launch active", "  HomeFlow viewless active", "    Home viewable active"]

            // Another client held the only stream: nothing shown yet, and the page says it will try again.
            let refused = try #require(steps["refused"])
            #expect(refused["status"] as? String == "reconnecting")
            #expect(refused["statusText"] as? String == "stream refused · retrying in 5 s")
            #expect(refused["tree"] is NSNull && Self.layers(refused).isEmpty)

            let retried = try #require(steps["retried"])
            #expect(retried["status"] as? String == "live")
            #expect(retried["version"] as? Int == 2)
            #expect(Self.outline(retried["tree"] as? [String: Any] ?? [:]) == home)
            #expect(Self.layers(retried) == ["root: Home"])

            // "B" typed into push's field, then another client pushed A: the page made its event rows again for
            // the new state (didPop prefilled with the top screen) and kept the "B".
            let typed = try #require(steps["typed"])
            #expect(typed["version"] as? Int == 3)
            #expect(Self.layers(typed) == ["root: Home A"])
            #expect(typed["accepts"] as? [String] == ["push", "pop", "didPop", "present", "logout"])
            #expect(
                typed["fields"] as? [String: String] == [
                    "push.screen": "B", "didPop.screen": "A", "present.screen": "Profile", "present.style": "",
                ])

            let dropped = try #require(steps["dropped"])
            #expect(dropped["status"] as? String == "reconnecting")
            #expect(dropped["version"] as? Int == 3)
            // Resumed at the version it had: live again without a state event (nothing rendered).
            let resumed = try #require(steps["resumed"])
            #expect(resumed["renders"] as? Int == 0)
            #expect(resumed["status"] as? String == "live")
            #expect(resumed["statusText"] as? String == "live · v3")
            #expect(Self.layers(resumed) == ["root: Home A"])
            // Another client popped A while the page was offline: the resumed stream brings version 4.
            let caughtUp = try #require(steps["caughtUp"])
            #expect(caughtUp["status"] as? String == "live")
            #expect(caughtUp["statusText"] as? String == "live · v4")
            #expect(Self.outline(caughtUp["tree"] as? [String: Any] ?? [:]) == home)
            #expect(Self.layers(caughtUp) == ["root: Home"])
        }
    }

    @Test(
        "a leaking RIB's objects are listed by name, kind and reason",
        .enabled(if: chromium != nil, "Chromium is not installed: run scripts/install-deps chromium"),
        .enabled(if: executable("python3") != nil, "python3 is needed to drive Chromium"))
    func leaks() throws {
        try withTestServer(registry: testRegistry(LabApps.leaky())) { client in
            let shown = try #require(try Self.run("leaks", port: client.port)["leaks"] as? [String: Any])
            #expect(shown["version"] as? Int == 3)
            #expect(Self.layers(shown) == ["root: Root"])
            #expect(
                shown["leaks"] as? String
                    == "Leaks: Sheet router (stillAlive), Sheet interactor (stillAlive), Sheet viewController (stillAlive)")
        }
    }

    @Test(
        "a tab bar's layer shows its tabs, the selected one marked, above the selected tab's stack",
        .enabled(if: chromium != nil, "Chromium is not installed: run scripts/install-deps chromium"),
        .enabled(if: executable("python3") != nil, "python3 is needed to drive Chromium"))
    func tabs() throws {
        try withTestServer(registry: testRegistry(LabTabApp.tabs())) { client in
            let shown = try Self.run("tabs", port: client.port)
            func tabBar(_ snapshot: Any?) -> [String] {
                ((snapshot as? [String: Any])?["layers"] as? [[String: Any]])?.compactMap { $0["tabs"] as? [String] }.first ?? []
            }
            #expect(tabBar(shown["feed"]) == ["*Feed", "Settings"])
            let feed = Self.layers(try #require(shown["feed"] as? [String: Any]))
            #expect(feed == ["root: Root", "fullScreen: Feed A"], "\(feed)")
            #expect(tabBar(shown["settings"]) == ["Feed", "*Settings"])
            let settings = Self.layers(try #require(shown["settings"] as? [String: Any]))
            #expect(settings == ["root: Root", "fullScreen: Settings"], "\(settings)")
        }
    }

    /// Runs one scenario of the script against the server on `port` and returns what it printed.
    static func run(_ scenario: String, port: UInt16) throws -> [String: Any] {
        let artifacts = packageRoot.appendingPathComponent("artifacts/browser").path
        let run = try runScript(baseURL: "http://127.0.0.1:\(port)", artifacts: artifacts, scenario: scenario)
        try #require(run.status == 0, "scripts/browser-test exited \(run.status)\nstdout: \(run.output)\nstderr: \(run.errors)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "output: \(run.output)")
        // The page's own scripts threw nothing along the way (an exception or a rejected promise left unhandled).
        #expect((result["scriptErrors"] as? [Any])?.isEmpty == true, "script errors: \(result["scriptErrors"] ?? "none reported")")
        return result
    }

    /// "name kind active|inactive" per node, indented two spaces per level.
    static func outline(_ node: [String: Any], depth: Int = 0) -> [String] {
        guard let name = node["name"] as? String else { return [] }
        let line =
            String(repeating: "  ", count: depth) + "\(name) \(node["kind"] as? String ?? "?") "
            + ((node["active"] as? Bool ?? false) ? "active" : "inactive")
        let children = node["children"] as? [[String: Any]] ?? []
        return [line] + children.flatMap { outline($0, depth: depth + 1) }
    }

    /// "style: screen screen" per layer, as the page shows them.
    static func layers(_ snapshot: [String: Any]) -> [String] {
        (snapshot["layers"] as? [[String: Any]] ?? []).map { layer in
            "\(layer["style"] as? String ?? "?"): " + (layer["stack"] as? [String] ?? []).joined(separator: " ")
        }
    }

    /// Runs the script (at most 3 minutes) and returns its exit status, stdout and stderr.
    static func runScript(baseURL: String, artifacts: String, scenario: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "timeout", "180", packageRoot.appendingPathComponent("scripts/browser-test").path,
            baseURL, artifacts, scenario,
        ]
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read stderr on another thread so neither pipe can fill up and stall the script.
        let errorText = Lock(Data())
        let reader = Thread { errorText.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() } }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while reader.isExecuting || !reader.isFinished { usleep(1_000) }
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorText.withLock { $0 }, as: UTF8.self)
        )
    }
}
