import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Real `ribsd` processes sharing one redis-server (`--store redis://`), each on a free port of its own: separate
/// processes, so that one can die by `kill -9` in the middle of a request while the others go on.
final class RibsdFleet {
    let redis: SharedRedis
    let processes: [RibsdProcess]
    let ports: [UInt16]

    init(_ count: Int, redis: SharedRedis) throws {
        self.redis = redis
        var processes: [RibsdProcess] = []
        var ports: [UInt16] = []
        for _ in 0..<count {
            // Warnings only: a request log line per event would be most of what the load costs.
            let (ribsd, port, _) = try RibsdProcess.listening(["--store", redis.url, "--log-level", "warn"])
            processes.append(ribsd)
            ports.append(port)
        }
        self.processes = processes
        self.ports = ports
    }

    /// kill -9 of instance `index`: whatever it had not answered is lost with it, what it stored stays in Redis.
    /// Its exit: (SIGKILL, false) when the signal ended it.
    @discardableResult
    func kill(_ index: Int) -> (status: Int32, exited: Bool)? {
        processes[index].signal(SIGKILL)
        return processes[index].wait(timeout: 10)
    }

    /// What an instance wrote to stderr (its warnings), for a failure's message.
    func stderr(_ index: Int) -> String { String(processes[index].stderr.suffix(2000)) }
}

/// One load client's connection to the fleet: it sends to its own instance and, once that instance stops answering,
/// moves to a survivor and sends the request it had in flight there again, with the same `Idempotency-Key`.
struct FleetConnection {
    let ports: [UInt16]
    /// The instance this client sends to now.
    private(set) var instance: Int
    private var connection: RelConnection?
    /// Instances that stopped answering this client.
    private(set) var dead: Set<Int> = []

    init(ports: [UInt16], instance: Int) {
        self.ports = ports
        self.instance = instance
    }

    /// What sending one request until it has a final answer went through.
    struct Delivery {
        /// The final answer: anything but 503 `store_unavailable`; nil when no instance would answer.
        var response: RelResponse?
        /// Sent to an instance that then died without answering: the request may or may not have applied there.
        var wasInFlight = false
        /// 503 `store_unavailable` answers tried again (nothing was applied for them).
        var unavailable = 0
        /// Why an instance that stopped answering did, for a failure's message.
        var lost: [String] = []
    }

    /// Sends `request` until an instance gives a final answer: an instance that refuses the connection or drops it
    /// unanswered is left for the next one still alive (`canLose` says whether losing it is expected), and a 503
    /// `store_unavailable` (the change kept losing to other instances, or Redis was slow) is tried again.
    mutating func deliver(_ request: [UInt8], method: String, canLose: (Int) -> Bool) -> Delivery {
        var delivery = Delivery()
        for _ in 0..<200 {
            if connection == nil {
                do {
                    connection = try RelConnection(port: ports[instance])
                } catch {
                    guard moveOn(because: "\(error)", into: &delivery, canLose: canLose) else { return delivery }
                    continue
                }
            }
            guard let open = connection else { continue }
            let sent = open.send(request) == 0
            let outcome = sent ? open.read(method: method) : .closed(partial: 0)
            guard let response = outcome.response else {
                connection = nil
                if sent { delivery.wasInFlight = true }
                guard moveOn(because: "\(outcome)", into: &delivery, canLose: canLose) else { return delivery }
                continue
            }
            if response.closesConnection { connection = nil }
            if response.status == 503, response.json?["code"] as? String == "store_unavailable" {
                delivery.unavailable += 1
                usleep(5_000)
                continue
            }
            delivery.response = response
            return delivery
        }
        delivery.lost.append("no final answer after 200 tries")
        return delivery
    }

    /// Leaves the current instance for the next one not known dead; false when it may not be lost or none is left.
    private mutating func moveOn(because reason: String, into delivery: inout Delivery, canLose: (Int) -> Bool) -> Bool {
        delivery.lost.append("instance \(instance): \(reason)")
        guard canLose(instance) else { return false }
        dead.insert(instance)
        guard let next = (1..<ports.count).map({ (instance + $0) % ports.count }).first(where: { !dead.contains($0) }) else {
            return false
        }
        instance = next
        return true
    }
}
