import AppHosting
import BuiltinApps
import Foundation
import SQLiteStore
import SessionStorage
import Testing

@testable import SessionService

@Suite("SessionService over a real SQLite store: restarts, expiry, store failures, --store memory")
struct StoreSeamTests {
    static let pushA = #"{"type":"push","screen":"A"}"#
    static let pushB = #"{"type":"push","screen":"B"}"#
    static let pop = #"{"type":"pop"}"#

    @Test("a restart brings back state bytes, ETag, history with its times, and keyed answers byte for byte")
    func restart() throws {
        try withDataDirectory { directory in
            let noOp = #"{"type":"didPop","screen":"C"}"#
            let first = try withStoredServer(directory: directory) { client, _, restored in
                #expect(restored == 0)
                let login = try client.loggedInSession()
                try client.apply(login, Self.pushA)
                let navigation = try client.createSession(app: "navigation")
                let keyed = try client.send(navigation, Self.pushA, headers: [("Idempotency-Key", "k-push")])
                try #require(keyed.status == 200 && keyed.etagVersion == 2, "\(keyed.text)")
                try client.apply(navigation, Self.pushB)
                // Kept by a `remember`: a keyed request that changed nothing.
                let unchanged = try client.send(navigation, noOp, headers: [("Idempotency-Key", "k-noop")])
                try #require(unchanged.status == 200 && unchanged.etagVersion == 3, "\(unchanged.text)")
                return (
                    login: login, navigation: navigation, snapshots: [try client.snapshot(login), try client.snapshot(navigation)],
                    keyed: keyed.wire, unchanged: unchanged.wire
                )
            }
            let navigation = first.navigation
            let after = try withStoredServer(directory: directory) { client, _, restored in
                #expect(restored == 2)
                #expect(client.service.sessionCount == 2)
                try client.expectUnchanged(first.login, since: first.snapshots[0])
                try client.expectUnchanged(navigation, since: first.snapshots[1])
                // Answered from the stored answers, not applied again: the push of A made version 2, and its
                // retry says so at version 3.
                #expect(try client.send(navigation, Self.pushA, headers: [("Idempotency-Key", "k-push")]).wire == first.keyed)
                #expect(try client.send(navigation, noOp, headers: [("Idempotency-Key", "k-noop")]).wire == first.unchanged)
                // The stored body digest came back with the answer.
                expectProblem(
                    try client.send(navigation, Self.pop, headers: [("Idempotency-Key", "k-push")]), status: 422,
                    code: "idempotency_key_reused")
                try client.expectUnchanged(navigation, since: first.snapshots[1])
                // Life goes on from the restored version, and what follows is stored too.
                let next = try client.send(navigation, Self.pop)
                #expect(next.status == 200 && next.etagVersion == 4, "\(next.text)")
                return try client.snapshot(navigation)
            }
            try withStoredServer(directory: directory) { client, _, restored in
                #expect(restored == 2)
                try client.expectUnchanged(navigation, since: after)
                try client.expectUnchanged(first.login, since: first.snapshots[0])
            }
        }
    }

    @Test("a session deleted before a restart stays gone; the others come back")
    func deletedStaysGone() throws {
        try withDataDirectory { directory in
            let (gone, kept, snapshot) = try withStoredServer(directory: directory) { client, _, _ in
                let gone = try client.loggedInSession(), kept = try client.loggedInSession()
                #expect(try client.delete(gone).status == 204)
                return (gone, kept, try client.snapshot(kept))
            }
            try withStoredServer(directory: directory) { client, store, restored in
                #expect(restored == 1)
                #expect(try store.log(of: gone) == nil)
                expectProblem(try client.state(gone), status: 404, code: "session_not_found")
                expectProblem(try client.send(gone, Self.pushA), status: 404, code: "session_not_found")
                try client.expectUnchanged(kept, since: snapshot)
            }
        }
    }

    @Test("the TTL counts across a restart from the stored last access; a session expired dormant is dropped without a replay")
    func ttlAcrossRestart() throws {
        let configuration = ServiceConfiguration(sessionTTL: 10)
        let firstClock = ManualClock()
        try withDataDirectory { directory in
            let (used, idle, swept, snapshot) = try withStoredServer(directory: directory, configuration: configuration, clock: firstClock)
            {
                client, _, _ in
                let used = try client.createSession(app: "login")
                let idle = try client.createSession(app: "todo"), swept = try client.createSession(app: "todo")
                firstClock.advance(seconds: 3)
                // Read at +3 s: the store is told of that access (written at the latest when it closes).
                return (used, idle, swept, try client.snapshot(used))
            }
            // Down for 6 s more by the wall clock; a new process's uptime starts over. Without `todo` hosted, a
            // replay of the todo sessions would answer 410 session_not_restorable.
            let secondClock = ManualClock(milliseconds: ManualClock.epoch + 9000)
            let withoutTodo = AppRegistry(apps: BuiltinApps.registry.apps.filter { $0.id != "todo" }, defaultAppID: "login")
            try withStoredServer(directory: directory, registry: withoutTodo, configuration: configuration, clock: secondClock) {
                client, _, restored in
                #expect(restored == 3)
                // `used` idle 8 s (since its read), the todo sessions 11 s (since their creation): past the TTL.
                secondClock.advance(seconds: 2)
                expectProblem(try client.state(idle), status: 404, code: "session_not_found")
                #expect(client.service.expireIdleSessions() == 1, "the other todo session, swept while dormant")
                #expect(client.service.sessionCount == 1)
                // Counted from its creation, `used` would have expired too: the touch at +3 s was stored.
                try client.expectUnchanged(used, since: snapshot)
            }
            try withStoredServer(
                directory: directory, configuration: configuration, clock: ManualClock(milliseconds: ManualClock.epoch + 12_000)
            ) {
                (client: ServiceClient, store: SQLiteSessionStore, restored: Int) throws in
                #expect(restored == 1, "both expirations reached the store")
                #expect(try store.sessions().map(\.id) == [used])
                #expect(try store.log(of: idle) == nil)
                #expect(try store.log(of: swept) == nil)
            }
        }
    }

    @Test("a store that cannot commit: 503 store_unavailable with Retry-After, the session exactly as before, its stream told nothing")
    func storeClosed() throws {
        try withDataDirectory { directory in
            try withStoredServer(directory: directory) { client, store, _ in
                let (id, watcher, before) = try client.watchedLoggedInSession()
                store.close()
                for _ in 0..<2 {
                    // The second time too: a refused key is not remembered as if its request had applied.
                    let refused = try client.send(id, Self.pushA, headers: [("Idempotency-Key", "k")])
                    expectProblem(refused, status: 503, code: "store_unavailable")
                    #expect(refused.header("Retry-After") == "1")
                    try client.expectUnchanged(id, since: before)
                }
                expectProblem(try client.create(app: "todo"), status: 503, code: "store_unavailable")
                #expect(client.service.sessionCount == 1, "a creation not stored is not kept")
                expectProblem(try client.delete(id), status: 503, code: "store_unavailable")
                try client.expectUnchanged(id, since: before)
                // Had the refused event been published, it would come before the end the shutdown sends.
                client.service.endStreams()
                let next = try watcher.next()
                #expect(next.event == "end" && next.data == #"{"reason":"shutdown"}"#, "got \(next.event) \(next.id ?? "-") \(next.data)")
            }
        }
    }

    @Test("a full store (maxBytes): 503 and the session as it was; with room made, the same request applies, and a restart shows it")
    func storeFull() throws {
        try withDataDirectory { directory in
            let (id, after) = try withStoredServer(directory: directory, maxBytes: 65536) { client, _, _ in
                // Keyed answers (whole states) that its deletion frees later: pages of them, as a B-tree only
                // reuses whole free pages for another session's rows.
                let filler = try client.createSession(app: "navigation")
                for round in 0..<40 {
                    let response = try client.send(
                        filler, round % 2 == 0 ? Self.pushA : Self.pop, headers: [("Idempotency-Key", "f-\(round)")])
                    try #require(response.status == 200, "\(response.text)")
                }
                let id = try client.createSession(app: "navigation")
                var refused: (event: String, key: String, before: SessionSnapshot)?
                for round in 0..<1000 where refused == nil {
                    let event = round % 2 == 0 ? Self.pushA : Self.pop, key = "t-\(round)"
                    let before = try client.snapshot(id)
                    let response = try client.send(id, event, headers: [("Idempotency-Key", key)])
                    guard response.status != 200 else { continue }
                    expectProblem(response, status: 503, code: "store_unavailable")
                    #expect(response.header("Retry-After") == "1")
                    try client.expectUnchanged(id, since: before)
                    refused = (event, key, before)
                }
                let (event, key, before) = try #require(refused, "64 KiB never filled up")
                expectProblem(try client.send(id, event, headers: [("Idempotency-Key", key)]), status: 503, code: "store_unavailable")
                #expect(
                    try storeMetricLines(client).contains {
                        $0.hasPrefix("ribsd_store_errors_total ") && $0 != "ribsd_store_errors_total 0"
                    })
                #expect(try client.delete(filler).status == 204)
                // Applied now: the tree was put back as it was (a push of A onto A, or a pop of nothing, is refused).
                let retried = try client.send(id, event, headers: [("Idempotency-Key", key)])
                let version = try #require(before.etag.flatMap { Int($0.dropFirst().dropLast()) })
                #expect(retried.status == 200 && retried.etagVersion == version + 1, "\(retried.status) \(retried.text)")
                return (id, try client.snapshot(id))
            }
            try withStoredServer(directory: directory) { client, _, restored in
                #expect(restored == 1)
                try client.expectUnchanged(id, since: after)
            }
        }
    }

    @Test("--store memory (no records): nothing restored, ready, no store metrics, every answer byte for byte the SQLite path's")
    func memoryPath() throws {
        let memory = try withTestServer(clock: ManualClock(), ids: CounterIDs()) { client in
            #expect(try client.service.restoreSessions() == 0)
            let answers = try Self.script(client)
            #expect(try storeMetricLines(client).isEmpty)
            return answers
        }
        let stored = try withDataDirectory { directory in
            try withStoredServer(directory: directory, clock: ManualClock(), ids: CounterIDs()) { client, _, _ in
                let answers = try Self.script(client)
                // A creation, three events, a kept no-op answer, a deletion: the refused and repeated requests store nothing.
                let lines = try storeMetricLines(client)
                #expect(lines.contains("ribsd_store_records_total 6"), "\(lines)")
                return answers
            }
        }
        #expect(memory.map(\.status) == [201, 200, 200, 200, 200, 200, 409, 200, 200, 204, 404, 200])
        #expect(memory == stored)
    }

    /// Requests of every kind that the store sees, their answers in order.
    static func script(_ client: ServiceClient) throws -> [Wire] {
        let created = try client.create(app: "login")
        let id = try #require(created.json?["session"] as? String)
        var answers = [created.wire]
        let events: [(String, String?)] = [
            (#"{"type":"login","name":"kim"}"#, nil), (pushA, "k"), (pushA, "k"), (#"{"type":"present","screen":"Profile"}"#, nil),
            (#"{"type":"didPop","screen":"B"}"#, "n"), (#"{"type":"login","name":"lee"}"#, nil),
        ]
        for (event, key) in events {
            answers.append(try client.send(id, event, headers: key.map { [("Idempotency-Key", $0)] } ?? []).wire)
        }
        for response in [
            try client.state(id), try client.history(id), try client.delete(id), try client.state(id), try client.get("/readyz"),
        ] {
            answers.append(response.wire)
        }
        return answers
    }
}

@Suite("RibsdOptions.parse: where sessions are kept")
struct StoreOptionsParseTests {
    @Test("defaults: sqlite in ./ribsd-data, sync normal, no size cap; the four flags and variables are in --help")
    func defaults() throws {
        let store = try RibsdOptions.parse([], environment: [:]).store
        #expect(store.engine == .sqlite && store.dataDirectory == "./ribsd-data" && store.sync == .normal && store.maxBytes == nil)
        for name in [
            "--store", "RIBSD_STORE", "--data-dir", "RIBSD_DATA_DIR", "--sync", "RIBSD_SYNC", "--max-store-bytes", "RIBSD_MAX_STORE_BYTES",
        ] {
            #expect(RibsdOptions.usage.contains(name), "\(name) missing from --help")
        }
    }

    @Test("flags in both spellings, the environment as fallback, a flag over the environment, empty as unset")
    func values() throws {
        let flags = try RibsdOptions.parse(
            ["--store", "memory", "--data-dir=/var/lib/ribsd", "--sync", "full", "--max-store-bytes=65536"], environment: [:]
        ).store
        #expect(flags.engine == .memory && flags.dataDirectory == "/var/lib/ribsd" && flags.sync == .full && flags.maxBytes == 65536)
        let environment = ["RIBSD_STORE": "memory", "RIBSD_DATA_DIR": "/data", "RIBSD_SYNC": "full", "RIBSD_MAX_STORE_BYTES": "1048576"]
        let fromEnvironment = try RibsdOptions.parse([], environment: environment).store
        #expect(fromEnvironment.engine == .memory && fromEnvironment.dataDirectory == "/data")
        #expect(fromEnvironment.sync == .full && fromEnvironment.maxBytes == 1_048_576)
        let flagWins = try RibsdOptions.parse(
            ["--store=sqlite", "--data-dir", "here", "--sync=normal", "--max-store-bytes", "1125899906842624"], environment: environment
        ).store
        #expect(flagWins.engine == .sqlite && flagWins.dataDirectory == "here" && flagWins.sync == .normal && flagWins.maxBytes == 1 << 50)
        let empty = try RibsdOptions.parse(
            [], environment: ["RIBSD_STORE": "", "RIBSD_DATA_DIR": "", "RIBSD_SYNC": "", "RIBSD_MAX_STORE_BYTES": ""]
        ).store
        #expect(empty == StoreOptions())
    }

    @Test("--store redis://HOST:PORT/DB names a shared store; a bad address names the flag and what is wrong")
    func redis() throws {
        let options = try RibsdOptions.parse(["--store", "redis://10.0.0.5:6380/2"], environment: [:])
        #expect(options.store.engine == .redis && options.store.redisURL == "redis://10.0.0.5:6380/2")
        let fromEnvironment = try RibsdOptions.parse([], environment: ["RIBSD_STORE": "redis://cache"])
        #expect(fromEnvironment.store.engine == .redis && fromEnvironment.store.redisURL == "redis://cache")
        #expect(throws: RibsdOptions.ParseError.self) { try RibsdOptions.parse(["--store", "redis://host:notaport"], environment: [:]) }
    }

    @Test("bad values name the flag or the variable they came from, and what is allowed")
    func errors() {
        let cases: [([String], [String: String], String)] = [
            (["--store", "disk"], [:], "--store must be sqlite, memory or redis://HOST[:PORT][/DB], not disk"),
            ([], ["RIBSD_STORE": "SQLite"], "RIBSD_STORE must be sqlite, memory or redis://HOST[:PORT][/DB], not SQLite"),
            (["--store", "redis"], [:], "--store must be sqlite, memory or redis://HOST[:PORT][/DB], not redis"),
            (["--data-dir="], [:], "--data-dir must not be empty"),
            (["--sync", "always"], [:], "--sync must be normal or full, not always"),
            ([], ["RIBSD_SYNC": "off"], "RIBSD_SYNC must be normal or full, not off"),
            (["--max-store-bytes", "65535"], [:], "--max-store-bytes must be a whole number from 65536 to 1125899906842624, not 65535"),
            (
                ["--max-store-bytes=1125899906842625"], [:],
                "--max-store-bytes must be a whole number from 65536 to 1125899906842624, not 1125899906842625"
            ),
            ([], ["RIBSD_MAX_STORE_BYTES": "64k"], "RIBSD_MAX_STORE_BYTES must be a whole number from 65536 to 1125899906842624, not 64k"),
            (["--store"], [:], "--store needs a value"),
            (["--data-dir", "--sync", "full"], [:], "--data-dir needs a value"),
        ]
        for (arguments, environment, message) in cases {
            #expect(throws: RibsdOptions.ParseError(description: message), "\(arguments) \(environment)") {
                try RibsdOptions.parse(arguments, environment: environment)
            }
        }
    }
}
