import Foundation
import RibsdClient
import Testing

@Suite("RibsdClient's retries: a lost answer is asked again with the same key, and applies once")
struct RetryTests {
    /// Quick timeouts and retries, so that a lost answer costs a second.
    static let impatient = ClientConfiguration(
        requestTimeout: .seconds(1), retry: RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(50), jitter: 0))

    /// The transport error `call` ends with, and after how many attempts; nil (an issue recorded) for anything else.
    private func transportFailure(
        _ call: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> (error: URLError, attempts: Int)? {
        do {
            try await call()
        } catch {
            if case .transport(let failure, let attempts) = error as? RibsdError { return (failure, attempts) }
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return nil
        }
        Issue.record("answered", sourceLocation: sourceLocation)
        return nil
    }

    /// The value of `name` in a raw request's head.
    private func header(_ name: String, in request: String) -> String? {
        request.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    @Test("an event whose answer is lost: the retry carries the same key and body, and the event applies once")
    func lostEventAnswer() async throws {
        let server = try RibsdServer()
        let session = try await server.client().createSession(app: "navigation").session
        let proxy = try LossyProxy(to: server.port, losingAnswersOfFirst: 1)
        defer { proxy.stop() }
        let client = RibsdClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, configuration: Self.impatient)

        let state = try await client.send(.push("A"), to: session)
        #expect(state.version == 2 && state.stack == ["Navigation", "A"])
        let requests = proxy.requests
        // One lost attempt and its retry (more, should a loaded machine make the retry time out too).
        try #require(requests.count >= 2, "\(requests)")
        let key = header("Idempotency-Key", in: requests[0])
        #expect(key != nil && requests.allSatisfy { header("Idempotency-Key", in: $0) == key }, "one key for every attempt")
        #expect(requests.allSatisfy { $0.hasSuffix("\r\n\r\n" + #"{"screen":"A","type":"push"}"#) }, "the same body: \(requests)")
        let direct = server.client()
        #expect(try await direct.session(session).version == 2)
        #expect(try await direct.history(of: session).map(\.event) == [.push("A")])
    }

    @Test("a delete whose answer is lost: the retry finds the session gone, and that is the delete done")
    func lostDeleteAnswer() async throws {
        let server = try RibsdServer()
        let session = try await server.client().createSession().session
        let proxy = try LossyProxy(to: server.port, losingAnswersOfFirst: 1)
        defer { proxy.stop() }
        let client = RibsdClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, configuration: Self.impatient)
        try await client.deleteSession(session)
        #expect(proxy.requests.count >= 2)
        await #expect(throws: RibsdError.self) { try await server.client().session(session) }
    }

    @Test("a creation whose answer is lost is not sent again (it takes no key): a transport error after one attempt")
    func lostCreation() async throws {
        let server = try RibsdServer()
        let proxy = try LossyProxy(to: server.port, losingAnswersOfFirst: 1)
        defer { proxy.stop() }
        let client = RibsdClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, configuration: Self.impatient)
        let failure = await transportFailure { _ = try await client.createSession() }
        #expect(failure?.error.code == .timedOut && failure?.attempts == 1)
        #expect(proxy.requests.count == 1)
    }

    @Test("nobody listening: every attempt the policy allows, then a transport error; a creation too")
    func refused() async throws {
        let server = try RibsdServer()
        let port = server.port
        server.stop()
        let client = RibsdClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, configuration: Self.impatient)
        let creation = await transportFailure { _ = try await client.createSession() }
        #expect(creation?.error.code == .cannotConnectToHost && creation?.attempts == 3)
        let event = await transportFailure { _ = try await client.send(.pop, to: "S") }
        #expect(event?.error.code == .cannotConnectToHost && event?.attempts == 3)
    }
}
