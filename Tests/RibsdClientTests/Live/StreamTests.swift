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
