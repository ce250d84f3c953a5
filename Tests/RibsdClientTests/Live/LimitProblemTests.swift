import Foundation
import RibsdClient
import Testing

@Suite("RibsdClient's typed errors for links, headers and the server's limits")
struct LimitProblemTests {
    @Test("422 unknown_link: a URL no pattern of the app matches; nothing changed")
    func unknownLink() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let session = try await client.createSession(app: "navigation").session
        let refused = await problem { try await client.open(link: "nowhere/at/all", in: session) }
        #expect(refused?.status == 422 && refused?.code == .unknownLink)
        #expect(refused?.detail?.contains("navigation/A") == true, "the detail lists the app's links")
        #expect(try await client.open(link: "navigation/A", in: session).stack == ["Navigation", "A"])
    }

    @Test("400 invalid_header: an Idempotency-Key longer than the 255 bytes the contract allows")
    func invalidHeader() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let session = try await client.createSession(app: "navigation").session
        let refused = await problem { try await client.send(.push("A"), to: session, idempotencyKey: String(repeating: "k", count: 256)) }
        #expect(refused?.status == 400 && refused?.code == .invalidHeader && refused?.detail?.contains("Idempotency-Key") == true)
        #expect(try await client.session(session).version == 1)
    }

    @Test("409 event_limit: a session past --max-events; 503 session_limit: a creation past --max-sessions")
    func limits() async throws {
        let server = try RibsdServer(extraArguments: ["--max-events", "2", "--max-sessions", "1"])
        let client = server.client()
        let session = try await client.createSession(app: "navigation", events: [.push("A"), .push("B")])
        #expect(session.version == 3 && session.accepts.isEmpty, "nothing is accepted at the limit")
        let third = await problem { try await client.send(.pop, to: session.session) }
        #expect(third?.status == 409 && third?.code == .eventLimit)
        let second = await problem { try await client.createSession() }
        #expect(second?.status == 503 && second?.code == .sessionLimit)
        // Its Retry-After is the server's, read but not waited for: only store_unavailable is retried.
        if case .problem(_, let retryAfter)? = second { #expect(retryAfter != nil) }
    }

    @Test("413 payload_too_large: an event whose body is over --max-body")
    func payloadTooLarge() async throws {
        let server = try RibsdServer(extraArguments: ["--max-body", "1024"])
        let client = server.client()
        let session = try await client.createSession(app: "navigation").session
        let large = Event(type: .pop, fields: ["padding": .string(String(repeating: "x", count: 2048))])
        let refused = await problem { try await client.send(large, to: session) }
        #expect(refused?.status == 413 && refused?.code == .payloadTooLarge)
        #expect(try await client.send(.push("A"), to: session).version == 2)
    }

    @Test("503 store_unavailable: retried as often as the policy allows, each after the Retry-After it names")
    func storeUnavailable() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-client-full-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The smallest store ribsd takes: about a hundred sessions with long names fill it. Near the top a session
        // may still fit in a page's leftover room, so it counts as full after ten refusals in a row.
        let server = try RibsdServer(.sqlite(dataDirectory: folder.path), extraArguments: ["--max-store-bytes", "65536"])
        let filler = server.client(ClientConfiguration(requestTimeout: .seconds(30), retry: .never))
        let long = String(repeating: "n", count: 250)
        var refusals = 0
        var last: RibsdError?
        for _ in 0..<1000 where refusals < 10 {
            do {
                _ = try await filler.createSession(app: "login", events: [.login(name: long)])
                refusals = 0
            } catch {
                last = error
                refusals = error.code == .storeUnavailable ? refusals + 1 : 0
            }
        }
        try #require(refusals == 10, "the store never filled: \(String(describing: last))")

        let proxy = try LossyProxy(to: server.port, losingAnswersOfFirst: 0)
        defer { proxy.stop() }
        let policy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10), jitter: 0)
        let client = RibsdClient(
            baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!,
            configuration: ClientConfiguration(requestTimeout: .seconds(30), retry: policy))
        let clock = ContinuousClock()
        let start = clock.now
        let refused = await problem { try await client.createSession(app: "login", events: [.login(name: long)]) }
        let elapsed = clock.now - start
        #expect(refused?.status == 503 && refused?.code == .storeUnavailable)
        guard case .problem(_, let retryAfter)? = refused else { return }
        let seconds = try #require(retryAfter)
        // Every attempt the policy allows reached the server, counted by their request lines whether or not
        // they shared a connection.
        let attempts = proxy.requests.joined().components(separatedBy: "POST /v1/sessions HTTP/1.1").count - 1
        #expect(attempts == 3, "\(proxy.requests)")
        // A lower bound only (a loaded machine is slower, never faster): the two retries waited Retry-After,
        // not the policy's 10 and 20 ms.
        #expect(elapsed >= .seconds(2 * seconds))
    }
}
