import Foundation
import SessionService
import Testing

extension ReliabilityTests {
    @Suite("isolation: a missing session tells nothing")
    struct Isolation {
        /// One request per kind of missing session, on each session endpoint: guessed (22 random URL-safe
        /// characters), wrong (a live id with one character changed), expired (idle past the TTL; once
        /// still in the store, once already swept by an earlier request), deleted.
        @Test("a guessed or wrong id gets byte-for-byte the same 404 as an expired and as a deleted session, on every session endpoint")
        func sameNotFound() throws {
            let clock = ManualClock()
            try withTestServer(configuration: ServiceConfiguration(sessionTTL: 60), clock: clock) { client in
                let endpoints: [(method: String, path: (String) -> String, body: String?)] = [
                    ("GET", { "/v1/sessions/\($0)" }, nil),
                    ("GET", { "/v1/sessions/\($0)/history" }, nil),
                    ("POST", { "/v1/sessions/\($0)/events" }, #"{"type":"login","name":"kim"}"#),
                    ("DELETE", { "/v1/sessions/\($0)" }, nil),
                ]
                // Expired and already swept away by the TTL sweeper.
                let swept = try client.createSession(app: "todo")
                clock.advance(seconds: 61)
                #expect(client.service.expireIdleSessions() == 1)
                // Expired but not swept yet: still in the store when asked (one per endpoint).
                var expired: [String] = []
                for _ in endpoints { expired.append(try client.createSession()) }
                clock.advance(seconds: 61)
                var deleted: [String] = []
                for _ in endpoints {
                    let id = try client.createSession(app: "navigation")
                    #expect(try client.delete(id).status == 204)
                    deleted.append(id)
                }
                let live = try client.createSession()
                var random = RelRandom(seed: 0x1D)
                let guessed = random.urlSafe(22)
                var wrongCharacters = Array(live)
                wrongCharacters[wrongCharacters.count / 2] = wrongCharacters[wrongCharacters.count / 2] == "A" ? "B" : "A"
                let wrong = String(wrongCharacters)

                for (index, endpoint) in endpoints.enumerated() {
                    let cases = [
                        ("guessed", guessed), ("wrong", wrong), ("expired", expired[index]), ("swept", swept), ("deleted", deleted[index]),
                    ]
                    var answers: [(String, HTTPResult)] = []
                    for (name, id) in cases {
                        let response = try client.request(endpoint.method, endpoint.path(id), body: endpoint.body)
                        expectProblem(response, status: 404, code: "session_not_found")
                        answers.append((name, response))
                    }
                    let reference = answers[0].1
                    for (name, answer) in answers.dropFirst() {
                        #expect(
                            answer.body == reference.body,
                            "\(endpoint.method) \(endpoint.path("<\(name)>")): \(answer.text) vs guessed: \(reference.text)")
                        #expect(Self.headerNames(answer) == Self.headerNames(reference), "\(name): headers \(answer.headers.map(\.name))")
                        #expect(answer.header("Content-Type") == reference.header("Content-Type"))
                        #expect(!answer.text.contains(cases.first { $0.0 == name }!.1), "\(name): the body names the id")
                    }
                }
                // The live session was never touched by any of this.
                expectState(try client.state(live), Expected.login(live, version: 1))
            }
        }

        static func headerNames(_ response: HTTPResult) -> [String] {
            response.headers.map { $0.name.lowercased() }.filter { $0 != "date" }.sorted()
        }
    }
}
