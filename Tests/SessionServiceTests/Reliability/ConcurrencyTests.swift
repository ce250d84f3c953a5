import Dispatch
import Foundation
import HTTPServer
import Locking
import SessionService
import Synchronization
import TestSupport
import Testing

/// What many clients did to a set of sessions with `If-Match`, for the checks afterwards.
final class ContentionRecord: Sendable {
    struct Applied: Sendable {
        let client: Int
        let event: String  // canonical JSON
    }

    private let applied = Lock<[String: [Int: Applied]]>([:])
    private let counters = Lock<[String: Int]>([:])
    let failures = RelFailures()

    /// Records a 200 that moved `session` to `version`; a version handed out twice is a failure.
    func apply(session: String, version: Int, client: Int, event: String) {
        let duplicate: Applied? = applied.withLock { all in
            if let existing = all[session]?[version] { return existing }
            all[session, default: [:]][version] = Applied(client: client, event: event)
            return nil
        }
        if let duplicate {
            failures.add(
                "\(session): version \(version) answered twice (client \(duplicate.client) \(duplicate.event), client \(client) \(event))")
        }
    }

    func count(_ name: String) { counters.withLock { $0[name, default: 0] += 1 } }
    func counter(_ name: String) -> Int { counters.withLock { $0[name] ?? 0 } }
    func applied(_ session: String) -> [Int: Applied] { applied.withLock { $0[session] ?? [:] } }
}

extension ReliabilityTests {
    @Suite("concurrency: many keep-alive clients with If-Match")
    struct Concurrency {
        @Test(
            "64 clients on ONE navigation session, 20 If-Match pushes and pops each, retrying on 412: versions gapless, history = applied events, state = replay"
        )
        func oneSession() throws {
            try withTestServer(server: Self.server) { client in
                let id = try client.createSession(app: "navigation")
                let record = Self.drive(
                    port: client.port, service: client.service, sessions: [(id, "navigation")], clients: 64, operations: 20, seed: 0xC0FFEE)
                try Self.verify(record, sessions: [(id, "navigation")], client: client, expectedOperations: 64 * 20)
            }
        }

        @Test("64 clients over 64 sessions (16 of each app), 20 If-Match operations each on random sessions: the same checks per session")
        func manySessions() throws {
            try withTestServer(server: Self.server) { client in
                var sessions: [(String, String)] = []
                for index in 0..<64 {
                    let app = ["navigation", "login", "todo", "flow"][index % 4]
                    sessions.append((try client.createSession(app: app), app))
                }
                let record = Self.drive(
                    port: client.port, service: client.service, sessions: sessions, clients: 64, operations: 20, seed: 0xBEEF)
                try Self.verify(record, sessions: sessions, client: client, expectedOperations: 64 * 20)
            }
        }

        /// Four threads; 64 clients plus the harness's own connection exceed the default per-IP limit (64).
        static var server: ServerConfiguration {
            var configuration = testServerConfiguration(threads: 4)
            configuration.perIPConnectionLimit = 128
            return configuration
        }

        /// Each client: GET a session, pick an event its state allows, POST it with `If-Match` of that version;
        /// on 412 (someone else was first) back off a little and start over.
        static func drive(port: UInt16, service: SessionService, sessions: [(String, String)], clients: Int, operations: Int, seed: UInt64)
            -> ContentionRecord
        {
            let record = ContentionRecord()
            let started = ContinuousClock.now
            onThreads(clients) { index in
                var random = RelRandom(seed: seed &+ UInt64(index) &* 7919)
                let http = HTTPClient(port: port)
                var done = 0
                var attempts = 0
                var conflicts = 0
                do {
                    while done < operations && attempts < 20_000 {
                        attempts += 1
                        let (session, app) = random.pick(sessions)
                        let state = try http.request("GET", "/v1/sessions/\(session)")
                        guard state.status == 200, let json = state.json, let version = json["version"] as? Int else {
                            record.failures.add("client \(index): GET \(session) answered \(state.status) \(state.text.prefix(200))")
                            return
                        }
                        if state.etagVersion != version {
                            record.failures.add("client \(index): ETag \(state.header("ETag") ?? "-") for version \(version)")
                        }
                        guard let event = Self.choose(app: app, state: json, client: index, random: &random) else {
                            record.failures.add("client \(index): no event to choose in \(state.text)")
                            return
                        }
                        let body = relCanonical(event)
                        let response = try http.request(
                            "POST", "/v1/sessions/\(session)/events", body: Array(body.utf8),
                            headers: [("Content-Type", "application/json"), ("If-Match", "\"\(version)\"")])
                        switch response.status {
                        case 200:
                            done += 1
                            conflicts = 0
                            let next = response.etagVersion ?? -1
                            if next == version + 1 {
                                record.apply(session: session, version: next, client: index, event: body)
                            } else if next == version {
                                record.count("no-op")
                            } else {
                                record.failures.add("client \(index): \(body) at version \(version) answered version \(next)")
                            }
                        case 412:
                            record.count("412")
                            conflicts += 1
                            usleep(UInt32(random.int(0..<(200 * min(conflicts, 10)))))
                        case 409:
                            // At the version it read, the event was valid: a 409 would mean the state at that version changed.
                            record.count("409")
                            record.failures.add(
                                "client \(index): 409 for \(body) with If-Match \(version) on \(app) state \(state.text): \(response.text)")
                        default:
                            record.failures.add("client \(index): \(body) answered \(response.status) \(response.text.prefix(300))")
                            return
                        }
                    }
                    if done < operations {
                        record.failures.add("client \(index): only \(done) of \(operations) operations in \(attempts) attempts")
                    }
                } catch {
                    record.failures.add("client \(index): \(error)")
                }
            }
            print(
                "contention over \(sessions.count) session(s): \(clients)×\(operations) operations in \(ContinuousClock.now - started); 412s: \(record.counter("412")), no-ops: \(record.counter("no-op")), 409s: \(record.counter("409"))"
            )
            return record
        }

        /// Per session: versions 2...n+1 each answered once; the history lists exactly those events in order;
        /// replaying the history on a fresh session of the same app gives the same state bytes (id aside).
        static func verify(_ record: ContentionRecord, sessions: [(String, String)], client harness: ServiceClient, expectedOperations: Int)
            throws
        {
            // A connection of its own: the harness's may have sat idle past the server's idle timeout meanwhile.
            let client = harness.another()
            #expect(record.failures.count == 0, "\(record.failures.summary())")
            var total = 0
            for (session, app) in sessions {
                let applied = record.applied(session)
                total += applied.count
                let versions = applied.keys.sorted()
                let gapless = versions == Array(2..<(2 + applied.count))
                #expect(gapless, "\(session): versions not gapless: \(versions.prefix(40))…")

                let state = try client.state(session)
                #expect(state.status == 200)
                #expect(state.json?["version"] as? Int == 1 + applied.count, "\(session): final version")
                let history = try #require(try client.history(session).json?["events"] as? [NSDictionary])
                #expect(history.count == applied.count, "\(session): \(history.count) history entries for \(applied.count) applied events")
                var events: [String] = []
                for (offset, entry) in history.enumerated() {
                    let version = entry["version"] as? Int ?? -1
                    #expect(version == offset + 2, "\(session): history entry \(offset) has version \(version)")
                    let event = relCanonical(entry["event"] ?? NSNull())
                    events.append(event)
                    #expect(
                        applied[version]?.event == event,
                        "\(session) v\(version): history says \(event), the client applied \(applied[version]?.event ?? "nothing")")
                }

                let replica = try client.createSession(app: app)
                for event in events {
                    let response = try client.send(replica, event)
                    #expect(response.status == 200, "replaying \(event) on \(app): \(response.status) \(response.text)")
                }
                let replayed = try client.state(replica)
                #expect(
                    relStateWithoutID(replayed.body, id: replica) == relStateWithoutID(state.body, id: session),
                    "\(session) (\(app)): state differs from the replay of its history\nlive:   \(state.text)\nreplay: \(replayed.text)")
                #expect(try client.delete(replica).status == 204)
                #expect((state.json?["leaks"] as? [Any])?.isEmpty == true, "\(session): leaks \(state.text)")
            }
            #expect(total + record.counter("no-op") == expectedOperations)
        }

        /// An event the state allows that changes it, picked at random.
        static func choose(app: String, state: NSDictionary, client: Int, random: inout RelRandom) -> [String: Any]? {
            let layers = state["layers"] as? [NSDictionary] ?? []
            let stack = state["stack"] as? [String] ?? []
            let top = state["top"] as? String
            var options: [[String: Any]] = []
            func pages(after root: String) {
                let pages = Array(stack.drop { $0 == root })
                for screen in ["A", "B", "C"] where !pages.contains(screen) { options.append(["type": "push", "screen": screen]) }
                if !pages.isEmpty {
                    options.append(["type": "pop"])
                    options.append(["type": "didPop", "screen": random.pick(pages)])
                }
            }
            switch app {
            case "navigation":
                pages(after: "Navigation")
            case "login":
                if top == "Login" {
                    options.append(["type": "login", "name": "client\(client)"])
                } else if layers.count > 1 {
                    options += [["type": "dismiss"], ["type": "logout"]]
                    // Only a sheet can be swiped down.
                    if layers.last?["style"] as? String == "pageSheet" {
                        options.append(["type": "didDismiss", "screen": top ?? "Profile"])
                    }
                } else {
                    pages(after: "Home")
                    options += [
                        ["type": "present", "screen": "Profile"],
                        ["type": "present", "screen": "Profile", "style": random.pick(["fullScreen", "pageSheet"])], ["type": "logout"],
                    ]
                }
            case "todo":
                options.append(top == "LoggedOut" ? ["type": "login", "name": "client\(client)"] : ["type": "logout"])
            case "flow":
                for step in state["steps"] as? [String] ?? [] { options.append(["type": "step", "step": step]) }
                if stack.count > 1 {
                    options.append(["type": "pop"])
                    options.append(["type": "didPop", "screen": random.pick(Array(stack.dropFirst()))])
                }
            default:
                return nil
            }
            return options.isEmpty ? nil : random.pick(options)
        }
    }
}
