import AppHosting
import BuiltinApps
import HTTPServer
import SessionService
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

enum IDs {
    /// A session id in RandomSessionIDs' form (128 bits, base64url), from a seeded generator so runs compare.
    static func random(using generator: inout SplitMix64) -> String {
        Base64URL.encode128(high: generator.next(), low: generator.next())
    }
}

/// Stores measured earlier, kept to the end (see `appLevel`). The benchmarks run one after another on the main
/// thread, the only one that touches this.
nonisolated(unsafe) private var keptAlive: [SessionStore] = []

enum DispatchBench {
    /// Lookup in a store of `alive` logged-in sessions + push or pop + render, targets in random order.
    static func appLevel(alive counts: [Int]) -> [Measurement] {
        var results: [Measurement] = []
        var generator = SplitMix64(seed: 42)
        for alive in counts {
            let store = SessionStore(limit: alive)
            var ids: [String] = []
            ids.reserveCapacity(alive)
            let before = Harness.residentKiB() * 1024
            for _ in 0..<alive {
                let id = IDs.random(using: &generator)
                let session = Session(
                    id: id, app: BuiltinApps.login, uptime: 0, idempotencyKeys: ServiceConfiguration().idempotencyKeysPerSession)
                session.withCore { core in _ = try? core.apply(.login(name: "bench"), now: 0) }
                _ = store.insert(session)
                ids.append(id)
            }
            let after = Harness.residentKiB() * 1024
            ids.shuffle(using: &generator)
            var index = 0
            results.append(
                Harness.measure(
                    "dispatch in-process, \(alive) alive (lookup+event)",
                    note: "random target" + (alive > 1 ? "; RSS +\((after - before) / alive) B/logged-in session" : "")
                ) {
                    let id = ids[index]
                    index += 1
                    if index == ids.count { index = 0 }
                    dispatch(to: id, in: store)
                })
            // The same target every time: what the other sessions' number costs, without the cache misses of
            // reaching a cold one (the row above), so this compares with the 1-alive row.
            if alive > 1 {
                let target = ids[0]
                results.append(
                    Harness.measure(
                        "dispatch in-process, \(alive) alive, one target (lookup+event)",
                        note: "the other \(alive - 1) idle"
                    ) {
                        dispatch(to: target, in: store)
                    })
            }
        }
        return results
    }

    /// Finds `id` and applies a push or a pop, as a request would.
    private static func dispatch(to id: String, in store: SessionStore) {
        guard let session = store.session(id) else { return }
        let size = session.withCore { core -> Int in
            // Login Home's stack is [Home] or [Home, A]: push when one screen, pop when two.
            let event: AppEvent = core.version % 2 == 0 ? .push(screen: "A") : .pop
            _ = try? core.apply(event, now: 0)
            return core.stateJSON.count
        }
        blackHole(size)
    }

    /// Memory of idle login sessions in the model (app tree + state bytes + store entry), KiB per session.
    static func modelMemory(count: Int) -> Measurement {
        var generator = SplitMix64(seed: 7)
        let before = Harness.residentKiB() * 1024
        let store = SessionStore(limit: count)
        for _ in 0..<count {
            let id = IDs.random(using: &generator)
            _ = store.insert(
                Session(id: id, app: BuiltinApps.login, uptime: 0, idempotencyKeys: ServiceConfiguration().idempotencyKeysPerSession))
        }
        let after = Harness.residentKiB() * 1024
        blackHole(store.count)
        keptAlive.append(store)  // freed memory would stay in RSS and blur later RSS readings: keep it
        let bytes = Double(after - before) / Double(count)
        return Measurement(
            name: "memory: idle login session (model, in-process)", value: bytes, low: bytes, high: bytes,
            unit: "B/sess", note: "RSS growth ÷ \(count) (first in the process); app tree + state + store entry, no HTTP")
    }

    /// The real service in-process, twice: two HTTPServers on 127.0.0.1:0, each with its own SessionService,
    /// one holding 1 session and the other the same plus `fillers` idle ones. One keep-alive client per
    /// server alternates push A / pop on its session; batches alternate between the two servers (A/B), so
    /// machine noise hits both alike. Value: µs per request (the round trip, one client, no concurrency).
    static func profileHTTP(_ name: String, iterations: Int) -> Bool {
        guard let target = Target(fillers: 0, threads: 1) else { return false }
        defer { target.stop() }
        let create = LoopbackClient.post("/v1/sessions", body: #"{"app":"login"}"#)
        for _ in 0..<iterations {
            switch name {
            case "http-events": target.pair()
            case "http-get": target.send(target.get, expect: 200)
            default: target.send(create, expect: 201)
            }
        }
        if target.failures > 0 { Swift.print("\(target.failures) requests failed") }
        return target.failures == 0
    }

    static func http(fillers: Int) -> [Measurement] {
        // The large target first: making its fillers takes seconds (tens on a busy host), and a connection
        // left idle that long would meet the server's idle timeout.
        guard let large = Target(fillers: fillers) else { return [] }
        guard let small = Target(fillers: 0) else {
            large.stop()
            return []
        }
        defer {
            small.stop()
            large.stop()
        }
        let clock = ContinuousClock()
        for _ in 0..<200 {
            small.pair()
            large.pair()
        }
        let start = clock.now
        for _ in 0..<100 { small.pair() }
        let perPair = Harness.nanoseconds(clock.now - start) / 100
        let pairs = max(50, Int(Harness.batchMilliseconds * 1e6 / perPair))
        var samples: ([Double], [Double]) = ([], [])
        for _ in 0..<7 {
            for (index, target) in [small, large].enumerated() {
                let begin = clock.now
                for _ in 0..<pairs { target.pair() }
                let microseconds = Harness.nanoseconds(clock.now - begin) / Double(pairs * 2) / 1000
                if index == 0 { samples.0.append(microseconds) } else { samples.1.append(microseconds) }
            }
        }
        func note(_ target: Target) -> String {
            "push/pop round trip, 1 client, A/B batches" + (target.failures > 0 ? ", \(target.failures) failed" : "")
        }
        return [
            Harness.summarize(
                "dispatch HTTP in-process, \(small.service.sessionCount) alive", samples.0, unit: "µs/req", note: note(small)),
            Harness.summarize(
                "dispatch HTTP in-process, \(large.service.sessionCount) alive", samples.1, unit: "µs/req", note: note(large)),
        ]
    }
}

/// One in-process server + SessionService + keep-alive client with one logged-in session (and fillers).
final class Target {
    let service: SessionService
    let server: HTTPServer
    let client: LoopbackClient
    let push: [UInt8]
    let pop: [UInt8]
    let get: [UInt8]
    var failures = 0

    init?(fillers: Int, threads: Int = ServerConfiguration().threads) {
        service = SessionService(
            registry: BuiltinApps.registry, configuration: ServiceConfiguration(maxSessions: fillers + 1_000_000))
        let router = HTTPRouter()
        service.addRoutes(to: router)
        server = HTTPServer(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: threads), router: router)
        let metrics = service.metrics
        server.onRequestCompleted = { summary in metrics.record(summary) }
        do { try server.start() } catch {
            Swift.print("in-process server failed: \(error)")
            return nil
        }
        guard let client = LoopbackClient(port: server.port) else { return nil }
        self.client = client
        let created = client.send(LoopbackClient.post("/v1/sessions", body: #"{"app":"login"}"#))
        guard created.status == 201, let id = LoopbackClient.sessionID(in: created.body) else {
            Swift.print("could not create a session: \(created.status)")
            return nil
        }
        let path = "/v1/sessions/\(id)/events"
        _ = client.send(LoopbackClient.post(path, body: #"{"type":"login","name":"bench"}"#))
        get = Array("GET /v1/sessions/\(id) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        push = LoopbackClient.post(path, body: #"{"type":"push","screen":"A"}"#)
        pop = LoopbackClient.post(path, body: #"{"type":"pop"}"#)
        let create = LoopbackClient.post("/v1/sessions", body: "")
        for _ in 0..<fillers where client.send(create).status != 201 { failures += 1 }
    }

    func send(_ request: [UInt8], expect status: Int) {
        if client.send(request).status != status { failures += 1 }
    }

    func pair() {
        if client.send(push).status != 200 { failures += 1 }
        if client.send(pop).status != 200 { failures += 1 }
    }

    func stop() {
        client.close()
        server.stop(gracePeriod: .seconds(1))
    }
}

/// A blocking HTTP/1.1 keep-alive client over loopback: enough for well-formed responses with Content-Length.
final class LoopbackClient {
    private let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init?(port: UInt16) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            return nil
        }
    }

    private var closed = false

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }

    static func post(_ path: String, body: String) -> [UInt8] {
        var text = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if !body.isEmpty { text += "Content-Type: application/json\r\n" }
        text += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        return Array(text.utf8)
    }

    static func sessionID(in body: [UInt8]) -> String? {
        let prefix = Array(#"{"session":""#.utf8)
        guard body.count > prefix.count + 22, Array(body[0..<prefix.count]) == prefix else { return nil }
        return String(decoding: body[prefix.count..<(prefix.count + 22)], as: UTF8.self)
    }

    /// Sends one request and reads its whole response; status 0 on a transport failure.
    func send(_ request: [UInt8]) -> (status: Int, body: [UInt8]) {
        var sent = 0
        while sent < request.count {
            // MSG_NOSIGNAL: a connection the server closed is a counted failure, not a silent SIGPIPE death.
            let n = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return (0, []) }
            sent += n
        }
        var filled = 0
        var headerEnd = -1
        var contentLength = 0
        var status = 0
        while true {
            if filled == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            guard n > 0 else { return (0, []) }
            filled += n
            if headerEnd < 0 {
                guard let end = Self.find(Array("\r\n\r\n".utf8), in: buffer, upTo: filled) else { continue }
                headerEnd = end + 4
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                if let first = lines.first, first.count >= 12 { status = Int(first.dropFirst(9).prefix(3)) ?? 0 }
                for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
                    contentLength = Int(line.dropFirst(15).trimmingCharacters()) ?? 0
                }
            }
            if filled >= headerEnd + contentLength {
                return (status, Array(buffer[headerEnd..<(headerEnd + contentLength)]))
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], upTo limit: Int) -> Int? {
        guard limit >= needle.count else { return nil }
        var index = 0
        while index <= limit - needle.count {
            if haystack[index] == needle[0] && haystack[index + 1] == needle[1] && haystack[index + 2] == needle[2]
                && haystack[index + 3] == needle[3]
            {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
