import Dispatch
import Foundation
import Locking
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DurabilityTests {
    @Suite("kill -9")
    struct Crash {
        static let sessionCount = 64
        static let clientCount = 32
        static let events = [#"{"type":"push","screen":"A"}"#, #"{"type":"push","screen":"B"}"#, #"{"type":"pop"}"#, #"{"type":"pop"}"#]

        @Test(
            "kill -9 under load, again and again: every answered version comes back with its bytes, retries answer byte for byte, an event in flight applies at most once"
        )
        func killUnderLoad() throws {
            let environment = ProcessInfo.processInfo.environment
            let seed = environment["RIBSD_DURABILITY_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...(1 << 53))
            let rounds = environment["RIBSD_DURABILITY_ROUNDS"].flatMap { Int($0) } ?? 3
            print("kill -9 under load: seed \(seed) (RIBSD_DURABILITY_SEED replays the kill moments), \(rounds) rounds")
            var random = RelRandom(seed: seed)
            let scratch = try Scratch("kill9")
            defer { scratch.cleanUp() }
            let data = scratch.sub("data")
            var server = try StoreServer(dataDir: data)
            let ledger = Ledger()
            var ids: [String] = []
            for index in 0..<Self.sessionCount {
                let id = try server.create("login").id
                let login = #"{"type":"login","name":"u\#(index)"}"#
                let answer = try server.event(id, login, key: "login-\(index)")
                try #require(answer.status == 200, "\(answer.text)")
                ids.append(id)
                ledger.answered(Ledger.Sent(session: id, key: "login-\(index)", body: login), Ledger.Answer(answer))
            }
            let sessions = ids
            var check = RestartCheck(sessions: sessions)
            for round in 0..<rounds {
                let killed = RelFlag(), failures = RelFailures(), refused = RelCounter()
                let group = DispatchGroup()
                let port = server.port
                for index in 0..<Self.clientCount {
                    let clientSeed = random.next()
                    group.enter()
                    Thread {
                        defer { group.leave() }
                        Self.client(
                            index, round: round, port: port, sessions: sessions, seed: clientSeed, ledger: ledger,
                            killed: killed, refused: refused, failures: failures)
                    }.start()
                }
                // Somewhere in 0.5 to 1.5 s of load: mid-commit, mid-checkpoint, between requests.
                usleep(UInt32(random.int(500_000..<1_500_000)))
                killed.set()
                server.crash()
                #expect(group.wait(timeout: .now() + 30) == .success, "clients still running 30 s after the kill")
                #expect(failures.count == 0, "round \(round): \(failures.summary())")
                let (answered, inFlight) = ledger.counts
                print("round \(round): \(answered) answered in all, \(refused.count) refused (409), \(inFlight) in flight at the kill")
                #expect(answered > Self.sessionCount * (round + 2), "round \(round): too few events answered for real load")

                server = try StoreServer(dataDir: data)
                #expect(server.restored == Self.sessionCount, "round \(round): start line \(server.logLines.first ?? [:])")
                try check.verify(server, ledger: ledger, round: round)
            }
            let exit = server.stop()
            #expect(exit?.exited == true && exit?.status == 0, "\(String(describing: exit))")
        }

        /// One client: its own keep-alive connection, events with fresh keys to random sessions until the server dies.
        static func client(
            _ index: Int, round: Int, port: UInt16, sessions: [String], seed: UInt64, ledger: Ledger, killed: RelFlag,
            refused: RelCounter, failures: RelFailures
        ) {
            var random = RelRandom(seed: seed)
            guard var connection = try? RelConnection(port: port) else {
                failures.add("client \(index): cannot connect")
                return
            }
            for count in 0... {
                let sent = Ledger.Sent(session: random.pick(sessions), key: "r\(round)-c\(index)-\(count)", body: random.pick(events))
                ledger.sending(sent)
                let request = relRequest(
                    "POST", "/v1/sessions/\(sent.session)/events", body: Array(sent.body.utf8), headers: [("Idempotency-Key", sent.key)])
                let outcome = connection.send(request) == 0 ? connection.read(method: "POST") : .closed(partial: 0)
                guard let response = outcome.response else {
                    // Left in flight: the kill may have come before, during or after its commit.
                    if !killed.isSet { failures.add("client \(index): \(outcome) before the kill") }
                    return
                }
                switch response.status {
                case 200:
                    ledger.answered(sent, Ledger.Answer(etag: response.header("ETag"), body: response.body))
                case 409:
                    ledger.settle(sent.key)
                    refused.add()
                default:
                    ledger.settle(sent.key)
                    failures.add("client \(index): \(sent.body) answered \(response.status) \(response.text.prefix(200))")
                }
                if response.closesConnection {
                    guard let fresh = try? RelConnection(port: port) else { return }
                    connection = fresh
                }
            }
        }

        @Test("a round trip through kill -9: state, ETag, history and kept answers byte for byte", arguments: ["normal", "full"])
        func roundTrip(sync: String) throws {
            let scratch = try Scratch("sync-\(sync)")
            defer { scratch.cleanUp() }
            let data = scratch.sub("data")
            var server = try StoreServer(dataDir: data, ["--sync", sync])
            let login = try server.create("login").id, navigation = try server.create("navigation").id
            let script: [(String, String)] = [
                (login, #"{"type":"login","name":"kim"}"#), (login, #"{"type":"push","screen":"A"}"#),
                (navigation, #"{"type":"push","screen":"B"}"#), (login, #"{"type":"present","screen":"Profile"}"#),
                (navigation, #"{"type":"push","screen":"C"}"#), (navigation, #"{"type":"pop"}"#), (login, #"{"type":"dismiss"}"#),
            ]
            var kept: [(id: String, key: String, body: String, answer: HTTPResult)] = []
            for (offset, (id, event)) in script.enumerated() {
                let answer = try server.event(id, event, key: "k\(offset)")
                try #require(answer.status == 200, "\(event): \(answer.text)")
                kept.append((id, "k\(offset)", event, answer))
            }
            var before: [String: (state: HTTPResult, history: HTTPResult)] = [:]
            for id in [login, navigation] {
                before[id] = (try server.get("/v1/sessions/\(id)"), try server.get("/v1/sessions/\(id)/history"))
            }
            // No SIGTERM: only what each 2xx committed can bring them back.
            server.crash()

            server = try StoreServer(dataDir: data, ["--sync", sync])
            #expect(server.restored == 2)
            for id in [login, navigation] {
                let state = try server.get("/v1/sessions/\(id)"), history = try server.get("/v1/sessions/\(id)/history")
                #expect(state.status == 200 && state.body == before[id]?.state.body, "\(state.text)")
                #expect(state.header("ETag") == before[id]?.state.header("ETag"))
                #expect(history.status == 200 && history.body == before[id]?.history.body, "\(history.text)")
            }
            for kept in kept {
                let retry = try server.event(kept.id, kept.body, key: kept.key)
                #expect(retry.status == 200 && retry.body == kept.answer.body, "\(kept.key): \(retry.text)")
                #expect(retry.header("ETag") == kept.answer.header("ETag"), "\(kept.key)")
            }
            // It goes on from there.
            #expect(try server.event(login, #"{"type":"logout"}"#).etagVersion == 6)
            #expect(server.stop()?.status == 0)
        }
    }
}

/// What the clients sent and what came back, shared by their threads.
final class Ledger: Sendable {
    struct Sent: Sendable {
        let session: String
        let key: String
        let body: String
    }

    struct Answer: Sendable, Equatable {
        let etag: String?
        let body: [UInt8]

        init(etag: String?, body: [UInt8]) {
            self.etag = etag
            self.body = body
        }

        init(_ result: HTTPResult) {
            self.init(etag: result.header("ETag"), body: result.body)
        }

        /// The version the ETag names.
        var version: Int? { etag.flatMap { Int($0.dropFirst().dropLast()) } }
    }

    struct Record: Sendable {
        let sent: Sent
        let answer: Answer
    }

    private struct State {
        var answered: [String: Record] = [:]
        var inFlight: [String: Sent] = [:]
    }

    private let state = Lock(State())

    func sending(_ sent: Sent) { state.withLock { $0.inFlight[sent.key] = sent } }

    func answered(_ sent: Sent, _ answer: Answer) {
        state.withLock {
            $0.inFlight[sent.key] = nil
            $0.answered[sent.key] = Record(sent: sent, answer: answer)
        }
    }

    /// A request that was refused: it changed nothing, so it is neither answered nor in flight.
    func settle(_ key: String) { _ = state.withLock { $0.inFlight.removeValue(forKey: key) } }

    /// Hands over the requests left in flight (to retry them) and forgets them.
    func takeInFlight() -> [Sent] {
        state.withLock {
            let sent = Array($0.inFlight.values)
            $0.inFlight = [:]
            return sent
        }
    }

    var answeredRecords: [Record] { state.withLock { Array($0.answered.values) } }
    var counts: (answered: Int, inFlight: Int) { state.withLock { ($0.answered.count, $0.inFlight.count) } }
}
