import HTTPServer
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServerTests {
    @Suite struct Bodies {
        @Test func bodySplitAcrossManyWritesArrivesWhole() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let body = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
                let request = RawClient.request("POST", "/echo", body: body)
                for byte in request {
                    try client.send([byte])
                    usleep(300)
                }
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.body == body)
            }
        }

        @Test func chunkedBodyArrivesWhole() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                try client.send("5\r\nhello\r\n")
                usleep(20_000)
                try client.send("6\r\n world\r\n0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.bodyText == "hello world")
            }
        }

        @Test func bodyAtTheLimitPassesAndOneMoreByteIs413() throws {
            try withServer({ $0.maxBodySize = 65536 }) { server in
                let client = try RawClient(port: server.port)
                let exact = [UInt8](repeating: 0x61, count: 65536)
                let ok = try client.roundTrip("POST", "/echo", body: exact)
                #expect(ok.status == 200)
                #expect(ok.body.count == exact.count && ok.body == exact)

                let tooBig = try client.roundTrip("POST", "/echo", body: exact + [0x62])
                #expect(tooBig.status == 413)
                #expect(tooBig.header("Content-Type") == "application/problem+json")
                #expect(tooBig.json["code"] as? String == "payload_too_large")
                // The oversized body was consumed: the same connection keeps working.
                #expect(try client.roundTrip("GET", "/hello").status == 200)
            }
        }

        /// Reading a body declared far past the limit before refusing it would let one request make the
        /// server take in any amount: the 413 goes out at once, and the connection closes.
        @Test func aBodyDeclaredFarPastTheLimitIsRefusedAtOnce() throws {
            try withServer({ $0.maxBodySize = 1024 }) { server in
                // Up to the largest length MHD reads (2^64 - 1; beyond, it answers 413 itself).
                for length in ["10000000", "9223372036854775807", "10000000000000000000", "18446744073709551615"] {
                    let client = try RawClient(port: server.port)
                    let start = ContinuousClock.now
                    try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n")
                    let response = try client.readResponse()
                    #expect(response.status == 413, "\(length)")
                    #expect(response.json["code"] as? String == "payload_too_large", "\(length)")
                    #expect(client.waitForClose())
                    #expect(ContinuousClock.now - start < .seconds(3), "\(length)")
                }
                // Up to a mebibyte past the limit is still read, and the connection kept.
                let near = try RawClient(port: server.port)
                #expect(try near.roundTrip("POST", "/echo", body: [UInt8](repeating: 0x61, count: 1024 + 500_000)).status == 413)
                #expect(try near.roundTrip("GET", "/hello").status == 200)
            }
        }

        /// A chunked body declares no length: past the same mebibyte beyond the limit, the server stops reading
        /// it and closes (MHD takes no answer in the middle of a body). Before, it read on to the body's end.
        @Test func aChunkedBodyFarPastTheLimitIsCutOff() throws {
            let log = LogSink()
            try withServer({ $0.maxBodySize = 1024 }, log: log) { server in
                let client = try RawClient(port: server.port)
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x61, count: 0x10000) + Array("\r\n".utf8)
                let start = ContinuousClock.now
                for _ in 0..<17 { try client.send(chunk) }  // 1,114,112 bytes: past 1024 + 1 MiB, and no last chunk

                // At once, not at the idle timeout (5 s here).
                #expect(client.waitForClose())
                #expect(ContinuousClock.now - start < .seconds(3))
                for _ in 0..<100 where server.inFlightRequests != 0 { usleep(10_000) }
                #expect(server.inFlightRequests == 0)
                // One line says why; microhttpd's own about the refusal ("internal error") would only mislead.
                #expect(
                    log.all == [
                        "closed a connection whose refused chunked body ran past what is read of one (1 MiB beyond the limit of 1024 bytes, or 65536 pieces)"
                    ])
                // Below that, an oversized chunked body is still read and answered, keeping its connection.
                let near = try RawClient(port: server.port)
                try near.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                for _ in 0..<15 { try near.send(chunk) }
                try near.send("0\r\n\r\n")
                #expect(try near.readResponse().status == 413)
                #expect(try near.roundTrip("GET", "/hello").status == 200)
            }
        }

        /// Chunk extensions (`1;e`) carry no body bytes: a refused body in more than 65,536 pieces is cut off
        /// too, instead of being read for as long as its extensions go on.
        @Test func aRefusedChunkedBodyInTooManyPiecesIsCutOff() throws {
            let log = LogSink()
            try withServer({ $0.maxBodySize = 1024 }, log: log) { server in
                let client = try RawClient(port: server.port, timeout: 10)
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                // 65,600 one-byte chunks with an extension each, sent 1,000 at a time; no last chunk.
                let thousand = Array(String(repeating: "1;e\r\nx\r\n", count: 1000).utf8)
                for _ in 0..<65 {
                    guard (try? client.send(thousand)) != nil else { break }
                }
                _ = try? client.send(Array(String(repeating: "1;e\r\nx\r\n", count: 600).utf8))
                #expect(client.waitForClose())
                #expect(
                    log.all.contains(
                        "closed a connection whose refused chunked body ran past what is read of one (1 MiB beyond the limit of 1024 bytes, or 65536 pieces)"
                    ))
            }
        }

        /// A small refused body in many pieces is still read and answered, and the connection kept.
        @Test func aSmallRefusedChunkedBodyInManyPiecesIsAnswered() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("POST /missing HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                try client.send(Array(String(repeating: "1\r\nx\r\n", count: 2000).utf8) + Array("0\r\n\r\n".utf8))
                #expect(try client.readResponse().status == 404)
                #expect(try client.roundTrip("GET", "/hello").status == 200)
            }
        }

        @Test func repeated413KeepsConnection() throws {
            try withServer({ $0.maxBodySize = 65536 }) { server in
                let client = try RawClient(port: server.port)
                let big = [UInt8](repeating: 0x61, count: 65537)
                for _ in 0..<3 { #expect(try client.roundTrip("POST", "/echo", body: big).status == 413) }
                #expect(try client.roundTrip("POST", "/echo", body: [1]).status == 200)
            }
        }

        @Test func oversizedChunkedBodyIs413() throws {
            try withServer({ $0.maxBodySize = 10 }) { server in
                let client = try RawClient(port: server.port)
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                try client.send("6\r\nhello \r\n5\r\nworld\r\n0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 413)
                #expect(response.json["code"] as? String == "payload_too_large")
                #expect(try client.roundTrip("POST", "/echo", body: Array("0123456789".utf8)).status == 200)
            }
        }

        @Test func errorPrecedenceIsNotFoundThenMethodThenSize() throws {
            try withServer({ $0.maxBodySize = 16 }) { server in
                let client = try RawClient(port: server.port)
                let big = [UInt8](repeating: 0x7A, count: 4096)
                #expect(try client.roundTrip("POST", "/missing", body: big).status == 404)
                let wrongMethod = try client.roundTrip("POST", "/hello", body: big)
                #expect(wrongMethod.status == 405)
                #expect(wrongMethod.header("Allow") == "GET, HEAD")
                #expect(try client.roundTrip("POST", "/echo", body: big).status == 413)
                // Every body was consumed, so keep-alive survived all three.
                #expect(try client.roundTrip("POST", "/echo", body: [1, 2, 3]).body == [1, 2, 3])
            }
        }

        @Test func oversizedHeadersGetMHDs431() throws {
            try withServer({ $0.connectionMemoryLimit = 8192 }) { server in
                let client = try RawClient(port: server.port)
                let value = String(repeating: "h", count: 20_000)
                try client.send(RawClient.request("GET", "/hello", headers: [("X-Big", value)]))
                let response = try client.readResponse()
                #expect(response.status == 431)
                // MHD reports completion just after the last response leaves: give it a moment.
                for _ in 0..<100 where server.inFlightRequests != 0 { usleep(10_000) }
                #expect(server.inFlightRequests == 0)
            }
        }

        /// microhttpd builds the answer's head in what the request's head left of the connection's memory. A head
        /// that fit but left too little got its handler run (an event would have been applied) and then no answer:
        /// microhttpd closed the connection. Such a head is refused before any handler runs, with a 431 where the
        /// refusal still fits, and closed where not even that does.
        @Test func aHeadThatLeavesNoRoomForTheAnswerIsRefusedBeforeItsHandlerRuns() throws {
            let handled = Atomic<Int>(0)
            let router = standardRouter()
            router.add(.POST, "/count") { _ in
                handled.add(1, ordering: .relaxed)
                return HTTPResponse(status: 200, body: Array("counted".utf8))
            }
            /// A POST to /count with Host and 40 fields of `size` bytes of value (the first `extra` longer).
            func request(_ size: Int, extra: Int = 0) -> String {
                let fields = (0..<40).map { "X-\($0): " + String(repeating: "v", count: size + ($0 == 0 ? extra : 0)) + "\r\n" }
                return "POST /count HTTP/1.1\r\nHost: a\r\n" + fields.joined() + "Content-Length: 0\r\n\r\n"
            }
            try withServer(router: router) { server in
                // 29,163 bytes of head: refused, and the refusal fits.
                let refusedClient = try RawClient(port: server.port)
                try refusedClient.send(request(730))
                let refused = try refusedClient.readResponse()
                #expect(refused.status == 431)
                #expect(refused.json["code"] as? String == "header_too_large")
                #expect(refusedClient.waitForClose())
                // 30,053 bytes, where microhttpd had run the handler and sent nothing: now not even the refusal
                // fits, and the connection closes, but nothing was handled.
                let crowded = try RawClient(port: server.port)
                try crowded.send(request(742, extra: 10))
                _ = try? crowded.readResponse()
                #expect(crowded.waitForClose())
                #expect(handled.load(ordering: .relaxed) == 0)
                // A large head that leaves room is served.
                let large = try RawClient(port: server.port)
                try large.send(request(600))
                #expect(try large.readResponse().bodyText == "counted")
                #expect(handled.load(ordering: .relaxed) == 1)
            }
        }

        // Both are MHD's own text/html answers, documented as such in the OpenAPI description.
        @Test func overlongTargetGetsMHDs414() throws {
            try withServer({ $0.connectionMemoryLimit = 8192 }) { server in
                let client = try RawClient(port: server.port)
                try client.send("GET /hello/\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 414)
                #expect(client.waitForClose())
                #expect(try RawClient(port: server.port).roundTrip("GET", "/hello").bodyText == "hello")
            }
        }

        @Test func unreadableChunkSizeGetsMHDs413() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send(
                    "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\nab\r\n0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 413)
                #expect(response.header("Content-Type") != "application/problem+json")
            }
        }
    }
}
