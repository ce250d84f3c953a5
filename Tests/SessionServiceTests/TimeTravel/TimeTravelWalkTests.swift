import AppHosting
import Foundation
import TestSupport
import Testing

@testable import SessionService

/// The issue's checks on every built-in app: a random walk of 500 events (a few rewinds among them), then past
/// reads, rewinds, forks and diffs checked against what the walk was answered. Each app's seed is fixed and
/// named in every failure, so a failing walk replays as it ran.
@Suite("time travel over random walks")
struct TimeTravelWalkTests {
    static let apps = ["navigation", "login", "todo", "flow", "tictactoe"]
    /// Events a walk sends.
    static let steps = 500
    /// Versions (or pairs) each test checks of a walk: enough to cover it, few enough under ThreadSanitizer.
    static let checks = 20

    static func seed(_ app: String) -> UInt64 { 0x7137_0000 + UInt64(apps.firstIndex(of: app) ?? 99) }

    /// A random walk of `steps` events (a few rewinds among them) on a new session of `app`; returns the session
    /// and every version's document as it was answered.
    static func walk(_ client: ServiceClient, app: String, steps: Int, seed: UInt64) throws -> (id: String, answered: [Int: [UInt8]]) {
        let created = try client.create(app: app)
        let id = try #require(created.json?["session"] as? String)
        var answered = [1: created.body]
        var version = 1
        var random = SplitMix64(seed: seed)
        for _ in 0..<steps {
            let response: HTTPResult
            if version > 2, Int.random(in: 0..<20, using: &random) == 0 {
                let target = Int.random(in: 1..<version, using: &random)
                response = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":\#(target)}"#)
                #expect(response.status == 200, "walk \(seed): \(response.text)")
                if let etag = response.header("ETag"), Int(etag.dropFirst().dropLast()) != version {
                    #expect(
                        TimeTravelTests.fields(response.body) == TimeTravelTests.fields(try #require(answered[target])),
                        "walk \(seed): rewind to \(target)")
                }
            } else {
                response = try client.send(id, Self.randomEvent(for: app, &random))
            }
            guard response.status == 200, let etag = response.header("ETag"), let now = Int(etag.dropFirst().dropLast()) else { continue }
            if now != version {
                #expect(now == version + 1, "walk \(seed)")
                answered[now] = response.body
                version = now
            }
        }
        return (id, answered)
    }

    /// A random event for `app`: tictactoe's own types mostly (its taps), the built-in types for the others.
    static func randomEvent(for app: String, _ random: inout SplitMix64) -> String {
        guard app == "tictactoe", Int.random(in: 0..<10, using: &random) > 0 else {
            return String(decoding: RefusalTests.randomEvent(&random).canonicalJSON, as: UTF8.self)
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return #"{"type":"loginPlayers","player1Name":"ann","player2Name":"bo"}"#
        case 1: return #"{"type":"startGame","gameId":"\#(Bool.random(using: &random) ? "tictactoe" : "randomwin")"}"#
        case 2: return #"{"type":"determineWinner"}"#
        case 3: return #"{"type":"closeGame"}"#
        default:
            let (row, col) = (Int.random(in: 0...2, using: &random), Int.random(in: 0...2, using: &random))
            return #"{"type":"placeMark","row":\#(row),"col":\#(col)}"#
        }
    }

    /// Sends a history entry's step again: its event, or its rewind (to the same version: versions are never
    /// renumbered).
    static func resend(_ entry: [String: Any], to id: String, _ client: ServiceClient) throws -> HTTPResult {
        let step = try #require(entry["event"] as? [String: Any])
        if step["type"] as? String == "rewind" {
            return try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":\#(try #require(step["version"] as? Int))}"#)
        }
        return try client.send(id, String(decoding: try JSONSerialization.data(withJSONObject: step), as: UTF8.self))
    }

    @Test("a random walk of 500 events on every built-in app: every past version reads as the bytes answered then", arguments: apps)
    func everyVersionAsAnswered(app: String) throws {
        try withTestServer { client in
            let seed = Self.seed(app)
            let (id, answered) = try Self.walk(client, app: app, steps: Self.steps, seed: seed)
            #expect(answered.count >= 25, "walk \(seed): only \(answered.count) versions")
            for (version, body) in answered.sorted(by: { $0.key < $1.key }) {
                let read = try client.get("/v1/sessions/\(id)?version=\(version)")
                #expect(read.status == 200 && read.body == body, "walk \(seed), version \(version): \(read.text)")
                #expect(read.header("ETag") == "\"\(version)\"")
            }
            // The history lists the rewinds beside the events, one entry per version.
            let history = try #require(client.history(id).json?["events"] as? [[String: Any]])
            #expect(history.count == answered.count - 1, "walk \(seed)")
            #expect(history.contains { ($0["event"] as? [String: Any])?["type"] as? String == "rewind" }, "walk \(seed)")
        }
    }

    @Test(
        "after a walk on every built-in app, a rewind to a random version then its steps again give the states they gave", arguments: apps)
    func rewindThenReplay(app: String) throws {
        try withTestServer { client in
            let seed = Self.seed(app)
            let (id, answered) = try Self.walk(client, app: app, steps: Self.steps, seed: seed)
            let history = try #require(client.history(id).json?["events"] as? [[String: Any]])
            let last = history.count + 1
            var random = SplitMix64(seed: seed ^ 0xBAC)
            for check in 0..<Self.checks {
                let target = Int.random(in: 1...last, using: &random)
                let rewound = try client.request("POST", "/v1/sessions/\(id)/rewind", body: #"{"version":\#(target)}"#)
                #expect(rewound.status == 200, "walk \(seed): rewind to \(target): \(rewound.text)")
                #expect(
                    TimeTravelTests.fields(rewound.body) == TimeTravelTests.fields(try #require(answered[target])),
                    "walk \(seed): rewind to \(target)")
                // The steps that followed `target` the first time, each giving the state it gave then; the last
                // check replays all the way to the walk's end.
                let end = check == Self.checks - 1 ? last : min(last, target + 12)
                guard target < end else { continue }
                for version in (target + 1)...end {
                    let again = try Self.resend(history[version - 2], to: id, client)
                    let first = try #require(answered[version])
                    #expect(
                        again.status == 200 && TimeTravelTests.fields(again.body) == TimeTravelTests.fields(first),
                        "walk \(seed): from \(target), the step of version \(version) again: \(again.text)")
                }
            }
        }
    }

    @Test("after a walk on every built-in app, forks at random versions start there and go their own ways", arguments: apps)
    func forksAreIndependent(app: String) throws {
        try withTestServer { client in
            let seed = Self.seed(app)
            let (source, answered) = try Self.walk(client, app: app, steps: Self.steps, seed: seed)
            let sourceHistory = try #require(client.history(source).json?["events"] as? [Any])
            var random = SplitMix64(seed: seed ^ 0xF0C)
            var forks: [String] = []
            let sourceBefore = try client.snapshot(source)
            for _ in 0..<(Self.checks / 2) {
                let version = Int.random(in: 1...answered.count, using: &random)
                let forked = try client.request("POST", "/v1/sessions", body: #"{"from":{"session":"\#(source)","version":\#(version)}}"#)
                #expect(
                    forked.status == 201 && forked.header("ETag") == "\"\(version)\"", "walk \(seed): fork at \(version): \(forked.text)")
                let fork = try #require(forked.json?["session"] as? String)
                #expect(
                    TimeTravelTests.fields(forked.body, without: "session")
                        == TimeTravelTests.fields(try #require(answered[version]), without: "session"),
                    "walk \(seed): fork at \(version)")
                #expect(
                    try client.history(fork).json?["events"] as? NSArray == NSArray(array: Array(sourceHistory.prefix(version - 1))),
                    "walk \(seed): fork at \(version)")
                // Its past reads as the source's.
                let past = Int.random(in: 1...version, using: &random)
                #expect(
                    TimeTravelTests.fields(try client.get("/v1/sessions/\(fork)?version=\(past)").body, without: "session")
                        == TimeTravelTests.fields(try #require(answered[past]), without: "session"),
                    "walk \(seed): fork at \(version), its version \(past)")
                forks.append(fork)
            }
            // The forks move on: the source stays as it was; then the source moves on, and the forks stay.
            /// Sends random events to `session`; returns how many changed it.
            func move(_ session: String, events: Int) throws -> Int {
                var changed = 0
                var version = try client.state(session).etagVersion
                for _ in 0..<events {
                    let now = try client.send(session, Self.randomEvent(for: app, &random)).etagVersion ?? version
                    if now != version { changed += 1 }
                    version = now
                }
                return changed
            }
            var forksMoved = 0
            for fork in forks { forksMoved += try move(fork, events: 10) }
            try client.expectUnchanged(source, since: sourceBefore)
            let forksBefore = try forks.map { try client.snapshot($0) }
            let sourceMoved = try move(source, events: 30)
            for (fork, before) in zip(forks, forksBefore) { try client.expectUnchanged(fork, since: before) }
            #expect(
                forksMoved > 0 && sourceMoved > 0, "walk \(seed): \(forksMoved) events applied to the forks, \(sourceMoved) to the source")
        }
    }

    @Test("after a walk on every built-in app, a diff applied to A's document gives B's, for random pairs", arguments: apps)
    func diffsApply(app: String) throws {
        try withTestServer { client in
            let seed = Self.seed(app)
            let (id, answered) = try Self.walk(client, app: app, steps: Self.steps, seed: seed)
            var random = SplitMix64(seed: seed ^ 0xD1FF)
            let versions = answered.keys.sorted()
            for check in 0..<(Self.checks * 2) {
                let a = versions.randomElement(using: &random)!
                // Neighbours too: most of a client's diffs are of one step.
                let b = check % 2 == 0 ? min(a + 1, versions.count) : versions.randomElement(using: &random)!
                let patch = try client.get("/v1/sessions/\(id)/diff?from=\(a)&to=\(b)")
                #expect(patch.status == 200 && patch.header("Content-Type") == "application/json-patch+json", "walk \(seed): \(a) to \(b)")
                let patched = try JSONPatchApplier.apply(patch.body, to: try #require(answered[a]))
                let target = try JSONSerialization.jsonObject(with: Data(try #require(answered[b])))
                #expect((patched as? NSDictionary) == (target as? NSDictionary), "walk \(seed): \(a) to \(b): \(patch.text)")
                if a == b { #expect(patch.text == "[]") }
            }
        }
    }
}
