import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Real `ribsd` processes over one redis-server (appendfsync always), one of them killed (-9): what its clients
/// were told stays true, and the others take over every session.
@Suite("real ribsd processes sharing Redis", .serialized)
struct SharedProcessTests {
    static let instanceCount = 3
    static let sessionCount = 6
    static let clientCount = 12
    /// Events answered in all (2xx or 409) before the load stops; the kill comes at half of them.
    static let events = 1_200

    @Test(
        "kill -9 of one of three instances under keyed load: its clients retry elsewhere; every 2xx version is in the history, each key applied once, versions gapless, the survivors serve every session"
    )
    func killOneUnderLoad() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["RIBSD_SHARED_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...(1 << 53))
        print("kill -9 of an instance: seed \(seed) (RIBSD_SHARED_SEED replays the victim and the clients' picks)")
        var random = RelRandom(seed: seed)
        let redis = try SharedRedis(appendOnly: true)
        let fleet = try RibsdFleet(Self.instanceCount, redis: redis)
        var sessions: [String] = []
        for index in 0..<Self.sessionCount {
            sessions.append(try Self.create("navigation", on: HTTPClient(port: fleet.ports[index % Self.instanceCount])))
        }
        let victim = random.int(0..<Self.instanceCount)
        let load = FleetLoad(ports: fleet.ports, sessions: sessions, victim: victim)
        let group = DispatchGroup()
        for index in 0..<Self.clientCount {
            let clientSeed = random.next()
            group.enter()
            Thread {
                defer { group.leave() }
                load.run(client: index, home: index % Self.instanceCount, seed: clientSeed)
            }.start()
        }
        // All at once, so that every client is mid-way at the kill: once half the events had their final answer
        // (or 20 s went by on a very busy host). The load goes on to the end on the survivors.
        load.started.set()
        let deadline = Date().addingTimeInterval(20)
        while load.finished < Self.events / 2, Date() < deadline { usleep(2_000) }
        load.killed.set()
        let exit = fleet.kill(victim)
        #expect(exit?.exited == false && exit?.status == SIGKILL, "\(String(describing: exit))")
        while load.finished < Self.events, Date() < deadline.addingTimeInterval(20) { usleep(2_000) }
        load.stopped.set()
        #expect(group.wait(timeout: .now() + 60) == .success, "clients still running 60 s after the kill")
        #expect(load.failures.count == 0, "\(load.failures.summary())")
        let (answered, inFlight) = load.ledger.counts
        print(
            "instance \(victim) killed: \(answered) events answered 2xx, \(load.refused.count) refused (409), "
                + "\(load.unavailable.count) 503 store_unavailable tried again, \(load.moved.count) clients moved, "
                + "\(load.retriedElsewhere.count) requests in flight at the kill sent again elsewhere, \(inFlight) left without an answer")
        #expect(load.moved.count == Self.clientCount / Self.instanceCount, "every client of the killed instance moved to another")
        #expect(inFlight == 0, "every request got a final answer")
        #expect(answered > Self.events / 4, "too few events applied for real load")

        let survivors = (0..<Self.instanceCount).filter { $0 != victim }.map { HTTPClient(port: fleet.ports[$0]) }
        var problems: [String] = []
        let bySession = Dictionary(grouping: load.ledger.answeredRecords, by: \.sent.session)
        for id in sessions {
            problems += try Self.verify(id, records: bySession[id] ?? [], survivors: survivors)
        }
        // Every 2xx, asked again with its key on a survivor: the first answer, byte for byte, applied nothing.
        for (index, record) in load.ledger.answeredRecords.enumerated() {
            let retry = try Self.event(record.sent.session, record.sent.body, key: record.sent.key, on: survivors[index % survivors.count])
            if retry.status != 200 || retry.body != record.answer.body || retry.header("ETag") != record.answer.etag {
                problems.append("\(record.sent.key) retried: \(retry.status) ETag \(retry.header("ETag") ?? "-") \(retry.text.prefix(120))")
            }
        }
        // The survivors go on with every session, each change the next version.
        for id in sessions {
            for survivor in survivors {
                let before = try survivor.request("GET", "/v1/sessions/\(id)")
                let stack = before.json?["stack"] as? [String] ?? []
                let after = try Self.event(id, SharedStoreTests.nextEvent(stack), key: nil, on: survivor)
                if after.status != 200 || after.etagVersion != before.etagVersion.map({ $0 + 1 }) {
                    problems.append(
                        "\(id) after the load: \(after.status) version \(after.etagVersion ?? -1) after \(before.etagVersion ?? -1)")
                }
            }
        }
        #expect(
            problems.isEmpty,
            "\(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))\nsurvivors' stderr: \(fleet.stderr((victim + 1) % 3))"
        )
    }

    /// One session after the load: the survivors agree on it, its history is gapless, every version in it is the
    /// answer of exactly one request and holds that request's event, and every version answered is in it.
    static func verify(_ id: String, records: [Ledger.Record], survivors: [HTTPClient]) throws -> [String] {
        var problems: [String] = []
        let states = try survivors.map { try $0.request("GET", "/v1/sessions/\(id)") }
        guard let first = states.first, let version = first.etagVersion, states.allSatisfy({ $0.status == 200 }) else {
            return ["\(id): \(states.map { "\($0.status) \($0.text.prefix(120))" })"]
        }
        if states.contains(where: { $0.body != first.body || $0.header("ETag") != first.header("ETag") }) {
            problems.append("\(id): the survivors answer different states: \(states.map { $0.header("ETag") ?? "-" })")
        }
        let entries = historyEntries(try survivors[survivors.count - 1].request("GET", "/v1/sessions/\(id)/history"))
        let versions = entries.map { ($0["version"] as? Int) ?? -1 }
        if versions != Array(stride(from: 2, through: version, by: 1)) {
            problems.append("\(id): history versions \(versions.prefix(5))…\(versions.suffix(5)) for state version \(version)")
        }
        var claimed: [Int: String] = [:]
        for record in records {
            guard let answered = record.answer.version else {
                problems.append("\(record.sent.key): a 2xx without an ETag")
                continue
            }
            if let other = claimed[answered] {
                problems.append("\(id): version \(answered) answered to both \(other) and \(record.sent.key)")
            }
            claimed[answered] = record.sent.key
            guard answered >= 2, answered <= version, answered - 2 < entries.count else {
                problems.append("\(id): version \(answered) answered to \(record.sent.key), not in a history through \(version)")
                continue
            }
            let stored = entries[answered - 2]["event"].map(relCanonical) ?? "?"
            let sent = (try? JSONSerialization.jsonObject(with: Data(record.sent.body.utf8))).map(relCanonical) ?? "?"
            if stored != sent { problems.append("\(id): version \(answered) holds \(stored), but \(record.sent.key) sent \(sent)") }
            if answered == version, record.answer.body != first.body {
                problems.append("\(id): the state of version \(version) differs from its 2xx answer")
            }
        }
        // A version no 2xx named was applied twice, or applied without its key's answer kept.
        for unclaimed in stride(from: 2, through: version, by: 1) where claimed[unclaimed] == nil {
            problems.append("\(id): version \(unclaimed) answers no request")
        }
        return problems
    }

    static func create(_ app: String, on client: HTTPClient) throws -> String {
        let answer = try client.request("POST", "/v1/sessions", body: Array(#"{"app":"\#(app)"}"#.utf8), headers: jsonHeader)
        guard answer.status == 201, let id = answer.json?["session"] as? String else {
            throw ClientError("create \(app): \(answer.status) \(answer.text.prefix(300))")
        }
        return id
    }

    static func event(_ id: String, _ body: String, key: String?, on client: HTTPClient) throws -> HTTPResult {
        try client.request(
            "POST", "/v1/sessions/\(id)/events", body: Array(body.utf8), headers: jsonHeader + (key.map { [("Idempotency-Key", $0)] } ?? [])
        )
    }
}

/// The clients of `killOneUnderLoad` and what they heard, shared by their threads.
final class FleetLoad: Sendable {
    let ports: [UInt16]
    let sessions: [String]
    let victim: Int
    let ledger = Ledger()
    let started = RelFlag()
    let killed = RelFlag()
    let stopped = RelFlag()
    let failures = RelFailures()
    let answered = RelCounter()
    let refused = RelCounter()
    let unavailable = RelCounter()
    let moved = RelCounter()
    let retriedElsewhere = RelCounter()

    init(ports: [UInt16], sessions: [String], victim: Int) {
        self.ports = ports
        self.sessions = sessions
        self.victim = victim
    }

    /// Events answered so far, 2xx or 409.
    var finished: Int { answered.count + refused.count }

    /// One client, from `started` to `stopped`: events with fresh keys to random sessions through its `home`
    /// instance, each the next move of the stack it last saw there; when that instance dies, the rest (and the one
    /// in flight) elsewhere.
    func run(client index: Int, home: Int, seed: UInt64) {
        while !started.isSet { usleep(200) }
        var random = RelRandom(seed: seed)
        var connection = FleetConnection(ports: ports, instance: home)
        var stacks: [String: [String]] = [:]
        let canLose: (Int) -> Bool = { [killed, victim] in killed.isSet && $0 == victim }
        defer { if !connection.dead.isEmpty { moved.add() } }
        for count in 0... {
            guard !stopped.isSet else { return }
            let session = random.pick(sessions)
            let sent = Ledger.Sent(
                session: session, key: "c\(index)-\(count)", body: SharedStoreTests.nextEvent(stacks[session] ?? ["Navigation"]))
            ledger.sending(sent)
            let request = relRequest(
                "POST", "/v1/sessions/\(session)/events", body: Array(sent.body.utf8), headers: [("Idempotency-Key", sent.key)])
            let delivery = connection.deliver(request, method: "POST", canLose: canLose)
            if delivery.wasInFlight, delivery.response != nil { retriedElsewhere.add() }
            unavailable.add(delivery.unavailable)
            guard let response = delivery.response else {
                failures.add("client \(index): \(sent.key) got no final answer: \(delivery.lost.joined(separator: "; "))")
                return
            }
            switch response.status {
            case 200:
                ledger.answered(sent, Ledger.Answer(etag: response.header("ETag"), body: response.body))
                answered.add()
                stacks[session] = response.json?["stack"] as? [String]
            case 409:
                // Another client moved the stack first: nothing applied; look again before the next move.
                ledger.settle(sent.key)
                refused.add()
                let look = connection.deliver(relRequest("GET", "/v1/sessions/\(session)"), method: "GET", canLose: canLose)
                stacks[session] = look.response?.json?["stack"] as? [String]
            default:
                ledger.settle(sent.key)
                failures.add("client \(index): \(sent.key) \(sent.body) answered \(response.status) \(response.text.prefix(200))")
            }
        }
    }
}
