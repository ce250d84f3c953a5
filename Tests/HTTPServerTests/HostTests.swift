import HTTPServer
import Testing

extension HTTPServerTests {
    /// RFC 9112 §3.2: a request past HTTP/1.0 without Host, with more than one Host, or with a Host that is not
    /// a host and port is answered 400. microhttpd's strict mode checked the first itself and sent its status
    /// line and headers twice; the server makes all three checks, answers with a problem, and keeps the
    /// connection (the framing is sound).
    @Suite struct Host {
        private func expectRefused(_ head: String, detail: String, body: String = "") throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send(head + body)
                let refused = try client.readResponse()
                #expect(refused.status == 400)
                #expect(refused.header("Content-Type") == "application/problem+json")
                // One head only: the body is the problem document, not a second status line.
                #expect(refused.json["code"] as? String == "bad_request")
                #expect(refused.json["detail"] as? String == detail)
                #expect(try client.roundTrip("POST", "/echo", body: Array("next".utf8)).bodyText == "next")
            }
        }

        @Test(arguments: ["HTTP/1.1", "HTTP/1.2"])
        func aRequestPastHTTP10WithoutHostIsRefused(version: String) throws {
            try expectRefused("GET /hello \(version)\r\n\r\n", detail: "An HTTP/1.1 request needs a Host header.")
        }

        @Test func aRefusedRequestsBodyIsReadSoTheConnectionGoesOn() throws {
            try expectRefused(
                "POST /echo HTTP/1.1\r\nContent-Length: 5\r\n\r\n", detail: "An HTTP/1.1 request needs a Host header.",
                body: "hello")
        }

        @Test func anHTTP10RequestWithoutHostIsServed() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("GET /hello HTTP/1.0\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.bodyText == "hello")
            }
        }

        @Test func twoHostsAreRefused() throws {
            try expectRefused("GET /hello HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n", detail: "The request has more than one Host header.")
        }

        @Test(arguments: ["a b", "a\tb", "example.com:65536", "user@example.com", "[zz]", "[::1", "x/y", "%41", "a,b:80:80"])
        func aHostThatIsNotAHostAndPortIsRefused(value: String) throws {
            try expectRefused(
                "GET /hello HTTP/1.1\r\nHost: \(value)\r\n\r\n", detail: "The Host header is not a host with an optional port.")
        }

        /// Empty is what a client sends for a target without an authority; whitespace around a value is not part
        /// of it (RFC 9110 §5.5), and microhttpd leaves the trailing part in.
        @Test(arguments: [
            "", " \t ", "example.com", "example.com:8080", "EXAMPLE.com:", "127.0.0.1:00080", "[::1]:80",
            "[v1.x:y]", "x \t ",
        ])
        func aHostAndPortOrNothingIsServed(value: String) throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send("GET /hello HTTP/1.1\r\nHost: \(value)\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200, "\(value)")
                #expect(response.bodyText == "hello")
            }
        }
    }
}
