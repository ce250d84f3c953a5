import Foundation
import Testing

extension ReliabilityTests {
    /// 1,024 connections need more than 1,024 descriptors, the usual soft limit. Out of them, `accept` failed
    /// while connections queued unanswered, and libdispatch, unable to open `/proc/<tid>/stat`, ended the
    /// release build with an illegal instruction.
    @Suite("ribsd under an open-file limit")
    struct OpenFileLimit {
        /// `ribsd` under `ulimit -n 200`, its port, and how many connections its `open-file limit` line says it
        /// serves. The line is logged before the address is announced, but written by the log's own thread: it is
        /// waited for, up to 10 s.
        static func limitedRibsd() throws -> (RibsdProcess, UInt16, limit: Int) {
            let (ribsd, port, _) = try RibsdProcess.listening(["--max-connections-per-address", "1024"], openFiles: 200)
            var warning: Substring?
            for _ in 0..<200 where warning == nil {
                warning = ribsd.stderr.split(separator: "\n").first { $0.contains(#""msg":"open-file limit""#) }
                if warning == nil { usleep(50_000) }
            }
            let line = try #require(warning)
            let room = try #require(line.firstMatch(of: /room for (\d+) connections, not 1024/), "\(line)")
            return (ribsd, port, try #require(Int(room.1)))
        }

        @Test("a limit too low for 1,024 connections: ribsd says how many it serves, closes the rest at once, and stays up")
        func servesWhatTheLimitAllows() throws {
            let (ribsd, port, limit) = try Self.limitedRibsd()
            #expect(limit > 16 && limit < 200 - 64)

            let kept = try (0..<limit).map { _ in try RelConnection(port: port, timeout: 5) }
            let extra = try (0..<20).map { _ in try RelConnection(port: port, timeout: 5) }
            for connection in extra { #expect(connection.waitForClose(timeout: 5), "a connection past the limit stayed open") }
            #expect(kept.last?.roundTrip(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8)).response?.status == 200)
            for connection in kept + extra { connection.close() }

            // Once they are gone, a new client is served, and the process is still the one that started.
            var healthy = false
            for _ in 0..<50 where !healthy {
                let connection = try RelConnection(port: port, timeout: 5)
                healthy = connection.roundTrip(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8)).response?.status == 200
                if !healthy { usleep(100_000) }
            }
            #expect(healthy)
            #expect(ribsd.process.isRunning)
            ribsd.signal(SIGTERM)
            #expect(ribsd.wait(timeout: 15)?.status == 0)
        }

        @Test("with the connection limit lowered, streams still leave one connection for the API")
        func streamsLeaveOneConnection() throws {
            let (ribsd, port, limit) = try Self.limitedRibsd()
            let created = try HTTPClient(port: port).request(
                "POST", "/v1/sessions", body: Array(#"{"app":"login"}"#.utf8), headers: [("Content-Type", "application/json")])
            let id = try #require(created.json?["session"] as? String)
            let streams = try (0..<(limit - 1)).map { _ in try EventStreamClient(port: port) }
            for stream in streams { #expect(try stream.open("/v1/sessions/\(id)/stream").status == 200) }
            // The last connection: the API answers on it, and a stream there is refused.
            let last = HTTPClient(port: port)
            #expect(try last.request("GET", "/healthz").status == 200)
            expectProblem(try last.request("GET", "/v1/sessions/\(id)/stream"), status: 503, code: "stream_limit")
            ribsd.signal(SIGTERM)
            #expect(ribsd.wait(timeout: 15)?.status == 0)
        }
    }
}
