import Foundation
import RibsdClient
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("RibsdClient.stream: each version once, in order, across reconnections and restarts")
struct StreamTests {
    /// Reconnects within a fraction of a second (the server's own `retry: 1000` still spaces clean ends).
    static let eager = ClientConfiguration(
        requestTimeout: .seconds(10),
        streamRetry: RetryPolicy(maxAttempts: nil, initialDelay: .milliseconds(50), maxDelay: .milliseconds(300)))

    @Test("the current state, then each change (a batch's one by one); a delete finishes the stream")
    func changesThenDelete() async throws {
        let server = try RibsdServer()
        let client = server.client(Self.eager)
        let session = try await client.createSession(app: "login").session
        var states = client.stream(session).makeAsyncIterator()
        #expect(try await states.next()?.version == 1)
        _ = try await client.send(.login(name: "kim"), to: session)
        #expect(try await states.next()?.stack == ["Home"])
        _ = try await client.send([.push("A"), .push("B")], to: session)
        #expect(try await states.next()?.version == 3)
        #expect(try await states.next()?.stack == ["Home", "A", "B"])
        try await client.deleteSession(session)
        #expect(try await states.next() == nil)
    }

    @Test("after a version: nothing until the next change")
    func after() async throws {
        let server = try RibsdServer()
        let client = server.client(Self.eager)
        let created = try await client.createSession(app: "navigation", events: [.push("A")])
        var states = client.stream(created.session, after: created.version).makeAsyncIterator()
        _ = try await client.send(.pop, to: created.session)
        #expect(try await states.next()?.version == 3)
    }

    @Test("an unknown session: the stream throws 404 session_not_found")
    func unknownSession() async throws {
        let server = try RibsdServer()
        var states = server.client(Self.eager).stream("AAAAAAAAAAAAAAAAAAAAAA").makeAsyncIterator()
        await #expect {
            _ = try await states.next()
        } throws: { error in
            (error as? RibsdError)?.code == .sessionNotFound
        }
    }

    /// The time limit fails a client that never gives up on a silent connection (it would wait forever); ten
    /// minutes leave room for a reconnection that waits its turn on a loaded pool (see `waitForConnections`).
    @Test(
        "a connection that goes silent without closing: reconnected after the idle timeout, each version once",
        .timeLimit(.minutes(10)))
    func stalledConnection() async throws {
        let server = try RibsdServer()
        let direct = server.client()
        let session = try await direct.createSession(app: "navigation").session
        let proxy = try LossyProxy(to: server.port, losingAnswersOfFirst: 0)
        defer { proxy.stop() }
        var idle = Self.eager
        idle.streamIdleTimeout = .seconds(1)
        let client = RibsdClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, configuration: idle)
        var states = client.stream(session).makeAsyncIterator()
        #expect(try await states.next()?.version == 1)

        // The stream's connections so far stop relaying; version 2 comes only once the client gives up on them.
        let stalled = proxy.stallOpenConnections()
        _ = try await direct.send(.push("A"), to: session)
        let second = try await states.next()
        #expect(second?.version == 2 && second?.stack == ["Navigation", "A"])
        let requests = proxy.requests
        try #require(requests.count > stalled, "a new connection: \(requests)")
        // The first connection after the stall resumes after version 1, the last one the client had.
        #expect(requests[stalled].lowercased().contains("\r\nlast-event-id: 1\r\n"), "\(requests[stalled])")

        // Version 2 is not given again, by that connection or any later one: the next is version 3.
        _ = try await direct.send(.push("B"), to: session)
        #expect(try await states.next()?.version == 3)
    }

    @Test("the durable store: a crash and a clean restart of the server on the same port; versions 1 to 5 once each")
    func acrossRestarts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-client-stream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try RibsdServer(.sqlite(dataDirectory: folder.path))
        let client = server.client(Self.eager)
        let session = try await client.createSession(app: "navigation").session
        var states = client.stream(session).makeAsyncIterator()
        var seen: [Int] = []
        func next() async throws {
            if let state = try await states.next() { seen.append(state.version) }
        }
        try await next()
        _ = try await client.send(.push("A"), to: session)
        try await next()

        // A crash cuts the connection. Once the stream is back (resumed at version 2, so the server sends nothing
        // at once), the next change reaches it.
        server.crash()
        try server.restart()
        try await server.waitForConnections(1)
        _ = try await client.send(.push("B"), to: session)
        try await next()
        _ = try await client.send(.pop, to: session)
        try await next()

        // A clean stop ends the stream with `shutdown`; it comes back without repeating version 4.
        server.stop()
        try server.restart()
        try await server.waitForConnections(1)
        _ = try await client.send(.push("C"), to: session)
        try await next()
        #expect(seen == [1, 2, 3, 4, 5])
        #expect(try await client.session(session).stack == ["Navigation", "A", "C"])
    }
}
