import Dispatch
import Foundation
import HTTPServer
import Locking
import SessionService
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// One generated bad request and what may come back.
struct HostileCase {
    enum Mode {
        /// Sent on the worker's keep-alive connection.
        case keepAlive
        /// Sent on a connection of its own, closed afterwards.
        case fresh
        /// Sent a few bytes at a time with pauses, on a connection of its own.
        case slow
        /// Half sent, then the client vanishes (RST) without reading.
        case abort
        /// `count` requests in one write, answers read in order.
        case pipelined(count: Int)
    }

    let kind: String
    let method: String
    let bytes: [UInt8]
    var mode: Mode = .keepAlive
    /// A well-formed HTTP request: it must get an answer (not a silent close or a timeout).
    var mustAnswer = true
    /// Must not succeed: it is aimed at the witness (or at session creation) and every part of it is wrong.
    var refused = true
    /// A 5xx that is the protocol's own answer, not a server failure (MHD's 505 for an unknown HTTP version).
    var protocolStatus: Int?
}

/// Generates bad requests from a seed; `witness` is the one session that must never change.
struct HostileGenerator {
    let witness: String
    let maxBody: Int
    var random: RelRandom

    private var events: String { "/v1/sessions/\(witness)/events" }

    /// A valid event that the witness (login app, logged in, stack [Home, A]) would apply.
    private static let applicable = [
        #"{"type":"push","screen":"B"}"#, #"{"type":"present","screen":"Profile"}"#, #"{"type":"pop"}"#, #"{"type":"logout"}"#,
    ]

    mutating func next() -> HostileCase {
        let roll = random.int(0..<1000)
        switch roll {
        case 0..<110: return brokenJSON()
        case 110..<170: return deepNesting()
        case 170..<230: return hugeNumbers()
        case 230..<290: return invalidUTF8()
        case 290..<350: return nulBytes()
        case 350..<430: return wrongContentType()
        case 430..<450: return megabyteBody()
        case 450..<510: return staleIfMatch()
        case 510..<550: return badIdempotencyKey()
        case 550..<650: return invalidEvent()
        case 650..<700: return badCreate()
        case 700..<780: return oddPathOrMethod()
        case 780..<810: return headerFlood()
        case 810..<890: return garbageRequest()
        case 890..<910: return slowClient()
        case 910..<930: return abortedClient()
        case 930..<960: return pipelined()
        default: return unknownSession()
        }
    }

    // MARK: bodies aimed at the witness

    private mutating func post(_ kind: String, _ body: [UInt8], contentType: String? = "application/json", headers: [(String, String)] = [])
        -> HostileCase
    {
        HostileCase(kind: kind, method: "POST", bytes: relRequest("POST", events, body: body, contentType: contentType, headers: headers))
    }

    private mutating func brokenJSON() -> HostileCase {
        let valid = Array(random.pick(Self.applicable).utf8)
        let body: [UInt8]
        switch random.int(0..<6) {
        case 0: body = Array(valid[0..<random.int(0..<(valid.count - 1))])  // truncated: never the whole object
        case 1: body = random.bytes(random.int(1..<200))
        case 2: body = valid + Array(random.pick([",", "}", "]", "x", "{", "\"", ",}"]).utf8)
        case 3:
            body = Array(
                random.pick([
                    #"{"type":"push","screen":"B""#, #"{"type" "pop"}"#, #"{type:"pop"}"#, #"{'type':'pop'}"#, "{", "}", "", " ",
                    "\u{FEFF}", #"{"type":"pop",,}"#, #"{"type":"pop"}{"type":"pop"}"#,
                ]).utf8)
        case 4:
            var mutated = valid
            for _ in 0..<random.int(1..<4) {
                mutated[random.int(0..<mutated.count)] = UInt8(ascii: random.pick(["\"", "{", "}", ":", ",", "\\"]))
            }
            body = mutated
        default: body = Array(#"{"type":"push","screen":"B"} trailing"#.utf8)
        }
        // Foundation's parser is lenient (a trailing comma passes: see KnownIssueTests): whatever it accepts
        // is not broken JSON for this server, so break it for sure.
        var broken = body
        while (try? JSONSerialization.jsonObject(with: Data(broken), options: [.fragmentsAllowed])) != nil {
            broken.insert(UInt8(ascii: "["), at: 0)
        }
        return post("broken JSON", broken)
    }

    private mutating func deepNesting() -> HostileCase {
        let depth = random.pick([600, 5_000, 60_000, 100_000])
        let body: [UInt8]
        switch random.int(0..<4) {
        case 0: body = [UInt8](repeating: UInt8(ascii: "["), count: depth)
        case 1: body = Array(String(repeating: #"{"a":"#, count: depth / 5).utf8)
        case 2:
            body =
                Array(#"{"type":"push","screen":"#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: depth)
                + [UInt8](repeating: UInt8(ascii: "]"), count: depth) + [UInt8(ascii: "}")]
        default:
            body =
                Array(#"{"type":"pop","x":"#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: depth)
                + [UInt8](repeating: UInt8(ascii: "]"), count: depth)  // unclosed object
        }
        return post("deep nesting", body)
    }

    private mutating func hugeNumbers() -> HostileCase {
        let number = random.pick([
            "1e999999", "-1e999999", "1E-999999", String(repeating: "9", count: random.int(20..<5000)),
            "123456789012345678901234567890.5e300", "-0", "0x10", "NaN", "Infinity",
        ])
        let body = random.pick([
            #"{"type":\#(number)}"#, #"{"type":"push","screen":\#(number)}"#, #"{"type":"push","n":\#(number)}"#,
            #"{"type":"present","screen":"Profile","style":\#(number)}"#, #"[\#(number)]"#, number,
        ])
        return post("huge numbers", Array(body.utf8))
    }

    private mutating func invalidUTF8() -> HostileCase {
        let bad = random.pick(
            [[0xFF], [0xFE, 0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]] as [[UInt8]])
        let body: [UInt8]
        switch random.int(0..<3) {
        case 0: body = Array(#"{"type":"push","screen":""#.utf8) + bad + Array(#""}"#.utf8)
        case 1: body = Array(#"{"type":""#.utf8) + bad + Array(#""}"#.utf8)
        default: body = bad + Array(#"{"type":"pop"}"#.utf8)
        }
        return post("invalid UTF-8", body)
    }

    private mutating func nulBytes() -> HostileCase {
        let body: [UInt8]
        switch random.int(0..<4) {
        case 0: body = Array(#"{"type":"po"#.utf8) + [0] + Array(#"p"}"#.utf8)
        case 1: body = Array(#"{"type":"push","screen":"B"#.utf8) + [0] + Array(#""}"#.utf8)
        case 2: body = [0] + Array(#"{"type":"pop"}"#.utf8)
        default: body = Array(#"{"type":"pop"}"#.utf8) + [0]
        }
        return post("NUL bytes", body)
    }

    private mutating func wrongContentType() -> HostileCase {
        let body = Array(random.pick(Self.applicable).utf8)
        let type = random.pick([
            "text/plain", "application/xml", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp",
            "json", "*/*", "text/json", "application/json-seq", "image/png", "application", "/json",
        ])
        if random.chance(0.2) {
            return post("no content type", body, contentType: nil)
        }
        return post("wrong content type", body, contentType: type)
    }

    private mutating func megabyteBody() -> HostileCase {
        let size = 1_048_576
        let body: [UInt8]
        switch random.int(0..<4) {
        case 0: body = [UInt8](repeating: UInt8(ascii: " "), count: size - 16) + Array(#"{"type":"push"}"#.utf8)  // screen missing
        case 1:
            // A screen nobody routes to.
            body = Array(#"{"type":"push","screen":""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: size) + Array(#""}"#.utf8)
        case 2: body = random.bytes(size)
        default: body = [UInt8](repeating: UInt8(ascii: "["), count: size)
        }
        var hostile = post("1 MB body", body)
        hostile.mode = .fresh
        return hostile
    }

    private mutating func staleIfMatch() -> HostileCase {
        let tag = random.pick([
            "\"1\"", "\"2\"", "W/\"3\"", "3", "\"03\"", "\"99999999999999999999999\"", "\"-1\"", "garbage", "\"1\", \"2\"", "W/*",
        ])
        return post("stale If-Match", Array(random.pick(Self.applicable).utf8), headers: [("If-Match", tag)])
    }

    private mutating func badIdempotencyKey() -> HostileCase {
        let key = String(repeating: random.pick(["k", "é", "-"]), count: random.int(256..<2000))
        return post("Idempotency-Key too long", Array(random.pick(Self.applicable).utf8), headers: [("Idempotency-Key", key)])
    }

    private mutating func invalidEvent() -> HostileCase {
        let body = random.pick([
            "[]", "{}", "null", "true", "\"pop\"", "42", #"{"type":null}"#, #"{"type":5}"#, #"{"type":["pop"]}"#, #"{"type":{"t":1}}"#,
            #"{"type":"teleport"}"#, #"{"type":"POP"}"#, #"{"type":""}"#, #"{"type":"push"}"#, #"{"type":"push","screen":null}"#,
            #"{"type":"push","screen":7}"#, #"{"type":"login","name":""}"#, #"{"type":"login","name":"kim"}"#,
            #"{"type":"push","screen":"A"}"#,
            #"{"type":"push","screen":"Home"}"#, #"{"type":"push","screen":"Navigation"}"#,
            #"{"type":"present","screen":"Profile","style":"formSheet"}"#,
            #"{"type":"present","screen":"Nope"}"#, #"{"type":"dismiss"}"#, #"{"type":"step","step":"mainIsRequired"}"#,
            #"{"type":"didPop"}"#,
            // (Not `{"type":"pop","type":"x"}`: duplicate names are legal JSON and the first one wins.)
            #"{"type":"didDismiss","screen":5}"#, #"{"Type":"pop"}"#, #"{"type":"\u0000"}"#,
        ])
        return post("invalid event", Array(body.utf8))
    }

    // MARK: other endpoints

    private mutating func badCreate() -> HostileCase {
        let body = random.pick([
            #"{"app":"nope"}"#, #"{"app":5}"#, "[]", "nope", #"{"app":null,"#, #"{"app":"login""#, String(repeating: "[", count: 50_000),
            #"{"app":"\u0000"}"#,
        ])
        let contentType = random.chance(0.2) ? "text/plain" : "application/json"
        return HostileCase(
            kind: "bad create", method: "POST", bytes: relRequest("POST", "/v1/sessions", body: Array(body.utf8), contentType: contentType))
    }

    private mutating func unknownSession() -> HostileCase {
        let id =
            random.chance(0.7) ? random.urlSafe(22) : random.pick(["", "x", random.urlSafe(200), "%00", "..", "%2e%2e", "session%2F..%2F"])
        let (method, path, body): (String, String, [UInt8]?) = random.pick([
            ("POST", "/v1/sessions/\(id)/events", Array(#"{"type":"pop"}"#.utf8)),
            ("GET", "/v1/sessions/\(id)", nil),
            ("GET", "/v1/sessions/\(id)/history", nil),
            ("DELETE", "/v1/sessions/\(id)", nil),
        ])
        return HostileCase(kind: "unknown session", method: method, bytes: relRequest(method, path, body: body), refused: true)
    }

    private mutating func oddPathOrMethod() -> HostileCase {
        let method = random.pick(["GET", "HEAD", "PUT", "PATCH", "OPTIONS", "TRACE", "POST", "FOO", "get"])
        let path = random.pick([
            "/", "/v1", "/v1/", "/v1/sessions/\(witness)/nope", "/v1//sessions", "/v1/sessions/%00", "/%ff%fe",
            "/v1/apps?\(String(repeating: "a=b&", count: 200))",
            "/" + String(repeating: "x", count: random.int(100..<20_000)), "/v1/sessions/\(witness)/history/extra",
            "/v1/sessions/\(witness)/events/1",
            "/healthz/../v1/apps", "/v1/sessions/\(witness)%2Fevents", "*", "/v1/apps#frag",
        ])
        // An unknown type: even a path that decodes to the witness's events (%2F) cannot apply it.
        let body: [UInt8]? = ["PUT", "PATCH", "POST"].contains(method) ? Array(#"{"type":"teleport"}"#.utf8) : nil
        // A PUT/PATCH/POST on these paths is never an event the witness could apply: refused, except GET/HEAD reads.
        var hostile = HostileCase(kind: "odd path or method", method: method, bytes: relRequest(method, path, body: body))
        hostile.refused = !(method == "GET" || method == "HEAD")
        hostile.mode = .fresh
        hostile.mustAnswer = method != "get" && path != "*"
        return hostile
    }

    private mutating func headerFlood() -> HostileCase {
        var headers: [(String, String)] = []
        if random.chance(0.5) {
            for index in 0..<random.int(100..<4000) { headers.append(("X-Flood-\(index)", "v")) }
        } else {
            headers.append(("X-Big", String(repeating: "h", count: random.int(20_000..<200_000))))
        }
        let body = Array(random.pick(Self.applicable).utf8)
        // Wrong If-Match too, so that if the flood were accepted the event still is not applied.
        headers.append(("If-Match", "\"1\""))
        var hostile = HostileCase(kind: "header flood", method: "POST", bytes: relRequest("POST", events, body: body, headers: headers))
        hostile.mode = .fresh
        hostile.mustAnswer = false  // MHD may close instead of answering 431 when the headers do not fit at all
        return hostile
    }

    private mutating func garbageRequest() -> HostileCase {
        let text: [UInt8]
        let variant = random.int(0..<18)
        switch variant {
        case 0: text = random.bytes(random.int(1..<3000)) + Array("\r\n\r\n".utf8)
        case 1: text = Array("\r\n\r\n".utf8)
        case 2: text = Array("GET /v1/apps HTTP/9.9\r\nHost: x\r\n\r\n".utf8)
        case 3: text = Array("GET /v1/apps\r\n\r\n".utf8)
        case 4: text = Array("GET /v1/apps HTTP/1.1\r\n\r\n".utf8)  // no Host
        case 5: text = Array("GET /v1/a".utf8) + [0] + Array("pps HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        case 6: text = Array("GET /v1/".utf8) + [0xFF, 0xFE, 0xC0] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        // Conflicting Content-Lengths (refused with the head, KnownIssueTests), around an event that cannot apply.
        case 7:
            text = Array(
                "POST \(events) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 19\r\nContent-Length: 20\r\n\r\n{\"type\":\"teleport\"}"
                    .utf8)
        case 8: text = Array("POST \(events) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n".utf8)
        case 9:
            text = Array(
                "POST \(events) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999999999999999\r\n\r\n{}"
                    .utf8)
        case 10:
            text = Array(
                "POST \(events) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
                    .utf8)
        case 11:
            text = Array(
                "POST \(events) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n3\r\n{}}\r\n0\r\n\r\n"
                    .utf8)
        case 12:
            text = Array(
                "POST \(events) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n"
                    .utf8)
        case 13: text = Array("GET /v1/apps HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n".utf8)
        case 14: text = Array("GET /v1/apps HTTP/1.1\r\nHost: x\r\nX-Space : y\r\n\r\n".utf8)
        case 15: text = Array("GET /v1/apps HTTP/1.1\r\nHost: x\r\nX-Fold: a\r\n b\r\n\r\n".utf8)
        case 16: text = Array("GET  /v1/apps  HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        default: text = Array("POST \(events) HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 2\n\n[]".utf8)  // bare LF
        }
        // Variants 7-12 and 17 are aimed at the witness's events: they must not succeed. The others may read,
        // except 4 (no Host), 15 (a folded line), 16 (spaces in the target) and 17 (bare LFs), which the server
        // itself refuses with an answer.
        let aimed = (7...12).contains(variant) || variant == 17
        let answered = [4, 15, 16, 17].contains(variant)
        var hostile = HostileCase(
            kind: "garbage request \(variant)", method: "GET", bytes: text, mode: .fresh,
            mustAnswer: answered, refused: aimed || answered)
        // HTTP/9.9: microhttpd itself answers 505 HTTP Version Not Supported (text/html) before any handler runs.
        if variant == 2 { hostile.protocolStatus = 505 }
        return hostile
    }

    // MARK: connection behaviours

    private mutating func slowClient() -> HostileCase {
        var hostile = random.chance(0.5) ? invalidEvent() : staleIfMatch()
        hostile = HostileCase(kind: "slow client", method: hostile.method, bytes: hostile.bytes, mode: .slow)
        return hostile
    }

    private mutating func abortedClient() -> HostileCase {
        let full = relRequest("POST", events, body: Array(random.pick(Self.applicable).utf8), headers: [("If-Match", "\"1\"")])
        let cut = random.int(1..<full.count)
        return HostileCase(kind: "aborted client", method: "POST", bytes: Array(full[0..<cut]), mode: .abort, mustAnswer: false)
    }

    private mutating func pipelined() -> HostileCase {
        let count = random.int(2..<8)
        var bytes: [UInt8] = []
        for _ in 0..<count {
            let one = random.chance(0.5) ? invalidEvent() : staleIfMatch()
            bytes += one.bytes
        }
        return HostileCase(kind: "pipelined", method: "POST", bytes: bytes, mode: .pipelined(count: count))
    }
}

/// Per-kind tallies of what came back, printed for the record.
final class HostileTally: Sendable {
    private let counts = Lock<[String: [String: Int]]>([:])

    func record(_ kind: String, _ outcome: RelOutcome?) {
        let key: String
        switch outcome {
        case .response(let response)?: key = String(response.status)
        case .closed?: key = "closed"
        case .reset?: key = "reset"
        case .timeout?: key = "timeout"
        case .garbage?: key = "garbage"
        case nil: key = "not read"
        }
        counts.withLock { $0[kind, default: [:]][key, default: 0] += 1 }
    }

    var summary: String {
        counts.withLock { counts in
            counts.keys.sorted().map { kind in
                "  \(kind): " + counts[kind]!.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
            }.joined(separator: "\n")
        }
    }
}

extension ReliabilityTests {
    @Suite("hostile input: 10,000 bad requests (2,000 under ThreadSanitizer)")
    struct HostileInput {
        /// Two halves: the contract's default body cap (most big bodies end as 413), then a 2 MiB cap so that
        /// deep nesting and megabyte bodies reach the JSON decoder.
        @Test(
            "5,000 seeded bad requests per body cap (1,000 under ThreadSanitizer): no 5xx, no crash or hang, the witness session unchanged, open files flat",
            arguments: [(65_536, UInt64(0x5EED_0001)), (2 * 1024 * 1024, UInt64(0x5EED_0002))])
        func badRequests(maxBody: Int, seed: UInt64) async {
            // In a process of its own: it counts the process's open files, which other suites open and close
            // meanwhile when tests run in parallel. (A failed check there reports its message, not its values.)
            let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [maxBody, seed] in
                let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threads: 2, idleTimeout: 2, maxBodySize: maxBody)
                try withTestServer(server: configuration) { client in
                    let port = client.port
                    let witness = try client.createSession(app: "login")
                    try client.apply(witness, #"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"A"}"#)
                    let before = try client.snapshot(witness)
                    #expect(before.etag == "\"3\"", "the witness's ETag: \(before.etag ?? "none")")

                    // Warm up every kind of path once, then take the baseline of open files.
                    for _ in 0..<3 { _ = try RelConnection(port: port).roundTrip(relRequest("GET", "/healthz", close: true)) }
                    usleep(100_000)
                    let baselineFiles = openFileDescriptorCount()
                    let baselineSockets = relServerSockets(port: port)

                    // Slowloris: connections that never finish their request, open during the whole run.
                    var stalled: [RelConnection] = []
                    let partials = [
                        "GET /v1/apps HT", "GET /v1/sessions/\(witness) HTTP/1.1\r\nHost: x\r\nX-Slow: ",
                        "POST /v1/sessions/\(witness)/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"type\":",
                        "POST /v1/sessions/\(witness)/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"ty",
                    ]
                    for index in 0..<16 {
                        let connection = try RelConnection(port: port)
                        connection.send(partials[index % partials.count])
                        stalled.append(connection)
                    }
                    let stalledSince = Date()

                    let failures = RelFailures()
                    let tally = HostileTally()
                    let total = runningUnderThreadSanitizer ? 1_000 : 5_000
                    let workers = 8
                    let started = ContinuousClock.now
                    let expectedState = before.state
                    let expectedTag = before.etag
                    onThreads(workers) { worker in
                        var generator = HostileGenerator(
                            witness: witness, maxBody: maxBody, random: RelRandom(seed: seed &+ UInt64(worker) &* 0x1000_0000_01))
                        var keepAlive: RelConnection?
                        for index in 0..<(total / workers) {
                            let hostile = generator.next()
                            let label = "seed \(seed) worker \(worker) #\(index) \(hostile.kind)"
                            do {
                                try HostileInput.run(
                                    hostile, port: port, keepAlive: &keepAlive, label: label, failures: failures, tally: tally)
                                // Now and then, read the witness: same bytes, same version, all along.
                                if index % 50 == 49 {
                                    let reader = try RelConnection(port: port)
                                    let outcome = reader.roundTrip(relRequest("GET", "/v1/sessions/\(witness)", close: true))
                                    if outcome.response?.body != expectedState || outcome.response?.header("ETag") != expectedTag {
                                        failures.add("\(label): the witness changed or did not answer: \(outcome)")
                                    }
                                }
                            } catch {
                                failures.add("\(label): \(error)")
                            }
                        }
                    }
                    let elapsed = ContinuousClock.now - started
                    print("hostile input, body cap \(maxBody), seed \(seed): \(total) requests in \(elapsed)\n\(tally.summary)")
                    #expect(failures.count == 0, "\(failures.summary())")

                    // Every stalled connection was closed by the idle timeout (2 s), none answered with a 5xx.
                    let waited = Date().timeIntervalSince(stalledSince)
                    for (index, connection) in stalled.enumerated() {
                        #expect(connection.waitForClose(timeout: max(0.5, 4 - waited)), "stalled connection \(index) still open")
                    }
                    stalled.removeAll()

                    // Nothing changed: the witness's bytes, version and history, and no session was created.
                    let after = try client.another().snapshot(witness)
                    #expect(after.etag == before.etag, "the witness's version moved from \(before.etag ?? "-") to \(after.etag ?? "-")")
                    #expect(
                        after.state == before.state,
                        "the witness's state changed: \(String(decoding: after.state, as: UTF8.self).prefix(600))")
                    #expect(
                        after.history == before.history,
                        "the witness's history changed: \(String(decoding: after.history, as: UTF8.self).prefix(600))")
                    #expect(client.service.sessionCount == 1, "sessions: \(client.service.sessionCount)")

                    // Open files flat: the server's sockets back to the baseline, the process's files within slack.
                    let sockets = relSettle(5, limit: baselineSockets + 1) { relServerSockets(port: port) }
                    #expect(sockets <= baselineSockets + 1, "server sockets: \(baselineSockets) before, \(sockets) after")
                    let files = relSettle(5, limit: baselineFiles + 8) { openFileDescriptorCount() }
                    #expect(files <= baselineFiles + 8, "open files: \(baselineFiles) before, \(files) after")
                }
            }
            // The child's output is discarded unless observed: pass its summary on.
            print(String(decoding: child?.standardOutputContent ?? [], as: UTF8.self), terminator: "")
        }

        /// Sends one case and checks its answers.
        static func run(
            _ hostile: HostileCase, port: UInt16, keepAlive: inout RelConnection?, label: String,
            failures: RelFailures, tally: HostileTally
        ) throws {
            func check(_ outcome: RelOutcome) {
                tally.record(hostile.kind, outcome)
                switch outcome {
                case .response(let response):
                    if response.status >= 500 && response.status != hostile.protocolStatus {
                        failures.add("\(label): \(response.status) \(response.text.prefix(300))")
                    } else if hostile.refused, (200..<300).contains(response.status) {
                        let sent = String(decoding: hostile.bytes.prefix(400), as: UTF8.self).debugDescription
                        failures.add(
                            "\(label): succeeded (\(response.status)) although it is invalid; sent \(sent); got \(response.text.prefix(120))"
                        )
                    }
                case .timeout(let partial):
                    failures.add("\(label): no answer within 10 s (hang; \(partial) bytes)")
                case .closed(let partial), .reset(let partial):
                    if hostile.mustAnswer || partial > 0 {
                        failures.add("\(label): connection ended without a whole answer (\(outcome))")
                    }
                case .garbage(let line):
                    failures.add("\(label): not HTTP: \(line)")
                }
            }

            switch hostile.mode {
            case .keepAlive:
                let reused = keepAlive != nil && keepAlive?.poisoned == false
                if !reused { keepAlive = try RelConnection(port: port) }
                var outcome = keepAlive!.roundTrip(hostile.bytes, method: hostile.method)
                switch outcome {
                case .closed(partial: 0) where reused, .reset(partial: 0) where reused:
                    // The server closed the idle keep-alive connection (idle timeout) before this request:
                    // what any client does is retry once on a new connection.
                    keepAlive = try RelConnection(port: port)
                    outcome = keepAlive!.roundTrip(hostile.bytes, method: hostile.method)
                default:
                    break
                }
                check(outcome)
                if outcome.response?.closesConnection != false || keepAlive!.poisoned { keepAlive = nil }
            case .fresh:
                let connection = try RelConnection(port: port)
                check(connection.roundTrip(hostile.bytes, method: hostile.method))
            case .slow:
                let connection = try RelConnection(port: port)
                let code = connection.sendSlowly(hostile.bytes, piece: 7, pauseMicroseconds: 1_500)
                if code != 0 { failures.add("\(label): send failed: \(String(cString: strerror(code)))") }
                check(connection.read(method: hostile.method))
            case .abort:
                let connection = try RelConnection(port: port)
                connection.send(hostile.bytes)
                connection.abort()
                tally.record(hostile.kind, nil)
            case .pipelined(let count):
                let connection = try RelConnection(port: port)
                let code = connection.send(hostile.bytes)
                if code != 0 { failures.add("\(label): send failed: \(String(cString: strerror(code)))") }
                for _ in 0..<count {
                    let outcome = connection.read(method: hostile.method)
                    check(outcome)
                    if outcome.response == nil || outcome.response?.closesConnection == true { break }
                }
            }
        }
    }
}
