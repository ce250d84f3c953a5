import HTTPServer
import Locking
import Testing

extension HTTPServerTests {
    /// A route's precheck answers a client that waits for 100 Continue from the head alone, when the head decides
    /// the answer (RFC 9110 §10.1.1); the handler still checks everything once the body is in.
    @Suite struct Precheck {
        private static let body = Array("hello".utf8)

        private static func head(
            _ path: String, method: String = "POST", contentType: String = "application/json",
            length: Int = body.count
        ) -> String {
            "\(method) \(path) HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: \(contentType)\r\n"
                + "Content-Length: \(length)\r\n\r\n"
        }

        /// A response's fields but those that tell one sending from another (`Date`) or the connection's fate.
        private static func fields(of response: RawResponse) -> [String] {
            response.headers.filter { !["date", "connection"].contains($0.name.lowercased()) }.map { "\($0.name): \($0.value)" }
        }

        @Test(arguments: [
            ("/checked/gone", "application/json", 404), ("/checked/a", "text/plain", 415),
            ("/checked/gone", "text/plain", 404),
        ])
        func aRefusalTheHeadDecidesIsSentInsteadOf100Continue(path: String, contentType: String, status: Int) throws {
            let route = CheckedRoute()
            try withServer(router: route.router()) { server in
                let client = try RawClient(port: server.port)
                try client.send(Self.head(path, contentType: contentType))
                // The final answer is the first thing back: no 100 Continue before it.
                let early = try client.readResponse()
                #expect(early.status == status)
                #expect(early.header("Content-Type") == "application/problem+json")
                // The body was never read, so the connection cannot carry another request.
                #expect(client.waitForClose())
                #expect(route.prechecks == [0])
                #expect(route.handlerCalls == 0)

                // Without the expectation the body is read, and the handler gives the very same answer.
                let plain = try RawClient(port: server.port).roundTrip(
                    "POST", path, body: Self.body,
                    headers: [("Content-Type", contentType)])
                #expect(route.handlerCalls == 1)
                #expect(route.prechecks == [0])
                #expect(plain.status == early.status)
                #expect(Self.fields(of: plain) == Self.fields(of: early))
                #expect(plain.bodyText == early.bodyText)
            }
        }

        @Test func aHeadThePrecheckPassesIsInvitedAndThenAnswered() throws {
            let route = CheckedRoute()
            try withServer(router: route.router()) { server in
                let client = try RawClient(port: server.port)
                try client.send(Self.head("/checked/a"))
                #expect(try client.readResponse().status == 100)
                #expect(route.prechecks == [0])
                try client.send(Self.body)
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.body == Self.body)
                #expect(route.handlerCalls == 1)
                #expect(try client.roundTrip("GET", "/hello").status == 200)
            }
        }

        @Test func withoutAnExpectationTheAnswerWaitsForTheBodyAndTheConnectionStays() throws {
            let route = CheckedRoute()
            try withServer(router: route.router()) { server in
                let client = try RawClient(port: server.port)
                let response = try client.roundTrip(
                    "POST", "/checked/gone", body: Self.body,
                    headers: [("Content-Type", "application/json")])
                #expect(response.status == 404)
                #expect(route.prechecks.isEmpty)
                #expect(try client.roundTrip("GET", "/hello").status == 200)
            }
        }

        /// A chunked body's length, zero or not, is known only at its end: the precheck does not run.
        @Test func aChunkedBodyIsInvitedWithoutAPrecheck() throws {
            let route = CheckedRoute()
            try withServer(router: route.router()) { server in
                let client = try RawClient(port: server.port)
                try client.send(
                    "POST /checked/gone HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
                        + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                #expect(try client.readResponse().status == 100)
                try client.send("5\r\nhello\r\n0\r\n\r\n")
                #expect(try client.readResponse().status == 404)
                #expect(route.prechecks.isEmpty)
                #expect(route.handlerCalls == 1)
            }
        }

        @Test func theServersOwnRefusalsComeFirst() throws {
            let route = CheckedRoute()
            try withServer({ $0.maxBodySize = 4 }, router: route.router()) { server in
                let tooLarge = try RawClient(port: server.port)
                try tooLarge.send(Self.head("/checked/gone", contentType: "text/plain"))
                #expect(try tooLarge.readResponse().status == 413)
                let wrongMethod = try RawClient(port: server.port)
                try wrongMethod.send(Self.head("/checked/gone", method: "PUT", length: 3))
                #expect(try wrongMethod.readResponse().status == 405)
                #expect(route.prechecks.isEmpty)
            }
        }

        /// The handler checks everything anyway: an answer that is no refusal is a mistake, logged and ignored.
        @Test func aPrecheckAnswerThatIsNoRefusalIsIgnored() throws {
            let route = CheckedRoute()
            let log = LogSink()
            try withServer(router: route.router(), log: log) { server in
                let client = try RawClient(port: server.port)
                try client.send(Self.head("/checked/odd"))
                #expect(try client.readResponse().status == 100)
                try client.send(Self.body)
                #expect(try client.readResponse().body == Self.body)
                #expect(log.errors == ["precheck for /checked/:id returned status 200, not a refusal; ignored"])
            }
        }

        @Test func aPrecheckRefusalIsReportedAsTheRequestItAnswers() throws {
            let route = CheckedRoute()
            let summaries = Lock<[HTTPRequestSummary]>([])
            let server = HTTPServer(
                configuration: ServerConfiguration(port: 0, threads: 1), router: route.router(),
                log: { _ in })
            server.onRequestCompleted = { summary in summaries.withLock { $0.append(summary) } }
            try server.start()
            defer { server.stop(gracePeriod: .seconds(2)) }
            let client = try RawClient(port: server.port)
            try client.send(Self.head("/checked/gone"))
            #expect(try client.readResponse().status == 404)
            #expect(waitUntil { summaries.withLock { !$0.isEmpty } })
            let summary = try #require(summaries.withLock { $0.first })
            #expect(summary.method == .POST && summary.route == "/checked/:id" && summary.status == 404)
            #expect(summary.logTag == "gone" && !summary.streamed)
        }
    }
}
