import Foundation
import RibsdClient
import Testing

@Suite("RibsdClient's typed errors: each problem's status, code, detail and index")
struct ProblemTests {
    @Test("404 session_not_found, 409 invalid_navigation and event_not_handled, 412 version_mismatch")
    func refusals() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let missing = await problem { try await client.session("AAAAAAAAAAAAAAAAAAAAAA") }
        #expect(missing?.status == 404 && missing?.code == .sessionNotFound)
        let missingEvent = await problem { try await client.send(.pop, to: "AAAAAAAAAAAAAAAAAAAAAA") }
        #expect(missingEvent?.code == .sessionNotFound)

        let session = try await client.createSession(app: "login", events: [.login(name: "kim")]).session
        let rootPop = await problem { try await client.send(.pop, to: session) }
        #expect(rootPop?.status == 409 && rootPop?.code == .invalidNavigation)
        #expect(rootPop?.detail?.contains("root of its stack") == true && rootPop?.index == nil)
        let again = await problem { try await client.send(.login(name: "ann"), to: session) }
        #expect(again?.status == 409 && again?.code == .eventNotHandled)
        let stale = await problem { try await client.send(.push("A"), to: session, ifMatch: 1) }
        #expect(stale?.status == 412 && stale?.code == .versionMismatch)
        let staleDelete = await problem { try await client.deleteSession(session, ifMatch: 7) }
        #expect(staleDelete?.code == .versionMismatch)
        #expect(try await client.session(session).version == 2, "nothing changed")
    }

    @Test("400 malformed_event and unknown_event, 422 idempotency_key_reused and unknown_app")
    func badRequests() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let session = try await client.createSession(app: "navigation").session
        let malformed = await problem { try await client.send(Event(type: .push, fields: ["screen": 5]), to: session) }
        #expect(malformed?.status == 400 && malformed?.code == .malformedEvent)
        let unknown = await problem { try await client.send(Event(type: "teleport"), to: session) }
        #expect(unknown?.status == 400 && unknown?.code == .unknownEvent && unknown?.detail?.contains("push") == true)

        _ = try await client.send(.push("A"), to: session, idempotencyKey: "k")
        let reused = await problem { try await client.send(.push("B"), to: session, idempotencyKey: "k") }
        #expect(reused?.status == 422 && reused?.code == .idempotencyKeyReused)
        let app = await problem { try await client.createSession(app: "nope") }
        #expect(app?.status == 422 && app?.code == .unknownApp)
    }

    @Test("a refused batch, or creation with events, names the event refused by its index; nothing changed")
    func batchIndex() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let session = try await client.createSession(app: "login").session
        let batch = await problem { try await client.send([.login(name: "kim"), .push("A"), .pop, .pop], to: session) }
        #expect(batch?.status == 409 && batch?.code == .invalidNavigation && batch?.index == 3)
        #expect(batch?.detail?.hasPrefix("event 3: ") == true)
        #expect(try await client.session(session).version == 1)
        #expect(try await client.history(of: session).isEmpty)

        let creation = await problem { try await client.createSession(app: "login", events: [.pop]) }
        #expect(creation?.code == .eventNotHandled && creation?.index == 0)
    }
}
