import Foundation
import HTTPServer
import Locking
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServerTests {
    @Suite struct Streams {
        @Test func chunksArriveInOrderAndFinishEndsTheBodyOnAKeptAliveConnection() throws {
            let streams = StreamCollector()
            try withServer({ $0.idleTimeout = 1 }, router: streams.router()) { server in
                let client = try StreamClient(port: server.port)
                let head = try client.open("/stream")
                #expect(head.status == 200)
                #expect(head.header("Transfer-Encoding")?.lowercased() == "chunked")
                #expect(head.header("Content-Type") == "text/plain")
                let stream = try #require(streams.wait(for: 1).first)
                #expect(try client.readBody(until: "hello\n") == "hello\n")
                for index in 1...50 { #expect(stream.send(Array("\(index)\n".utf8))) }
                let expected = (1...50).map { "\($0)\n" }.joined()
                #expect(try client.readBody(until: "50\n") == expected)

                stream.finish()
                #expect(try client.readToEnd() == "")
                #expect(!stream.send(Array("late".utf8)), "send after finish must report the stream closed")
                #expect(waitUntil { server.openStreams == 0 })
                // The chunked body ended properly, so the same connection serves the next request.
                let next = try client.open("/hello")
                #expect(next.status == 200 && next.text == "hello")
                // ...and gets the normal idle timeout back (1 s here) once the stream is over.
                #expect(client.waitForClose())
            }
        }

        @Test func sendsFromManyThreadsAllArriveEachInOnePiece() throws {
            let streams = StreamCollector()
            try withServer(router: streams.router()) { server in
                let client = try StreamClient(port: server.port)
                _ = try client.open("/stream")
                let stream = try #require(streams.wait(for: 1).first)
                _ = try client.readBody(until: "hello\n")
                onThreads(4) { thread in
                    for index in 0..<100 { stream.send(Array("<\(thread)-\(index)>".utf8)) }
                }
                stream.finish()
                let body = try client.readToEnd()
                for thread in 0..<4 {
                    let positions = (0..<100).compactMap { body.range(of: "<\(thread)-\($0)>")?.lowerBound }
                    #expect(positions.count == 100)
                    #expect(positions == positions.sorted(), "one producer's pieces must stay in order")
                }
            }
        }

        @Test func heartbeatsFlowWhileIdleAndClientDisconnectReleasesTheStream() throws {
            let streams = StreamCollector()
            try withServer({ $0.streamHeartbeatInterval = .milliseconds(50) }, router: streams.router()) { server in
                let client = try StreamClient(port: server.port)
                _ = try client.open("/stream")
                let stream = try #require(streams.wait(for: 1).first)
                #expect(try client.readBody(until: ":beat\n:beat\n").hasPrefix("hello\n:beat\n"))
                #expect(server.openStreams == 1)
                client.close()
                // The next heartbeat fails to write: MHD closes the connection and releases the stream.
                #expect(waitUntil { server.openStreams == 0 })
                #expect(waitUntil { !stream.isOpen })
                #expect(!stream.send(Array("x".utf8)))
            }
        }

        @Test func aStreamPastItsLifetimeIsFinishedAndTheConnectionServesOn() throws {
            let streams = StreamCollector()
            try withServer({ $0.streamLifetime = .milliseconds(300) }, router: streams.router()) { server in
                let client = try StreamClient(port: server.port)
                let opened = ContinuousClock.now
                _ = try client.open("/stream")
                let stream = try #require(streams.wait(for: 1).first)
                #expect(try client.readBody(until: "hello\n") == "hello\n")
                #expect(stream.send(Array("more\n".utf8)))
                // Finished by the server, the chunked body ending as a normal finish ends it.
                #expect(try client.readToEnd() == "more\n")
                #expect(ContinuousClock.now - opened >= .milliseconds(300))
                #expect(!stream.isOpen)
                #expect(waitUntil { server.openStreams == 0 })
                #expect(try client.open("/hello").text == "hello")
            }
            #expect(throws: HTTPServerError.self) {
                try ServerConfiguration(streamLifetime: .milliseconds(1)).validate()
            }
        }

        @Test func streamsPastTheLimitGet503AndAreEnded() throws {
            let streams = StreamCollector()
            let summaries = Lock<[HTTPRequestSummary]>([])
            let server = HTTPServer(
                configuration: ServerConfiguration(port: 0, threads: 2, idleTimeout: 5, maxStreams: 2),
                router: streams.router(), log: LogSink().closure)
            server.onRequestCompleted = { summary in summaries.withLock { $0.append(summary) } }
            try server.start()
            defer { server.stop(gracePeriod: .seconds(2)) }
            do {
                let first = try StreamClient(port: server.port)
                let second = try StreamClient(port: server.port)
                _ = try first.open("/stream")
                _ = try second.open("/stream")
                let third = try StreamClient(port: server.port)
                let refused = try third.open("/stream")
                #expect(refused.status == 503)
                #expect(refused.header("Retry-After") == "5")
                #expect(refused.text.contains("\"code\":\"stream_limit\""))
                let all = streams.wait(for: 3)
                #expect(all.count == 3 && !all[2].isOpen)
                #expect(server.openStreams == 2)
                // The refusal is logged as the request it answers, with the handler's tag.
                #expect(waitUntil { summaries.withLock { $0.contains { $0.status == 503 } } })
                let refusal = summaries.withLock { $0.first { $0.status == 503 } }
                #expect(refusal?.logTag == "watched" && refusal?.route == "/stream" && refusal?.streamed == false)
            }
        }

        /// A heartbeat would find the first client gone only at its second write after the close, a minute
        /// from now here: the second stream is admitted because the server looks before refusing it.
        /// Also when the client sent more bytes before it left (unread behind them, its close is still seen).
        /// A client leaving is not a failure of the server's: its stream ends as finished, and MHD logs nothing.
        @Test(arguments: [false, true])
        func aStreamWhoseClientLeftMakesRoomAtTheLimitAtOnce(sentMoreFirst: Bool) throws {
            let streams = StreamCollector()
            let log = LogSink()
            try withServer(
                {
                    $0.maxStreams = 1
                    $0.streamHeartbeatInterval = .seconds(60)
                }, router: streams.router(), log: log
            ) { server in
                let first = try StreamClient.watching(port: server.port)
                if sentMoreFirst { first.sendRaw("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n") }
                first.close()
                // The client's close reaches the server's socket a moment after close() returns.
                let (second, admitted) = try StreamClient.openStream(port: server.port)
                #expect(admitted.status == 200)
                #expect(try second.readBody(until: "hello\n") == "hello\n")
                let all = streams.wait(for: 2)
                #expect(!all[0].isOpen && all.last?.isOpen == true)
                #expect(waitUntil { server.openStreams == 1 })
                // Again at once: a sweep that ended a stream does not hold the next one back.
                second.close()
                #expect(try StreamClient.openStream(port: server.port).head.status == 200)
                #expect(waitUntil { streams.all.count == 3 && !streams.all[1].isOpen })
                // (A request pipelined behind the stream is served once the stream ends, into the void: MHD
                // logs that as it would for any request whose client left before its answer.)
                if !sentMoreFirst { #expect(log.all.filter { $0.hasPrefix("microhttpd:") } == []) }
            }
        }

        /// Sweeps at the limit end only the streams whose clients left: a live one keeps its slot and its data,
        /// and a client that shut only its sending side counts as gone.
        @Test func aLiveStreamSurvivesSweepsAndAHalfClosedOneDoesNot() throws {
            let streams = StreamCollector()
            try withServer(
                {
                    $0.maxStreams = 2
                    $0.streamHeartbeatInterval = .seconds(60)
                }, router: streams.router()
            ) { server in
                let live = try StreamClient.watching(port: server.port)
                let halfClosed = try StreamClient.watching(port: server.port)
                halfClosed.shutdownWrite()
                let (third, admitted) = try StreamClient.openStream(port: server.port)
                #expect(admitted.status == 200)
                #expect(try third.readBody(until: "hello\n") == "hello\n")
                let first = try #require(streams.wait(for: 2).first)
                for _ in 0..<5 {
                    #expect(try StreamClient(port: server.port).open("/stream").status == 503)
                    usleep(60_000)
                }
                #expect(first.isOpen)
                #expect(first.send(Array("still here\n".utf8)))
                #expect(try live.readBody(until: "still here\n") == "still here\n")
                // The half-closed client, still reading, got a whole response: the body's last chunk, then
                // the close.
                #expect(try halfClosed.readToEnd() == "")
                #expect(halfClosed.waitForClose())
            }
        }

        @Test func stopWithOpenStreamsCompletesPromptly() throws {
            let streams = StreamCollector()
            var configuration = ServerConfiguration(port: 0, threads: 2, idleTimeout: 5)
            configuration.streamHeartbeatInterval = .seconds(60)
            let server = HTTPServer(configuration: configuration, router: streams.router(), log: LogSink().closure)
            try server.start()
            let clients = try (0..<20).map { _ in try StreamClient(port: server.port) }
            for client in clients { _ = try client.open("/stream") }
            #expect(streams.wait(for: 20).count == 20)
            #expect(waitUntil { server.openStreams == 20 })
            let started = ContinuousClock.now
            server.stop(gracePeriod: .seconds(10))
            let elapsed = ContinuousClock.now - started
            // Streams get 1 s, not the 10 s grace that requests in flight get.
            #expect(elapsed < timeBound(.seconds(1), sanitized: .seconds(5)), "stop took \(elapsed) with 20 open streams")
            for client in clients { #expect((try? client.readToEnd()) == "hello\n") }
            #expect(streams.all.allSatisfy { !$0.isOpen })
        }

        /// A running server (one thread) with one stream whose client reads nothing, its bytes backed up in the
        /// server; the client is returned to keep its connection open.
        private func serverWithAStuckStream(log: LogSink) throws -> (HTTPServer, StreamClient) {
            // Skipping ahead, as the event streams do: the stream does not fail however far behind its client is.
            let streams = StreamCollector(overflow: .keepLatest)
            var configuration = ServerConfiguration(port: 0, threads: 1, idleTimeout: 30)
            configuration.streamHeartbeatInterval = .seconds(60)
            let server = HTTPServer(configuration: configuration, router: streams.router(), log: log.closure)
            try server.start()
            // A small window: the server's socket cannot take much either, so the stream's bytes wait in it.
            let stuck = try StreamClient(port: server.port, receiveBuffer: 1024)
            #expect(try stuck.open("/stream").status == 200)
            let stream = try #require(streams.wait(for: 1).first)
            // For a second, far more than the sockets between them hold (the kernel takes up to a few MB): the
            // client reads none of it.
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
            let sending = ContinuousClock.now
            while ContinuousClock.now - sending < .seconds(1) {
                _ = stream.send(chunk)
                usleep(1_000)
            }
            return (server, stuck)
        }

        /// A closed stream sends its last bytes and finishes at once, unless its client stopped reading: then
        /// those bytes never go, and the stop waited the whole grace period meant for requests being handled.
        @Test func stopWaitsOnlyAMomentForAStreamWhoseClientStoppedReading() throws {
            let log = LogSink()
            let (server, stuck) = try serverWithAStuckStream(log: log)
            let reading = try StreamClient.watching(port: server.port)

            let started = ContinuousClock.now
            server.stop(gracePeriod: .seconds(10))
            let elapsed = ContinuousClock.now - started

            #expect(elapsed < .seconds(5), "stop took \(elapsed) (the grace period is 10 s)")
            #expect(try reading.readToEnd() == "")
            #expect(
                log.all.contains("stopping with 1 stream(s) whose clients stopped reading; they are closed with what they did not read"))
            #expect(!log.all.contains { $0.contains("request(s) still in flight") })
            stuck.close()
        }

        /// The second a stuck stream gets does not cut short the wait for a request still being received.
        @Test func stopWithAStuckStreamStillWaitsForARequestInFlight() throws {
            let log = LogSink()
            let (server, stuck) = try serverWithAStuckStream(log: log)
            let slow = try RawClient(port: server.port)
            try slow.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n")
            #expect(waitUntil { server.inFlightRequests == 2 })

            let stopped = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                server.stop(gracePeriod: .seconds(10))
                stopped.signal()
            }
            usleep(2_000_000)
            try slow.send("hello")
            let response = try slow.readResponse()
            stopped.wait()

            #expect(response.status == 200 && response.bodyText == "hello")
            #expect(
                log.all.contains("stopping with 1 stream(s) whose clients stopped reading; they are closed with what they did not read"))
            #expect(!log.all.contains { $0.contains("request(s) still in flight") })
            stuck.close()
        }

        @Test func thousandIdleStreamsCostNoCPU() throws {
            let streams = StreamCollector()
            let threadsBefore = ServerThreads.ids()
            try withServer(
                {
                    $0.connectionLimit = 2100
                    $0.perIPConnectionLimit = 2100
                    $0.maxStreams = 1000
                    // Opening a thousand streams takes seconds under ThreadSanitizer: no connection may time out meanwhile.
                    $0.idleTimeout = 60
                }, router: streams.router()
            ) { server in
                // MHD names its threads as they start: wait for the pool's two workers to show up.
                var ours = Set<String>()
                _ = waitUntil {
                    ours = ServerThreads.ids().subtracting(threadsBefore)
                    return ours.count >= 2
                }
                // Each stream opened as soon as its connection is: none sits idle waiting for the others.
                let clients = try (0..<1000).map { _ in
                    let client = try StreamClient(port: server.port, timeout: 10)
                    _ = try client.open("/stream")
                    return client
                }
                for client in clients { _ = try client.readBody(until: "hello\n") }
                #expect(server.openStreams == 1000)
                usleep(300_000)  // let the readers suspend after the first chunk

                let serverBefore = ServerThreads.cpuSeconds(ours)
                let processBefore = ServerThreads.processCPUSeconds()
                sleep(10)
                let serverCPU = ServerThreads.cpuSeconds(ours) - serverBefore
                let processCPU = ServerThreads.processCPUSeconds() - processBefore
                print(
                    String(
                        format:
                            "[idle-cpu] 1000 open streams, 10 s idle: %d MHD threads %.3f ms CPU (%.1f ms to open them), whole test process %.3f ms CPU",
                        ours.count, serverCPU * 1000, serverBefore * 1000, processCPU * 1000))
                #expect(ours.count >= 2)
                #expect(serverCPU < 0.2, "MHD threads used \(serverCPU) s of CPU in 10 s with 1,000 idle streams")

                // Every one of them is still live: an event reaches the last and the first.
                for index in [0, 999] {
                    #expect(streams.all[index].send(Array("ping\n".utf8)))
                    #expect(try clients[index].readBody(until: "ping\n").hasSuffix("ping\n"))
                }
            }
        }
    }
}

/// Serves `GET /stream` (sends "hello\n" at once, heartbeat ":beat\n") and keeps every stream it made.
final class StreamCollector: Sendable {
    private let streams = Lock<[StreamBody]>([])
    /// What the streams made do with a client that falls behind.
    private let overflow: StreamBody.Overflow

    init(overflow: StreamBody.Overflow = .fail) {
        self.overflow = overflow
    }

    var all: [StreamBody] { streams.withLock { $0 } }

    func router() -> HTTPRouter {
        let router = standardRouter()
        router.add(.GET, "/stream") { [self] _ in
            let stream = StreamBody(heartbeat: Array(":beat\n".utf8), overflow: overflow)
            stream.send(Array("hello\n".utf8))
            streams.withLock { $0.append(stream) }
            var response = HTTPResponse.stream(stream, headers: [("Content-Type", "text/plain")])
            response.logTag = "watched"
            return response
        }
        return router
    }

    /// Waits until `count` streams were made (up to 5 s) and returns them all.
    func wait(for count: Int) -> [StreamBody] {
        _ = waitUntil { self.all.count >= count }
        return all
    }
}

/// Polls `condition` every 10 ms for up to `seconds`.
func waitUntil(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// CPU time of MHD's threads (named `MHD-*` by libmicrohttpd) and of the whole process.
enum ServerThreads {
    static func ids() -> Set<String> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(
            tasks.filter { id in
                ((try? String(contentsOfFile: "/proc/self/task/\(id)/comm", encoding: .utf8)) ?? "").hasPrefix("MHD-")
            })
    }

    /// Time the given threads ran on a CPU, in seconds (schedstat's first field, nanoseconds: finer than
    /// the 10 ms ticks of /proc/<tid>/stat).
    static func cpuSeconds(_ threads: Set<String>) -> Double {
        threads.reduce(0) { total, id in
            let text = (try? String(contentsOfFile: "/proc/self/task/\(id)/schedstat", encoding: .utf8)) ?? ""
            return total + (Double(text.split(separator: " ").first ?? "") ?? 0) / 1e9
        }
    }

    /// User + system time of the whole process (getrusage), in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
    }
}

/// A blocking client for one streamed response at a time: reads the head, then de-chunks the body.
final class StreamClient {
    struct Head {
        let status: Int
        let headers: [(name: String, value: String)]
        var text = ""
        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    private var fd: Int32, buffer: [UInt8] = [], body: [UInt8] = [], ended = false

    init(port: UInt16, timeout: Int = 5, receiveBuffer: Int32? = nil) throws {
        let result = LoopbackSocket.connect(port: port, timeout: Double(timeout), receiveBuffer: receiveBuffer)
        guard result.fd >= 0 else { throw ClientError("connect failed: errno \(result.errno)") }
        fd = result.fd
    }

    deinit { close() }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Opens `/stream` on a new connection, again every 20 ms for up to 2 s while it is refused with 503
    /// (a slot freed by a client's close shows a moment after the close); the last client and its answer.
    static func openStream(port: UInt16) throws -> (client: StreamClient, head: Head) {
        var client = try StreamClient(port: port)
        var head = try client.open("/stream")
        for _ in 0..<100 where head.status == 503 {
            usleep(20_000)
            client = try StreamClient(port: port)
            head = try client.open("/stream")
        }
        return (client, head)
    }

    /// A client whose `/stream` is open and has read the stream's first bytes (`hello`), as most tests start.
    static func watching(port: UInt16) throws -> StreamClient {
        let client = try StreamClient(port: port)
        let head = try client.open("/stream")
        try #require(head.status == 200, "/stream answered \(head.status)")
        #expect(try client.readBody(until: "hello\n") == "hello\n")
        return client
    }

    /// Sends bytes as they are (what a client might send after its request).
    func sendRaw(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The client's own port, which a firewall rule can match it by.
    var localPort: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Shuts the sending side only (a FIN), reading on.
    func shutdownWrite() {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    /// Sends `GET target` and reads the head; a non-chunked (error) body is read whole into `text`.
    func open(_ target: String) throws -> Head {
        let request = Array("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
        else { throw ClientError("send failed") }
        body = []
        ended = false
        var end = HTTPHead.end(in: buffer)
        while end == nil {
            try fill()
            end = HTTPHead.end(in: buffer)
        }
        guard let parsed = HTTPHead(buffer[0..<end!]) else { throw ClientError("bad status line") }
        buffer.removeFirst(end! + 4)
        var head = Head(status: parsed.status, headers: parsed.headers)
        if let length = head.header("Content-Length").flatMap(Int.init) {
            while buffer.count < length { try fill() }
            head.text = String(decoding: buffer[0..<length], as: UTF8.self)
            buffer.removeFirst(length)
        }
        return head
    }

    /// Body text received so far once it contains `marker` (consumed; later calls continue after it).
    func readBody(until marker: String) throws -> String {
        while !String(decoding: body, as: UTF8.self).contains(marker) {
            guard try readChunk() else { throw ClientError("stream ended before \(marker)") }
        }
        defer { body = [] }
        return String(decoding: body, as: UTF8.self)
    }

    /// The rest of the body up to the terminating chunk.
    func readToEnd() throws -> String {
        while try readChunk() {}
        defer { body = [] }
        return String(decoding: body, as: UTF8.self)
    }

    /// True when the server closes the connection before the receive timeout.
    func waitForClose() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }

    /// Reads one chunk into `body`; false at the terminating chunk.
    private func readChunk() throws -> Bool {
        if ended { return false }
        var lineEnd: Int?
        while lineEnd == nil {
            lineEnd = buffer.indices.dropLast().first { buffer[$0] == 13 && buffer[$0 + 1] == 10 }
            if lineEnd == nil { try fill() }
        }
        let sizeText = String(decoding: buffer[0..<lineEnd!], as: UTF8.self).split(separator: ";")[0]
        guard let size = Int(sizeText, radix: 16) else { throw ClientError("bad chunk size \(sizeText)") }
        while buffer.count < lineEnd! + 2 + size + 2 { try fill() }
        body.append(contentsOf: buffer[(lineEnd! + 2)..<(lineEnd! + 2 + size)])
        buffer.removeFirst(lineEnd! + 2 + size + 2)
        if size == 0 { ended = true }
        return size > 0
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw ClientError(count == 0 ? "connection closed" : "recv failed: errno \(errno)") }
        buffer.append(contentsOf: chunk[0..<count])
    }
}
