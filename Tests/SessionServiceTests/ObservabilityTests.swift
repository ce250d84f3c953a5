import BuiltinApps
import Foundation
import HTTPServer
import Locking
import SessionService
import TestSupport
import Testing

/// Log lines captured from a `RequestLogger`.
private final class LogCapture: Sendable {
    private let lines = Lock<[String]>([])

    var sink: @Sendable ([UInt8]) -> Void {
        { [self] bytes in lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
    }

    var all: [String] { lines.withLock { $0 } }
}

/// Starts an instrumented server (metrics and request log), as `ribsd` does.
private func withInstrumentedServer(_ capture: LogCapture, _ body: (ServiceClient) throws -> Void) throws {
    let service = SessionService(registry: BuiltinApps.registry)
    let router = HTTPRouter()
    service.addRoutes(to: router)
    let server = HTTPServer(configuration: testServerConfiguration(), router: router, log: { _ in })
    service.instrument(server, logger: RequestLogger(level: .info, sink: capture.sink))
    try server.start()
    defer {
        server.stop(gracePeriod: .seconds(2))
        service.closeAll()
    }
    try body(ServiceClient(port: server.port, service: service))
}

private struct NotANumber: Error {
    let line: String
}

/// Prometheus text: `# HELP` / `# TYPE` comments and `name{label="value",...} number` samples.
func parsePrometheus(_ text: String) throws -> [String: Double] {
    var samples: [String: Double] = [:]
    let sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.eE+-]+|\+Inf|NaN)$/
    for line in text.split(separator: "\n") {
        if line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE ") { continue }
        let match = try #require(try sample.wholeMatch(in: String(line)), "not a Prometheus sample: \(line)")
        let key = String(match.output.1) + String(match.output.2 ?? "")
        guard let value = Double(match.output.4) else { throw NotANumber(line: String(line)) }
        samples[key] = value
    }
    return samples
}

@Suite("Metrics and request logs")
struct ObservabilityTests {
    @Test("/metrics is Prometheus text whose counters move with traffic")
    func metricsMove() throws {
        try withInstrumentedServer(LogCapture()) { client in
            let before = try parsePrometheus(try client.get("/metrics").text)
            #expect(before["ribsd_sessions"] == 0)
            let id = try client.loggedInSession()
            for _ in 0..<3 { try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"pop"}"#) }
            #expect(try client.send(id, #"{"type":"pop"}"#).status == 409)
            #expect(try client.send(id, #"{"type":"login","name":"x"}"#).status == 409)
            // A 405 is its route's answer; a 404 has no route.
            #expect(try client.request("DELETE", "/v1/apps").status == 405)
            #expect(try client.get("/nowhere").status == 404)
            // An absolute-form target refused for its authority: its path, never read, names no route; nor
            // does a path with an encoded slash or NUL, whose decoding names another resource.
            #expect(try client.get("http://user@localhost/healthz").status == 400)
            #expect(try client.get("/v1/sessions/\(id)%2Fhistory").status == 404)
            #expect(try client.get("/healthz%00").status == 404)

            let response = try client.get("/metrics")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/plain") == true)
            let after = try parsePrometheus(response.text)
            #expect(after["ribsd_sessions"] == 1)
            #expect(after["ribsd_sessions_created_total"] == 1)
            #expect(after[#"ribsd_http_requests_total{method="POST",route="/v1/sessions/:id/events",status="200"}"#] == 7)
            #expect(after[#"ribsd_http_requests_total{method="POST",route="/v1/sessions/:id/events",status="409"}"#] == 2)
            #expect(after[#"ribsd_http_requests_total{method="POST",route="/v1/sessions",status="201"}"#] == 1)
            #expect(after[#"ribsd_http_requests_total{method="DELETE",route="/v1/apps",status="405"}"#] == 1)
            #expect(after[#"ribsd_http_requests_total{method="GET",route="unmatched",status="404"}"#] == 3)
            #expect(after[#"ribsd_http_requests_total{method="GET",route="unmatched",status="400"}"#] == 1)
            #expect(after[#"ribsd_http_requests_total{method="GET",route="/v1/sessions/:id/history",status="404"}"#] == nil)
            #expect(after[#"ribsd_http_requests_total{method="GET",route="/",status="400"}"#] == nil)
            #expect(after[#"ribsd_events_total{type="push",outcome="applied"}"#] == 3)
            #expect(after[#"ribsd_events_total{type="pop",outcome="applied"}"#] == 3)
            #expect(after[#"ribsd_events_total{type="pop",outcome="invalid_navigation"}"#] == 1)
            #expect(after[#"ribsd_events_total{type="login",outcome="event_not_handled"}"#] == 1)
            #expect(after["ribsd_leaks_found_total"] == 0)
            // Every request counted before this one is in the histogram, and the buckets are cumulative.
            let count = try #require(after["ribsd_http_request_duration_seconds_count"])
            #expect(count == 16)
            #expect(after[#"ribsd_http_request_duration_seconds_bucket{le="+Inf"}"#] == count)
        }
    }

    @Test("a stream is counted as a request but not timed: the latency histogram holds only real requests")
    func streamsAreNotTimed() throws {
        try withInstrumentedServer(LogCapture()) { client in
            let id = try client.createSession()
            let watcher = try EventStreamClient(port: client.port)
            _ = try watcher.open("/v1/sessions/\(id)/stream")
            _ = try watcher.next()
            // Long enough that the requests timed beside it take less in all, even under ThreadSanitizer.
            let open = runningUnderThreadSanitizer ? 1.5 : 0.5
            Thread.sleep(forTimeInterval: open)
            #expect(try client.delete(id).status == 204)
            #expect(try watcher.next().event == "end")
            #expect(try watcher.atEnd())
            let stream = #"ribsd_http_requests_total{method="GET",route="/v1/sessions/:id/stream",status="200"}"#
            var metrics = try parsePrometheus(try client.get("/metrics").text)
            for _ in 0..<100 where metrics[stream] == nil {
                Thread.sleep(forTimeInterval: 0.02)
                metrics = try parsePrometheus(try client.get("/metrics").text)
            }
            #expect(metrics[stream] == 1)
            // The requests timed (a creation, a DELETE, the /metrics reads) took far less together than the
            // stream stayed open.
            let sum = try #require(metrics["ribsd_http_request_duration_seconds_sum"])
            #expect(sum < open * 0.8, "the stream's \(open) s went into the histogram: sum \(sum)")
        }
    }

    @Test("each request gives one JSON log line with route, status, duration and session, and never a body")
    func requestLogLines() throws {
        let capture = LogCapture()
        var id = ""
        try withInstrumentedServer(capture) { client in
            id = try client.createSession()
            try client.apply(id, #"{"type":"login","name":"secret-name-1234"}"#)
            #expect(try client.get("/nowhere").status == 404)
            #expect(try client.request("DELETE", "/v1/apps").status == 405)
        }
        let lines = capture.all
        #expect(lines.count == 4)
        let records = try lines.map { line in
            #expect(line.hasSuffix("\n"))
            return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(records.map { $0["msg"] as? String } == ["request", "request", "request", "request"])
        #expect(records.map { $0["route"] as? String } == ["/v1/sessions", "/v1/sessions/:id/events", nil, "/v1/apps"])
        #expect(records.map { $0["status"] as? Int } == [201, 200, 404, 405])
        #expect(records.map { $0["session"] as? String } == [id, id, nil, nil])
        #expect(records.map { $0["method"] as? String } == ["POST", "POST", "GET", "DELETE"])
        for record in records {
            #expect((record["duration_ms"] as? Double).map { $0 >= 0 } == true)
            #expect((record["time"] as? String)?.hasSuffix("Z") == true)
        }
        #expect(!lines.joined().contains("secret-name-1234"))
    }

    @Test("below its level the logger writes nothing")
    func levels() throws {
        let capture = LogCapture()
        let logger = RequestLogger(level: .warn, sink: capture.sink)
        logger.message(.info, "started")
        logger.message(.error, "server error", fields: [("error", "boom \"quoted\"")])
        #expect(capture.all.count == 1)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(capture.all[0].utf8)) as? [String: String])
        #expect(record["level"] == "error")
        #expect(record["error"] == "boom \"quoted\"")
        #expect(RequestLogger.Level(name: "WARN") == .warn)
        #expect(RequestLogger.Level(name: "loud") == nil)
    }
}
