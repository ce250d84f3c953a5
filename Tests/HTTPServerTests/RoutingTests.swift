import HTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServerTests {
    @Suite struct Routing {
        @Test func unknownPathIs404ProblemJSON() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let response = try client.roundTrip("GET", "/nope")
                #expect(response.status == 404)
                #expect(response.header("Content-Type") == "application/problem+json")
                #expect(response.json["code"] as? String == "not_found")
                #expect(response.json["type"] as? String == "urn:ribsd:problem:not_found")
                #expect(response.json["status"] as? Int == 404)
                // The connection stays usable after an error answer.
                #expect(try client.roundTrip("GET", "/hello").status == 200)
            }
        }

        @Test func wrongMethodIs405WithAllow() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let response = try client.roundTrip("PUT", "/v1/sessions/abc", body: Array("x".utf8))
                #expect(response.status == 405)
                #expect(response.header("Allow") == "GET, HEAD, DELETE")
                #expect(response.header("Content-Type") == "application/problem+json")
                #expect(response.json["code"] as? String == "method_not_allowed")
                #expect(try client.roundTrip("DELETE", "/v1/sessions/abc").status == 204)
            }
        }

        @Test func pathParametersAreExtracted() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let one = try client.roundTrip("GET", "/v1/sessions/s-42")
                #expect(one.bodyText == "id=s-42 path=/v1/sessions/s-42 query=nil route=/v1/sessions/:id")
                let two = try client.roundTrip("GET", "/v1/sessions/abc/events/7")
                #expect(two.bodyText == "abc/7")
                // Percent-decoded by MHD before matching.
                #expect(try client.roundTrip("GET", "/v1/sessions/a%20b").bodyText.hasPrefix("id=a b "))
                // Parameters never match empty segments; trailing slashes are distinct paths.
                #expect(try client.roundTrip("GET", "/v1/sessions/").status == 404)
                #expect(try client.roundTrip("GET", "/v1/sessions/abc/").status == 404)
            }
        }

        @Test func literalSegmentWinsOverParameter() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                #expect(try client.roundTrip("GET", "/v1/sessions/new").bodyText == "literal")
                #expect(try client.roundTrip("GET", "/v1/sessions/old").bodyText.hasPrefix("id=old "))
            }
        }

        @Test func querySeparatedFromPath() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let response = try client.roundTrip("GET", "/v1/sessions/x1?limit=5&after=a%2Fb")
                #expect(response.bodyText == "id=x1 path=/v1/sessions/x1 query=limit=5&after=a%2Fb route=/v1/sessions/:id")
                let empty = try client.roundTrip("GET", "/v1/sessions/x1?")
                #expect(empty.bodyText.contains("query= route="))
            }
        }

        /// MHD decodes the path into a C string, which a `%00` would end: `/v1/sessions/abc%00junk` reached the
        /// handler as the session `abc`. A `%00` in the query is the handler's to read (raw).
        @Test func aPercentEncodedNulInThePathIsNoResource() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let cut = try client.roundTrip("GET", "/v1/sessions/abc%00junk")
                #expect(cut.status == 404)
                #expect(cut.json["code"] as? String == "not_found")
                #expect(cut.json["detail"] as? String == "No resource has a NUL byte (%00) in its path.")
                #expect(try client.roundTrip("GET", "/hello%00").status == 404)
                #expect(try client.roundTrip("GET", "/hello").status == 200)
                let query = try client.roundTrip("GET", "/v1/sessions/abc?x=%00")
                #expect(query.bodyText == "id=abc path=/v1/sessions/abc query=x=%00 route=/v1/sessions/:id")
            }
        }

        /// MHD decodes the path before it is split: an encoded slash would route `<id>%2Fhistory` as the
        /// history (and `/v1%2Fsessions%2F<id>` as the session) while anything in front reads one segment.
        @Test func aPercentEncodedSlashInThePathIsNoResource() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                for target in [
                    "/v1/sessions/abc%2Fhistory", "/v1%2Fsessions%2Fabc", "/v1/sessions/abc%2f", "/hello%2F",
                    "http://localhost/v1/sessions/abc%2Fx", "/v1/sessions/%41%2Fx?y=1",
                ] {
                    let refused = try client.roundTrip("GET", target)
                    #expect(refused.status == 404, "\(target)")
                    #expect(refused.json["code"] as? String == "not_found", "\(target)")
                    #expect(refused.json["detail"] as? String == "No resource has an encoded slash (%2F) in its path.", "\(target)")
                }
                // In the query an encoded slash is data; other encodings in the path decode as before.
                let query = try client.roundTrip("GET", "/v1/sessions/abc?next=%2Fx")
                #expect(query.bodyText == "id=abc path=/v1/sessions/abc query=next=%2Fx route=/v1/sessions/:id")
                let encoded = try client.roundTrip("GET", "/v1/sessions/a%62c%2")
                #expect(encoded.bodyText == "id=abc%2 path=/v1/sessions/abc%2 query=nil route=/v1/sessions/:id")
                #expect(try client.roundTrip("GET", "/hello%").status == 404)
                #expect(try client.roundTrip("GET", "/hello").status == 200)
            }
        }

        /// RFC 9112 §3.2.2: a server accepts a target in absolute form, as proxies are sent it.
        @Test func anAbsoluteFormTargetIsRoutedByItsPath() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let hello = try client.roundTrip("GET", "http://localhost/hello")
                #expect(hello.status == 200 && hello.bodyText == "hello")
                let session = try client.roundTrip("GET", "HTTPS://example.com:8443/v1/sessions/abc?x=1")
                #expect(session.bodyText == "id=abc path=/v1/sessions/abc query=x=1 route=/v1/sessions/:id")
                // No path: "/", which this server has no resource at; another scheme is no absolute form of ours.
                #expect(try client.roundTrip("GET", "http://localhost?hello").status == 404)
                #expect(try client.roundTrip("GET", "ftp://localhost/hello").status == 404)
                // The form is told from the raw target, before MHD decodes it: encoded delimiters stay data.
                #expect(try client.roundTrip("GET", "http%3A%2F%2Flocalhost%2Fhello").status == 404)
                for valid in [
                    "http://[::1]:8080/hello", "http://localhost:/hello", "http://127.0.0.1:65535/hello", "http://[::ffff:127.0.0.1]/hello",
                    "http://[v1.fe80::a+en1]/hello", "http://localhost:000080/hello", "http://[2001:db8::7]:0/hello",
                ] {
                    #expect(try client.roundTrip("GET", valid).bodyText == "hello", "\(valid)")
                }
                // A fragment ends the authority: the path is "#/hello", which names nothing.
                #expect(try client.roundTrip("GET", "http://localhost#/hello").status == 404)
                for invalid in [
                    "http://localhost%2Fhello", "http://", "http:///hello", "http://@/hello", "http://:80/hello",
                    "http://local\\host/hello", "http://[]/hello",
                    // Not a host and port: an IP literal of other characters or unclosed, a port that is
                    // no number or past 65535, brackets in a name.
                    "http://[zz]/hello", "http://[::1/hello", "http://[::1]x/hello", "http://a]b/hello",
                    "http://example.com:abc/hello", "http://example.com:99999999999/hello", "http://example.com:65536/hello",
                    "http://example.com:80:80/hello", "http://[:]/hello", "http://[::::::]/hello", "http://[1:2:3:4:5:6:7:8:9]/hello",
                    "http://[vZ.:]/hello", "http://[v1.]/hello", "http://[v.x]/hello", "http://example.com:0000065536/hello",
                    // Userinfo is an error (RFC 9110 §4.2.4), likely there to disguise the host.
                    "http://user@localhost/hello", "http://localhost@evil.example/hello",
                ] {
                    let refused = try client.roundTrip("GET", invalid)
                    #expect(refused.status == 400, "\(invalid)")
                    #expect(
                        refused.json["detail"] as? String
                            == "The request target's authority is not a host, is percent-encoded or has userinfo.")
                }
                #expect(try client.roundTrip("GET", "/hello").status == 200)
            }
        }

        /// No URI has a space or a control character. microhttpd's strict mode closed such a request line
        /// unanswered and unlogged; the server runs it lenient and refuses the target itself, on a connection
        /// that stays open.
        @Test(arguments: [
            "GET /hello  HTTP/1.1", "GET /a b HTTP/1.1", "GET /hello?q=a b HTTP/1.1", "GET /hel\tlo HTTP/1.1",
            "GET /hello\u{7F} HTTP/1.1", "GET /hello\u{01} HTTP/1.1",
            // A NUL ends the C string microhttpd hands over: the path would read as `/hel`.
            "GET /hel\u{0}lo HTTP/1.1", "GET /hello\u{0} HTTP/1.1", "GET /hello\u{0}?q=1 HTTP/1.1",
        ])
        func aTargetWithASpaceOrAControlCharacterIsRefused(line: String) throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                try client.send(line + "\r\nHost: x\r\n\r\n")
                let refused = try client.readResponse()
                #expect(refused.status == 400)
                #expect(refused.header("Content-Type") == "application/problem+json")
                #expect(refused.json["code"] as? String == "bad_request")
                #expect(refused.json["detail"] as? String == "The request target has a space or a control character.")
                #expect(try client.roundTrip("GET", "/hello").bodyText == "hello")
            }
        }

        @Test func headIsServedByGetWithoutBody() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let response = try client.roundTrip("HEAD", "/hello")
                #expect(response.status == 200)
                #expect(response.header("Content-Length") == "5")
                #expect(response.body.isEmpty)
                #expect(try client.roundTrip("GET", "/hello").bodyText == "hello")
            }
        }

        @Test func headerLookupIsCaseInsensitive() throws {
            try withServer { server in
                let client = try RawClient(port: server.port)
                let response = try client.roundTrip("GET", "/header", headers: [("X-Test-HEADER", "v1")])
                #expect(response.bodyText == "v1")
                #expect(try client.roundTrip("GET", "/header").bodyText == "missing")
            }
        }

        @Test func badHandlerOutputDoesNotBreakTheServer() throws {
            let router = HTTPRouter()
            router.add(.GET, "/bad-status") { _ in HTTPResponse(status: 42) }
            router.add(.GET, "/bad-header") { _ in
                HTTPResponse(status: 200, headers: [("X-Injected", "a\r\nSet-Cookie: x=1"), ("X-Ok", "yes")], body: [1])
            }
            let log = LogSink()
            try withServer(router: router, log: log) { server in
                let client = try RawClient(port: server.port)
                let bad = try client.roundTrip("GET", "/bad-status")
                #expect(bad.status == 500)
                #expect(bad.json["code"] as? String == "internal_error")
                let header = try client.roundTrip("GET", "/bad-header")
                #expect(header.status == 200)
                #expect(header.header("X-Injected") == nil)
                #expect(header.header("Set-Cookie") == nil)
                #expect(header.header("X-Ok") == "yes")
            }
            // A handler that breaks is the server's error; a header MHD refuses is only noted.
            #expect(log.errors.contains { $0.contains("invalid status 42") })
            #expect(log.all.contains { $0.contains("dropped response header") })
            #expect(!log.errors.contains { $0.contains("dropped response header") })
        }

        @Test func problemBodyEscapesJSON() throws {
            let response = HTTPResponse.problem(
                status: 422, code: "bad\"code", title: "T\\itle", detail: "line\nbreak\u{01}é")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(
                text
                    == #"{"type":"urn:ribsd:problem:bad\"code","title":"T\\itle","status":422,"detail":"line\u000abreak\u0001é","code":"bad\"code"}"#
            )
            #expect(response.header("content-type") == "application/problem+json")
            let withExtra = HTTPResponse.problem(
                status: 503, code: "unavailable", title: "Unavailable", detail: "",
                extraHeaders: [("Retry-After", "1")])
            #expect(withExtra.header("Retry-After") == "1")
            #expect(String(decoding: withExtra.body, as: UTF8.self).contains(#""status":503"#))
        }

        @Test func handlersCanBeCalledWithoutAServer() {
            let request = HTTPRequest(method: .GET, path: "/a/1", parameters: [("id", "1")], headers: [("Accept", "x")])
            #expect(request.parameter("id") == "1")
            #expect(request.parameter("other") == nil)
            #expect(request.header("accept") == "x")
        }

        @Test func headerBytesMatchTheHeaderLikeHeaderDoes() {
            let request = HTTPRequest(method: .POST, path: "/a", headers: [("Content-Type", "application/json; charset=utf-8")])
            #expect(
                request.withHeaderBytes("content-type") { $0.map { String(decoding: $0, as: UTF8.self) } }
                    == "application/json; charset=utf-8")
            #expect(request.withHeaderBytes("Accept") { $0 == nil })
        }
    }
}

extension HTTPServerTests {
    @Suite struct RouterEdgeCases {
        @Test func rootUnionOfMethodsAndDeepPaths() throws {
            let router = HTTPRouter()
            router.add(.GET, "/") { _ in HTTPResponse(status: 200, body: Array("root".utf8)) }
            router.add(.GET, "/a/:x") { request in HTTPResponse(status: 200, body: Array("x=\(request.parameter("x")!)".utf8)) }
            router.add(.POST, "/a/b") { _ in HTTPResponse(status: 201) }
            router.add(.PATCH, "/a/:y/c") { request in
                HTTPResponse(status: 200, body: Array("y=\(request.parameter("y")!),x=\(request.parameter("x") ?? "nil")".utf8))
            }
            try withServer(router: router) { server in
                let client = try RawClient(port: server.port)
                #expect(try client.roundTrip("GET", "/").bodyText == "root")
                #expect(try client.roundTrip("GET", "/a/b").bodyText == "x=b")  // literal route lacks GET
                #expect(try client.roundTrip("POST", "/a/b").status == 201)
                let union = try client.roundTrip("PUT", "/a/b")
                #expect(union.status == 405)
                #expect(union.header("Allow") == "GET, HEAD, POST")
                #expect(try client.roundTrip("PATCH", "/a/q/c").bodyText == "y=q,x=nil")
                #expect(try client.roundTrip("GET", "/a/b/c/d/e/f/g/h").status == 404)
                #expect(try client.roundTrip("GET", "/a").status == 404)
                #expect(try client.roundTrip("GET", "//").status == 404)
            }
        }
    }
}
