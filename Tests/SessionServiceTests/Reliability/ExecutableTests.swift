import Dispatch
import Foundation
import Locking
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension ReliabilityTests {
    /// The real `ribsd` binary (built next to the test bundle) as a subprocess.
    @Suite("the ribsd executable")
    struct Executable {
        @Test(
            "SIGTERM under load: every request sent before it gets its whole answer, new connections may be refused, exit 0; stdout's first line is the address"
        )
        func sigtermUnderLoad() throws {
            // Under a ThreadSanitizer build, ribsd's own reports (see scripts/check) would turn exit 0 into 66:
            // keep the exit status about shutdown; the reports still go to its stderr and are counted below.
            let tsan = (ProcessInfo.processInfo.environment["TSAN_OPTIONS"].map { $0 + ":" } ?? "") + "exitcode=0"
            let (ribsd, port, line) = try RibsdProcess.listening(["--threads", "2"], environment: ["TSAN_OPTIONS": tsan])
            #expect(line == "ribsd listening on http://127.0.0.1:\(port)")

            let signalled = RelFlag()
            let answeredBefore = RelCounter()
            let answeredAfter = RelCounter()
            let refusedAfter = RelCounter()
            let failures = RelFailures()
            let dropped = RelFailures()
            let loaders = 6
            let ready = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for index in 0..<loaders {
                group.enter()
                Thread {
                    defer { group.leave() }
                    Self.load(
                        index: index, port: port, ready: ready, signalled: signalled, answeredBefore: answeredBefore,
                        answeredAfter: answeredAfter, refusedAfter: refusedAfter, failures: failures, dropped: dropped)
                }.start()
            }
            for _ in 0..<loaders { _ = ready.wait(timeout: .now() + 20) }
            usleep(700_000)  // load running

            signalled.set()
            ribsd.signal(SIGTERM)
            let exit = ribsd.wait(timeout: 30)
            #expect(group.wait(timeout: .now() + 30) == .success, "load threads did not finish")

            #expect(failures.count == 0, "\(failures.summary())")
            // CONTRACT: "SIGTERM: stop accepting, finish requests in flight". That includes a request already in
            // a kept-alive socket but not parsed yet: HTTPServer.stop waits for a quiet moment before closing.
            #expect(dropped.count == 0, "\(dropped.summary())")
            let before = answeredBefore.count
            #expect(before > 100, "only \(before) requests answered before SIGTERM: no real load")
            #expect(
                exit?.exited == true && exit?.status == 0, "exit: \(String(describing: exit)); stderr tail: \(ribsd.stderr.suffix(2000))")
            #expect(ribsd.remainingStdout().isEmpty, "more than one line on stdout")
            let stderr = ribsd.stderr
            #expect(!stderr.contains("Fatal error") && !stderr.contains("Backtrace"), "\(stderr.suffix(3000))")
            let races = stderr.components(separatedBy: "WARNING: ThreadSanitizer").count - 1
            if races > 0 { print("note: ribsd (ThreadSanitizer build) reported \(races) race(s) on its stderr under load") }
            print(
                "SIGTERM under load: \(before) answered before, \(answeredAfter.count) answered after, \(refusedAfter.count) connections refused after"
            )
        }

        /// One loader: its own keep-alive connection and session, push A / pop in turn until the server is gone.
        static func load(
            index: Int, port: UInt16, ready: DispatchSemaphore, signalled: RelFlag, answeredBefore: RelCounter,
            answeredAfter: RelCounter, refusedAfter: RelCounter, failures: RelFailures, dropped: RelFailures
        ) {
            var connection: RelConnection
            var id = ""
            do {
                connection = try RelConnection(port: port)
                let created = connection.roundTrip(
                    relRequest("POST", "/v1/sessions", body: Array(#"{"app":"navigation"}"#.utf8)), method: "POST")
                guard let session = created.response?.json?["session"] as? String else {
                    failures.add("loader \(index): create answered \(created)")
                    ready.signal()
                    return
                }
                id = session
            } catch {
                failures.add("loader \(index): \(error)")
                ready.signal()
                return
            }
            ready.signal()
            var round = 0
            while true {
                let event = round % 2 == 0 ? #"{"type":"push","screen":"A"}"# : #"{"type":"pop"}"#
                let code = connection.send(relRequest("POST", "/v1/sessions/\(id)/events", body: Array(event.utf8)))
                // The flag is set before the signal is sent: false here means the request left before SIGTERM.
                let sentBefore = code == 0 && !signalled.isSet
                let outcome = code == 0 ? connection.read(method: "POST") : .closed(partial: 0)
                switch outcome {
                case .response(let response):
                    if response.status != 200 {
                        failures.add("loader \(index): \(event) answered \(response.status) \(response.text.prefix(200))")
                        return
                    }
                    (sentBefore ? answeredBefore : answeredAfter).add()
                    round += 1
                    if !response.closesConnection { continue }
                case .closed(let partial), .reset(let partial), .timeout(let partial):
                    if partial > 0 {
                        failures.add("loader \(index): request \(round) cut mid-response: \(outcome)")
                        return
                    }
                    if sentBefore {
                        dropped.add("loader \(index): request \(round) (\(event)) sent before SIGTERM ended with \(outcome)")
                        return
                    }
                case .garbage(let text):
                    failures.add("loader \(index): \(text)")
                    return
                }
                // The server closed this connection (draining, or gone): reconnect, which may be refused now.
                guard signalled.isSet else {
                    failures.add("loader \(index): connection closed before SIGTERM")
                    return
                }
                do {
                    connection = try RelConnection(port: port, timeout: 5)
                } catch {
                    refusedAfter.add()
                    return
                }
            }
        }

        @Test("a SIGTERM or SIGINT the moment the address is announced still stops it cleanly, every time")
        func signalAtOnce() throws {
            // Before, a signal there either ended the process by its default action or was lost (the server ran on).
            for round in 0..<16 {
                let (ribsd, _, _) = try RibsdProcess.listening([])
                ribsd.signal(round % 2 == 0 ? SIGTERM : SIGINT)
                let exit = ribsd.wait(timeout: 20)
                // nil: still running after 20 s (the signal was lost), then killed.
                #expect(exit?.exited == true && exit?.status == 0, "round \(round): \(String(describing: exit)); stderr: \(ribsd.stderr)")
            }
        }

        @Test("SIGTERM then SIGINT at once: one stop, logged once, exit 0")
        func twoSignals() throws {
            let (ribsd, port, _) = try RibsdProcess.listening([])
            let client = HTTPClient(port: port)
            #expect(
                try client.request("POST", "/v1/sessions", body: Array("{}".utf8), headers: [("Content-Type", "application/json")]).status
                    == 201)

            ribsd.signal(SIGTERM)
            ribsd.signal(SIGINT)
            let exit = ribsd.wait(timeout: 30)

            #expect(exit?.exited == true && exit?.status == 0, "exit: \(String(describing: exit))")
            let messages = ribsd.stderr.split(separator: "\n").compactMap { line in
                ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["msg"] as? String
            }
            #expect(messages.filter { $0 == "stopping" }.count == 1, "\(messages)")
            #expect(messages.filter { $0 == "stopped" }.count == 1, "\(messages)")
        }

        @Test(
            "a bad flag: exit 2, one line on stderr, nothing on stdout, no stack trace",
            arguments: [
                ["--bogus"], ["--port", "70000"], ["--threads", "0"], ["--port"], ["--max-body", "-1"], ["--log-level", "loud"],
            ])
        func badFlag(arguments: [String]) throws {
            let ribsd = try RibsdProcess(arguments)
            let exit = ribsd.wait(timeout: 20)
            #expect(exit?.exited == true && exit?.status == 2, "exit: \(String(describing: exit))")
            let lines = ribsd.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
            #expect(lines.count == 1, "stderr: \(ribsd.stderr)")
            #expect(lines.first?.hasPrefix("ribsd: ") == true, "stderr: \(ribsd.stderr)")
            #expect(ribsd.remainingStdout().isEmpty)
        }

        @Test("a port in use: exit 2, one line on stderr naming the port, nothing on stdout")
        func portInUse() throws {
            // Hold a listening socket on a free port.
            let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
            #expect(holder >= 0)
            defer { close(holder) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(holder, pointer, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, pointer, &length) == 0
                }
            }
            try #require(bound)
            let port = UInt16(bigEndian: address.sin_port)

            let ribsd = try RibsdProcess(["--port", String(port)])
            let exit = ribsd.wait(timeout: 20)
            #expect(exit?.exited == true && exit?.status == 2, "exit: \(String(describing: exit))")
            let lines = ribsd.stderr.split(separator: "\n").filter { !$0.isEmpty }
            #expect(lines.count == 1, "stderr: \(ribsd.stderr)")
            #expect(lines.first?.hasPrefix("ribsd: ") == true && lines.first?.contains(String(port)) == true, "stderr: \(ribsd.stderr)")
            #expect(ribsd.remainingStdout().isEmpty)
        }

        @Test("--max-sessions 2 --session-ttl 7: the third session is 503 session_limit with Retry-After")
        func maxSessionsFlag() throws {
            let (ribsd, port, _) = try RibsdProcess.listening(["--max-sessions", "2", "--session-ttl", "7", "--log-level", "off"])
            let client = HTTPClient(port: port)
            let create = {
                try client.request(
                    "POST", "/v1/sessions", body: Array(#"{"app":"todo"}"#.utf8), headers: [("Content-Type", "application/json")])
            }
            #expect(try create().status == 201)
            #expect(try create().status == 201)
            let refused = try create()
            expectProblem(refused, status: 503, code: "session_limit")
            let retryAfter = refused.header("Retry-After").flatMap { Int($0) }
            #expect(retryAfter.map { (1...7).contains($0) } == true, "Retry-After \(refused.header("Retry-After") ?? "missing")")
            ribsd.signal(SIGTERM)
            #expect(ribsd.wait(timeout: 20)?.status == 0)
        }

        @Test("--max-streams 1: a second stream is 503 stream_limit with Retry-After; once the first ends, one opens again")
        func maxStreamsFlag() throws {
            let (ribsd, port, _) = try RibsdProcess.listening(["--max-streams", "1", "--log-level", "off"])
            let client = HTTPClient(port: port)
            func create() throws -> String {
                let created = try client.request(
                    "POST", "/v1/sessions", body: Array(#"{"app":"todo"}"#.utf8), headers: [("Content-Type", "application/json")])
                return try #require(created.json?["session"] as? String)
            }
            let first = try create(), second = try create()
            let watcher = try EventStreamClient(port: port)
            #expect(try watcher.open("/v1/sessions/\(first)/stream").status == 200)
            #expect(try watcher.next().event == "state")
            let refused = try client.request("GET", "/v1/sessions/\(second)/stream")
            expectProblem(refused, status: 503, code: "stream_limit")
            #expect(refused.header("Retry-After") == "5")
            // Deleting the first session ends its stream, which frees the slot.
            #expect(try client.request("DELETE", "/v1/sessions/\(first)").status == 204)
            #expect(try watcher.next().event == "end")
            var reopened = 0
            for _ in 0..<50 where reopened != 200 {
                let again = try EventStreamClient(port: port)
                reopened = try again.open("/v1/sessions/\(second)/stream").status
                if reopened != 200 { Thread.sleep(forTimeInterval: 0.1) }
            }
            #expect(reopened == 200)
            ribsd.signal(SIGTERM)
            #expect(ribsd.wait(timeout: 20)?.status == 0)
        }

        @Test("--max-body 256: a 256-byte event is read, 257 bytes (or a chunked 300) are 413 payload_too_large and change nothing")
        func maxBodyFlag() throws {
            let (ribsd, port, _) = try RibsdProcess.listening(["--max-body", "256", "--log-level", "off"])
            let client = HTTPClient(port: port)
            let created = try client.request(
                "POST", "/v1/sessions", body: Array(#"{"app":"login"}"#.utf8), headers: [("Content-Type", "application/json")])
            let id = try #require(created.json?["session"] as? String)
            let prefix = #"{"type":"login","name":""#
            let suffix = #""}"#
            func body(_ size: Int) -> [UInt8] {
                Array((prefix + String(repeating: "n", count: size - prefix.utf8.count - suffix.utf8.count) + suffix).utf8)
            }

            let tooBig = try client.request(
                "POST", "/v1/sessions/\(id)/events", body: body(257), headers: [("Content-Type", "application/json")])
            expectProblem(tooBig, status: 413, code: "payload_too_large")
            let connection = try RelConnection(port: port)
            var chunked = Array(
                "POST /v1/sessions/\(id)/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                    .utf8)
            for piece in stride(from: 0, to: 300, by: 100) {
                let part = body(300)[piece..<(piece + 100)]
                chunked += Array("64\r\n".utf8) + part + Array("\r\n".utf8)
            }
            chunked += Array("0\r\n\r\n".utf8)
            let chunkedOutcome = connection.roundTrip(chunked, method: "POST")
            #expect(chunkedOutcome.response?.status == 413, "\(chunkedOutcome)")
            #expect(try client.request("GET", "/v1/sessions/\(id)").header("ETag") == "\"1\"")

            let fits = try client.request(
                "POST", "/v1/sessions/\(id)/events", body: body(256), headers: [("Content-Type", "application/json")])
            #expect(fits.status == 200, "\(fits.text)")
            #expect(fits.header("ETag") == "\"2\"")
            ribsd.signal(SIGTERM)
            #expect(ribsd.wait(timeout: 20)?.status == 0)
        }

        @Test("a log pipe nobody reads: every request still answered, exit 0 on SIGTERM")
        func closedLogPipe() throws {
            // A log collector that goes away leaves ribsd's stderr a pipe without a reader: each request's log
            // line then fails with EPIPE, which must cost the line, not the process (SIGPIPE's default).
            let (ribsd, port, _) = try RibsdProcess.listening(["--log-level", "info"], stderr: .closedPipe)
            let client = HTTPClient(port: port)
            let created = try client.request(
                "POST", "/v1/sessions", body: Array(#"{"app":"login"}"#.utf8), headers: [("Content-Type", "application/json")])
            #expect(created.status == 201, "\(created.text)")
            let id = try #require(created.json?["session"] as? String)
            for event in [#"{"type":"login","name":"kim"}"#, #"{"type":"push","screen":"A"}"#, #"{"type":"pop"}"#] {
                let answer = try client.request(
                    "POST", "/v1/sessions/\(id)/events", body: Array(event.utf8), headers: [("Content-Type", "application/json")])
                #expect(answer.status == 200, "\(event): \(answer.status) \(answer.text)")
            }
            #expect(try client.request("GET", "/v1/sessions/\(id)").header("ETag") == "\"4\"")
            ribsd.signal(SIGTERM)
            let exit = ribsd.wait(timeout: 20)
            #expect(exit?.exited == true && exit?.status == 0, "exit: \(String(describing: exit))")
        }

        @Test("started with stderr closed: log lines go nowhere, not into a socket that took descriptor 2")
        func closedStderr() throws {
            let (ribsd, port, _) = try RibsdProcess.listening(["--log-level", "info"], stderr: .closed)
            let client = HTTPClient(port: port)
            for _ in 0..<20 { #expect(try client.request("GET", "/healthz").status == 200) }
            // Written into the listening socket or an MHD descriptor, every line failed and was counted lost.
            let metrics = try parsePrometheus(try client.request("GET", "/metrics").text)
            #expect(metrics["ribsd_log_lines_dropped_total"] == 0)
            ribsd.signal(SIGTERM)
            let exit = ribsd.wait(timeout: 20)
            #expect(exit?.exited == true && exit?.status == 0, "exit: \(String(describing: exit))")
        }

        @Test("a log reader that falls behind: requests never wait for it; lost lines are counted, noticed in the log and in /metrics")
        func slowLogReader() throws {
            // stderr is a pipe of 64 KiB that nobody reads until the end, and the log buffer holds 4 KiB: about
            // 400 request lines fit, the rest must be dropped, never waited for. (Written in place, the ~400th
            // line blocked its worker, and that request and every later one on the worker hung.)
            let (ribsd, port, _) = try RibsdProcess.listening(["--log-level", "info", "--log-buffer", "4096"], stderr: .heldPipe)
            let client = HTTPClient(port: port)
            let created = try client.request(
                "POST", "/v1/sessions", body: Array(#"{"app":"login"}"#.utf8), headers: [("Content-Type", "application/json")])
            #expect(created.status == 201, "\(created.text)")
            let id = try #require(created.json?["session"] as? String)
            var requests = 1
            for _ in 0..<800 {
                let answer = try client.request("GET", "/v1/sessions/\(id)")
                requests += 1
                #expect(answer.status == 200, "request \(requests): \(answer.status) \(answer.text)")
            }
            let metrics = try client.request("GET", "/metrics")
            requests += 1
            let droppedLine = metrics.text.split(separator: "\n").first { $0.hasPrefix("ribsd_log_lines_dropped_total ") }
            let droppedBeforeReading = try #require(droppedLine.flatMap { Int($0.split(separator: " ")[1]) }, "\(metrics.text)")
            #expect(droppedBeforeReading > 200, "\(droppedLine ?? "")")

            // Now the collector catches up, and ribsd stops: every line it attempted is in the log or in a notice.
            let log = Lock<[UInt8]>([])
            let read = DispatchSemaphore(value: 0)
            let reader = ribsd.stderrReader
            DispatchQueue.global().async {
                let bytes = RibsdProcess.readToEnd(reader, timeout: 30)
                log.withLock { $0 = bytes }
                read.signal()
            }
            ribsd.signal(SIGTERM)
            let exit = ribsd.wait(timeout: 20)
            #expect(exit?.exited == true && exit?.status == 0, "exit: \(String(describing: exit))")
            #expect(read.wait(timeout: .now() + 40) == .success, "the reader gives up after 30 s")
            let lines = log.withLock { $0 }.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
            let objects = lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }
            #expect(
                objects.count == lines.count,
                "lines that are not whole JSON objects: \(lines.filter { !$0.hasPrefix("{") || !$0.hasSuffix("}") }.prefix(3))")
            let messages = objects.map { $0["msg"] as? String ?? "?" }
            let notices = objects.filter { $0["msg"] as? String == "log lines dropped" }
            let noticed = notices.reduce(0) { $0 + ($1["count"] as? Int ?? 0) }
            // started + each request + stopping + stopped, written or dropped
            #expect(
                messages.count - notices.count + noticed == requests + 3,
                "\(messages.count - notices.count) lines written, \(noticed) noticed as dropped, \(requests) requests")
            #expect(noticed >= droppedBeforeReading)
            #expect(notices.allSatisfy { $0["level"] as? String == "warn" })
            // The start and stop lines go in even past a full buffer. (The last request's line may come after
            // "stopping": a request is logged once MHD calls it complete, which may be after its client read the
            // answer and the stop began.)
            let kept = messages.filter { $0 != "log lines dropped" }
            #expect(
                kept.first == "started" && kept.last == "stopped" && kept.suffix(3).contains("stopping"),
                "first \(kept.first ?? "-"), last \(kept.suffix(3))")
        }
    }
}
