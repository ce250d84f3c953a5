import HTTPServer
import Testing

extension HTTPServerTests {
    /// Requests whose framing is ambiguous are refused before any handler runs.
    @Suite struct Framing {
        @Test func contentLengthsThatDisagreeAreRefusedAndTheConnectionClosed() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 12\r\n\r\nabc")
                let response = try client.readResponse()
                #expect(response.status == 400)
                #expect(response.header("Content-Type") == "application/problem+json")
                #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"bad_request""#))
                #expect(client.waitForClose())
            }
        }

        /// MHD counts the body by the first length: a client that sent fewer bytes used to wait for the idle
        /// timeout. The connection closes after the answer anyway, so it goes out at once.
        @Test(arguments: [
            "Content-Length: 5\r\nContent-Length: 6\r\n\r\n", "Content-Length: 9\r\nContent-Length: 3\r\n\r\nabc",
            "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
        ])
        func ambiguousLengthsAreRefusedAtOnce(head: String) throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let start = ContinuousClock.now
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\n" + head)
                let response = try client.readResponse()
                #expect(response.status == 400)
                #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"bad_request""#))
                #expect(client.waitForClose())
                #expect(ContinuousClock.now - start < .seconds(3))
            }
        }

        /// HTTP/1.0 has no transfer codings: a 1.0 request with Transfer-Encoding has faulty framing (RFC 9112
        /// §6.1), refused at once and closed, whatever it asks to keep. MHD read it as chunked and kept it open.
        @Test(arguments: ["chunked", "gzip"])
        func transferEncodingInHTTP10IsRefusedAndTheConnectionClosed(coding: String) throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send(
                    "POST /echo HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\nTransfer-Encoding: \(coding)\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 400)
                #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"bad_request""#))
                #expect(String(decoding: response.body, as: UTF8.self).contains("HTTP/1.0"))
                #expect(client.waitForClose())
            }
        }

        /// A header name must be a token. MHD 0.9.75 appends a folded line to the name before it (RFC 9112 §5.2
        /// has obs-fold rejected or unfolded), so a folded If-Match was silently no If-Match, and a folded
        /// Content-Length no length (the body then read as the next request): a name that is no token, or one
        /// whose value MHD no longer keeps right after it (where a fold leaves it), is refused, and the
        /// connection closed.
        @Test(arguments: [
            "If-Match: \"9\"\r\n\t\"9\"", "If-None-Match: \"1\"\r\n ,\"2\"", "Bad Name: x", "\"Quoted\": x", "X(y): z",
            // Folds of token characters alone, onto the headers the server reads.
            "Content-Length:\r\n 33", "Transfer-Encoding:\r\n chunked", "If-None-Match:\r\n *",
            "Idempotency-Key: abc\r\n def", "content-type: text/plain\r\n\tx",
            // ...and onto any other header, over one line or several.
            "X-Note: a\r\n b", "X-Note: a\r\n\tb\r\n c", "X-Note:\r\n b\r\nX-Other: c",
        ])
        func aFoldedHeaderOrANameThatIsNoTokenIsRefusedAndTheConnectionClosed(field: String) throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\(field)\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 400)
                #expect(
                    response.json["detail"] as? String
                        == "The request's head is malformed: a header name that is not a token, a line folded onto the one before it, a control character or NUL in a line, or a line that does not end with CRLF."
                )
                #expect(client.waitForClose())
            }
        }

        /// Lines microhttpd 0.9.75 reads otherwise than they were sent, so that the head's fields no longer tile
        /// it: the lines after one that starts with `:` or a NUL were taken for the body (the rest of the real
        /// body then read as a second request), a NUL in a value cut it short, a fold that ends where the read
        /// buffer's allocation does was appended to the name in place, making `Content-Lengt` a `Content-Length`.
        /// Each is refused with one answer, and the connection closed.
        @Test(
            arguments: [
                (
                    "a line that starts with a colon",
                    Array("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 63\r\n:x\r\nPad: ".utf8)
                        + Array(repeating: UInt8(ascii: "p"), count: 34) + Array("\r\n\r\n".utf8)
                        + Array(repeating: UInt8(ascii: "q"), count: 20)
                        + Array("GET /hello?smuggled HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
                ),
                (
                    "a line that starts with a NUL",
                    Array("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 63\r\n".utf8) + [0]
                        + Array("x\r\nPad: ".utf8) + Array(repeating: UInt8(ascii: "p"), count: 34) + Array("\r\n\r\n".utf8)
                        + Array(repeating: UInt8(ascii: "q"), count: 20) + Array("GET /hello?smuggled HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
                ),
                ("a NUL in a value", Array("GET /hello HTTP/1.1\r\nHost: a".utf8) + [0] + Array("junk\r\n\r\n".utf8)),
                ("a bare CR in a value", Array("GET /hello HTTP/1.1\r\nHost: a\r\nX-Note: a\rb\r\n\r\n".utf8)),
                ("a bare LF ending a field", Array("GET /hello HTTP/1.1\r\nHost: a\nX-Note: b\r\n\r\n".utf8)),
                ("a bare LF ending the request line", Array("GET /hello HTTP/1.1\nHost: a\r\n\r\n".utf8)),
                // The fold line ends 16,381 bytes in: within the 16 bytes before the end of the read buffer's first
                // 16 KiB (half the connection's 32 KiB), where microhttpd grows the name's block where it stands.
                (
                    "a fold grown in place into a Content-Length",
                    Array("POST /echo HTTP/1.1\r\nHost: a\r\nP: ".utf8)
                        + Array(repeating: UInt8(ascii: "p"), count: 16_324) + Array("\r\nContent-Lengt: 5\r\n h\r\n\r\nhello".utf8)
                ),
            ] as [(String, [UInt8])])
        func aHeadMicrohttpdReadsOtherwiseIsRefusedAndTheConnectionClosed(name: String, request: [UInt8]) throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send(request)
                let response = try client.readResponse()
                #expect(response.status == 400, "\(name)")
                #expect(response.json["code"] as? String == "bad_request", "\(name)")
                #expect(client.waitForClose(), "\(name): a second answer or an open connection")
            }
        }

        /// Whitespace before and after a value, and empty values, are what unfolded lines look like.
        @Test(arguments: ["X-Note:      a", "X-Note:\t \ta b\t ", "X-Note:", "X-Note: a\r\nX-Other:  \t"])
        func whitespaceAroundAValueIsNoFold(field: String) throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\(field)\r\n\r\n")
                #expect(try client.readResponse().bodyText == "hello")
                #expect(try client.roundTrip("GET", "/hello").bodyText == "hello")
            }
        }

        /// MHD serves any HTTP/1.x past 1.0 as 1.1: such a request may be chunked.
        @Test func aChunkedRequestOfALaterHTTP1IsRead() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("POST /echo HTTP/1.2\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.bodyText == "abc")
            }
        }

        /// Content-Type is one value: with two lines, which describes the body is anybody's guess. The body is
        /// read (the framing is sound), so the connection stays open for the next request.
        @Test func twoContentTypesAreRefusedWithoutAHandler() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send(
                    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 3\r\ncontent-type: application/json\r\n\r\nabc"
                )
                let response = try client.readResponse()
                #expect(response.status == 400)
                #expect(String(decoding: response.body, as: UTF8.self).contains(#""detail":"The request has more than one Content-Type.""#))
                // One is a request like any other, on the same connection.
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\nabc")
                let echoed = try client.readResponse()
                #expect(echoed.status == 200 && echoed.body == Array("abc".utf8))
            }
        }

        @Test func contentLengthBesideTransferEncodingIsRefusedAndTheConnectionClosed() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send(
                    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 400)
                #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"bad_request""#))
                #expect(client.waitForClose())
            }
        }

        /// MHD would wait for a body it cannot delimit until the idle timeout; the answer comes at once.
        @Test(arguments: ["gzip", "gzip, chunked", "identity"])
        func aTransferCodingOtherThanChunkedIsRefusedAtOnce(coding: String) throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let start = ContinuousClock.now
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(coding)\r\n\r\nabc")
                let response = try client.readResponse()
                #expect(response.status == 400)
                #expect(response.header("Content-Type") == "application/problem+json")
                #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"bad_request""#))
                #expect(client.waitForClose())
                #expect(ContinuousClock.now - start < .seconds(3))
            }
        }

        /// Whatever MHD makes of a value with trailing whitespace or a second line, the answer comes at once.
        @Test(arguments: [
            "Transfer-Encoding: chunked \r\n", "Transfer-Encoding: chunked\t\r\n",
            "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
        ])
        func nearlyChunkedNeverWaitsForTheTimeout(headers: String) throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let start = ContinuousClock.now
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\n\(headers)\r\n3\r\nabc\r\n0\r\n\r\n")
                let response = try client.readResponse()
                #expect([200, 400].contains(response.status))
                if response.status == 200 { #expect(response.body == Array("abc".utf8)) }
                #expect(ContinuousClock.now - start < .seconds(3))
            }
        }

        @Test func chunkedInAnyCaseIsRead() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.body == Array("abc".utf8))
            }
        }

        @Test func repeatedEqualContentLengthsAreOneLength() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.body == Array("abc".utf8))
            }
        }
    }
}
