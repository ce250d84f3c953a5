import Foundation
import Locking
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServerTests {
    @Suite struct Resources {
        @Test func everyRequestStateIsReleasedWhateverTheOutcome() throws {
            let states = try withServer({
                $0.idleTimeout = 1
                $0.connectionMemoryLimit = 8192
                $0.maxBodySize = 100
            }) { server in
                // Normal, 404 with body, 413.
                let client = try RawClient(port: server.port)
                _ = try client.roundTrip("POST", "/echo", body: [1, 2, 3])
                _ = try client.roundTrip("POST", "/missing", body: [1, 2, 3])
                _ = try client.roundTrip("POST", "/echo", body: [UInt8](repeating: 1, count: 500))
                // Headers too large (431 from MHD after the URI log callback ran).
                let big = try RawClient(port: server.port)
                try big.send(RawClient.request("GET", "/hello", headers: [("X-Big", String(repeating: "h", count: 9000))]))
                _ = try? big.readResponse()
                // Client gone in the middle of a body.
                let aborted = try RawClient(port: server.port)
                try aborted.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\nabc")
                usleep(50_000)
                #expect(server.inFlightRequests == 1)
                _ = aborted  // still open here; closed when this closure returns, before the server stops
                return server.requestStates
            }
            // The server has stopped: every state it created, whatever the outcome, was released.
            #expect(states.value.total == 0)
        }

        @Test func abortedAndTimedOutRequestsLeaveNothingInFlight() throws {
            try withServer({ $0.idleTimeout = 1 }) { server in
                do {
                    let aborted = try RawClient(port: server.port)
                    try aborted.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\nabc")
                    usleep(50_000)
                }
                let stalled = try RawClient(port: server.port)
                try stalled.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\nabc")
                #expect(stalled.waitForClose())  // idle timeout mid-body
                for _ in 0..<100 where server.inFlightRequests != 0 { usleep(10_000) }
                #expect(server.inFlightRequests == 0)
            }
        }

        @Test func perIPConnectionLimitClosesExtraConnections() throws {
            try withServer({ $0.perIPConnectionLimit = 2 }) { server in
                let first = try RawClient(port: server.port)
                let second = try RawClient(port: server.port)
                #expect(try first.roundTrip("GET", "/hello").status == 200)
                #expect(try second.roundTrip("GET", "/hello").status == 200)
                let third = try RawClient(port: server.port, timeout: 3)
                try? third.send(RawClient.request("GET", "/hello"))
                #expect(throws: (any Error).self) { try third.readResponse() }
            }
        }

        /// A client that closed a connection holds it no more, even while the server's only worker is too busy
        /// to close its side: its next connection is served, not reset (MHD's own count kept the closed one
        /// until the worker got round to it). Connections it still holds keep counting. The same for the
        /// address's limit and the server's.
        @Test(arguments: [true, false])
        func aConnectionItsClientClosedNoLongerCountsAgainstTheLimit(perAddress: Bool) throws {
            let router = standardRouter()
            router.add(.GET, "/slow") { _ in
                usleep(600_000)
                return HTTPResponse(status: 200, body: Array("slow".utf8))
            }
            try withServer(
                {
                    $0.threads = 1
                    if perAddress { $0.perIPConnectionLimit = 2 } else { $0.connectionLimit = 2 }
                }, router: router
            ) { server in
                var closing: RawClient? = try RawClient(port: server.port)
                #expect(try closing?.roundTrip("GET", "/hello").status == 200)
                let busy = try RawClient(port: server.port)
                try busy.send(RawClient.request("GET", "/slow"))
                usleep(150_000)  // the worker is now inside /slow
                closing = nil  // closes it
                usleep(50_000)
                let next = try RawClient(port: server.port)
                let served = try next.roundTrip("GET", "/hello")
                #expect(served.status == 200 && served.bodyText == "hello")
                #expect(try busy.readResponse().bodyText == "slow")
                // `busy` and `next` are both held: a third is over the limit.
                let third = try RawClient(port: server.port, timeout: 3)
                try? third.send(RawClient.request("GET", "/hello"))
                #expect(throws: (any Error).self) { try third.readResponse() }
                #expect(try next.roundTrip("GET", "/hello").status == 200)
            }
        }

        /// A client may shut its sending side after its last request and read on: while answers are on their
        /// way its connection counts. One that never reads holds it all the same, so it cannot open more past
        /// the limit (discounted, many such held any number of connections from one address).
        @Test func aClientThatShutItsSendingSideCountsWhileItsAnswersAreOnTheirWay() throws {
            let router = standardRouter()
            let big = [UInt8](repeating: 0x61, count: 512 * 1024)
            router.add(.GET, "/big") { _ in HTTPResponse(status: 200, body: big) }
            try withServer(
                {
                    $0.perIPConnectionLimit = 2
                    $0.idleTimeout = 30
                }, router: router
            ) { server in
                // Its answers fill its small window and the server's send buffer: MHD waits to write, reading nothing.
                let stalled = LoopbackSocket.connect(port: server.port, timeout: 5, receiveBuffer: 4096)
                try #require(stalled.fd >= 0)
                defer { close(stalled.fd) }
                let requests = Array(String(repeating: "GET /big HTTP/1.1\r\nHost: x\r\n\r\n", count: 8).utf8)
                #expect(requests.withUnsafeBytes { send(stalled.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == requests.count)
                _ = shutdown(stalled.fd, Int32(SHUT_WR))
                #expect(waitUntil { server.openConnections == 1 })
                usleep(200_000)

                let first = try RawClient(port: server.port)
                #expect(try first.roundTrip("GET", "/hello").status == 200)
                let refused = try RawClient(port: server.port, timeout: 3)
                try? refused.send(RawClient.request("GET", "/hello"))
                #expect(throws: (any Error).self) { try refused.readResponse() }
                #expect(server.openConnections == 2)
                // The stalled client still gets its answers when it reads.
                var chunk = [UInt8](repeating: 0, count: 65536)
                #expect(chunk.withUnsafeMutableBytes { recv(stalled.fd, $0.baseAddress, $0.count, 0) } > 0)
            }
        }

        /// A client that shut its sending side right after its request waits for the answer even before any of
        /// it is sent (its handler still running): a connection at the limit does not take its place.
        @Test func aClientThatShutItsSendingSideCountsWhileItsRequestIsHandled() throws {
            let router = standardRouter()
            router.add(.GET, "/slow") { _ in
                usleep(600_000)
                return HTTPResponse(status: 200, body: Array("slow".utf8))
            }
            try withServer(
                {
                    $0.perIPConnectionLimit = 2
                    $0.idleTimeout = 30
                }, router: router
            ) { server in
                let waiting = try RawClient(port: server.port)
                try waiting.send(RawClient.request("GET", "/slow"))
                _ = shutdown(waiting.fd, Int32(SHUT_WR))
                let idle = try RawClient(port: server.port)
                #expect(waitUntil { server.openConnections == 2 })
                usleep(100_000)
                // At the limit: the one waiting for its answer counts, so this one is refused.
                let refused = try RawClient(port: server.port, timeout: 3)
                try? refused.send(RawClient.request("GET", "/hello"))
                #expect(throws: (any Error).self) { try refused.readResponse() }
                let answer = try waiting.readResponse()
                #expect(answer.status == 200 && answer.body == Array("slow".utf8))
                withExtendedLifetime(idle) {}
            }
        }

        /// A client that pipelines its requests and then shuts its sending side gets every answer, even while
        /// other connections keep the address at its limit: between two of its requests (the next already read
        /// by MHD, nothing in the socket's queues) it looks departed, and is, for counting; but only its reading
        /// side is shut, so what MHD has read is still answered.
        @Test func aPipeliningClientThatShutItsSendingSideGetsEveryAnswerAtTheLimit() throws {
            try withServer({
                $0.perIPConnectionLimit = 2
                $0.idleTimeout = 30
            }) { server in
                let held = try RawClient(port: server.port)
                #expect(try held.roundTrip("GET", "/hello").status == 200)
                // Connections opened and dropped one after another: each one at the limit makes the server poll.
                // (A short pause between them: without it the backlog fills and every connect waits for a SYN retry.)
                let churning = Lock(true)
                let churn = Thread {
                    while churning.withLock({ $0 }) {
                        let fd = LoopbackSocket.connect(port: server.port, timeout: 1)
                        if fd.fd >= 0 { close(fd.fd) }
                        usleep(500)
                    }
                }
                churn.start()
                defer { churning.withLock { $0 = false } }
                var short: [String] = []
                var complete = 0
                // Each gap between two pipelined requests is a chance to be taken for departed: many per round.
                let pipelined = 25
                for round in 0..<200 {
                    guard let pipelining = try? RawClient(port: server.port) else { continue }  // refused at the limit
                    try? pipelining.send(String(repeating: "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n", count: pipelined))
                    _ = shutdown(pipelining.fd, Int32(SHUT_WR))
                    var answers = 0
                    while let response = try? pipelining.readResponse(), response.status == 200 { answers += 1 }
                    // None at all: refused at the limit before its first request, which is the limit working.
                    if answers != 0 && answers != pipelined { short.append("round \(round): \(answers) of \(pipelined)") }
                    if answers == pipelined { complete += 1 }
                }
                #expect(short.isEmpty, "\(short)")
                #expect(complete > 0, "every round was refused: nothing was checked")
                withExtendedLifetime(held) {}
            }
        }

        /// A stream's client that shut its sending side has left (as the stream sweeps take it). At the limit
        /// its connection is shut down and its stream ended at once: MHD leaves a stream's connection alone
        /// while it is suspended, so the shutdown alone would keep it, uncounted, until the next heartbeat.
        @Test func anIdleStreamWhoseClientShutItsSendingSideIsEndedAtTheLimit() throws {
            let streams = StreamCollector()
            try withServer(
                {
                    $0.perIPConnectionLimit = 2
                    $0.streamHeartbeatInterval = .seconds(60)
                }, router: streams.router()
            ) { server in
                let watcher = try StreamClient.watching(port: server.port)
                watcher.shutdownWrite()
                usleep(100_000)
                let first = try RawClient(port: server.port)
                #expect(try first.roundTrip("GET", "/hello").status == 200)
                let second = try RawClient(port: server.port)
                #expect(try second.roundTrip("GET", "/hello").status == 200)
                #expect(
                    waitUntil(seconds: 3) { server.openConnections == 2 && server.openStreams == 0 },
                    "\(server.openConnections) connections, \(server.openStreams) streams open")
                #expect(streams.all.first?.isOpen == false)
            }
        }

        /// A stream request refused at the stream limit sweeps, finds no one, and holds the next sweep back for
        /// 50 ms; connections reclaimed meanwhile still have their streams ended.
        @Test func streamsReclaimedJustAfterAnEmptySweepAreEndedToo() throws {
            let streams = StreamCollector()
            try withServer(
                {
                    $0.perIPConnectionLimit = 2
                    $0.maxStreams = 1
                    $0.streamHeartbeatInterval = .seconds(60)
                }, router: streams.router()
            ) { server in
                let watcher = try StreamClient.watching(port: server.port)
                let refused = try StreamClient(port: server.port)
                #expect(try refused.open("/stream").status == 503)
                watcher.shutdownWrite()
                let next = try RawClient(port: server.port)
                #expect(try next.roundTrip("GET", "/hello").status == 200)
                #expect(
                    waitUntil(seconds: 2) { server.openStreams == 0 && server.openConnections == 2 },
                    "\(server.openConnections) connections, \(server.openStreams) streams open")
            }
        }

        @Test func connectionLimitClosesExtraConnectionsAtOnce() throws {
            // The server's accept thread closes a connection past the limit right away (when MHD accepted
            // itself, such a connection waited unanswered in the backlog until a slot came free).
            try withServer({ $0.connectionLimit = 2 }) { server in
                var first: RawClient? = try RawClient(port: server.port)
                let second = try RawClient(port: server.port)
                #expect(try first?.roundTrip("GET", "/hello").status == 200)
                #expect(try second.roundTrip("GET", "/hello").status == 200)
                let third = try RawClient(port: server.port, timeout: 3)
                let started = ContinuousClock.now
                #expect(third.waitForClose())
                #expect(ContinuousClock.now - started < .seconds(1))
                #expect(try second.roundTrip("GET", "/hello").status == 200)

                first = nil  // closes it: its slot comes free once MHD has noticed
                var served = false
                for _ in 0..<100 where !served {
                    if let client = try? RawClient(port: server.port, timeout: 2),
                        (try? client.roundTrip("GET", "/hello"))?.status == 200
                    {
                        served = true
                    } else {
                        usleep(20_000)
                    }
                }
                #expect(served, "no slot came free after closing a connection")
            }
        }

        @Test func noContentResponsesCarryNoBody() throws {
            let router = HTTPRouter()
            router.add(.DELETE, "/thing") { _ in HTTPResponse(status: 204, body: Array("ignored".utf8)) }
            try withServer(router: router) { server in
                let client = try RawClient(port: server.port)
                let response = try client.roundTrip("DELETE", "/thing")
                #expect(response.status == 204)
                #expect(response.body.isEmpty)
                // MHD itself drops a 204 body; nothing stray is left on the connection.
                #expect(try client.roundTrip("DELETE", "/thing").status == 204)
            }
        }
    }
}
