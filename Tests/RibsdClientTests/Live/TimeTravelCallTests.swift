import Foundation
import RibsdClient
import Testing

@Suite("RibsdClient against a real ribsd: past versions, rewinds, forks and links")
struct TimeTravelCallTests {
    @Test("a past version reads as answered; a rewind and a fork start from it; a link opens, or names its step")
    func pastAndLinks() async throws {
        let server = try RibsdServer()
        let client = server.client()
        let created = try await client.createSession(app: "login", events: [.login(name: "kim"), .push("A"), .push("B")])
        let two = try await client.session(created.session, at: 2)
        #expect(two.version == 2 && two.stack == ["Home"])
        do {
            _ = try await client.session(created.session, at: 9)
            Issue.record("a version the session never had was answered")
        } catch {
            #expect(error.code == .versionNotFound && error.status == 404)
        }

        let rewound = try await client.rewind(created.session, to: 2, ifMatch: 4)
        #expect(rewound.version == 5 && rewound.stack == ["Home"])
        let history = try await client.history(of: created.session)
        #expect(history.last?.event.type == EventType(rawValue: "rewind"))

        let fork = try await client.fork(created.session, at: 3)
        #expect(fork.session != created.session && fork.version == 3 && fork.stack == ["Home", "A"])

        let linked = try await client.open(link: "myapp://home/C", in: fork.session)
        #expect(linked.stack == ["Home", "A", "C"])
        let loggedOut = try await client.createSession(app: "login")
        do {
            _ = try await client.open(link: "myapp://profile", in: loggedOut.session)
            Issue.record("a link the app cannot open from here was opened")
        } catch {
            #expect(error.code == .linkNotRoutable && error.detail?.contains("step 1 (logged in)") == true)
            #expect(error.problem?.step == 1)
        }
    }
}
