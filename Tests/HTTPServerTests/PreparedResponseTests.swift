import HTTPServer
import Testing

extension HTTPServerTests {
    @Suite struct PreparedResponses {
        /// One prepared response for every request of a route. Its `HTTPResponse` says something else on
        /// purpose, so an answer shows which of the two the server sent.
        private static func router(serving prepared: PreparedResponse) -> HTTPRouter {
            let router = standardRouter()
            router.add(.GET, "/prepared") { _ in
                var response = HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("built".utf8))
                response.prepared = prepared
                return response
            }
            return router
        }

        @Test("one prepared response answers 4 connections × 50 requests whole, and HEAD with its headers only")
        func sharedAcrossConnections() throws {
            let body = Array(#"{"state":"prepared"}"#.utf8)
            let prepared = try #require(PreparedResponse(
                headers: [("Content-Type", "application/json"), ("ETag", "\"7\"")], body: body))
            try withServer(router: Self.router(serving: prepared)) { server in
                // Several connections land on both of the server's worker threads.
                let clients = try (0..<4).map { _ in try RawClient(port: server.port) }
                for _ in 0..<50 {
                    for client in clients {
                        let response = try client.roundTrip("GET", "/prepared")
                        #expect(response.status == 200)
                        #expect(response.body == body)
                        #expect(response.header("Content-Type") == "application/json")
                        #expect(response.header("ETag") == "\"7\"")
                        #expect(response.header("Content-Length") == "\(body.count)")
                    }
                }
                let head = try clients[0].roundTrip("HEAD", "/prepared")
                #expect(head.status == 200)
                #expect(head.header("ETag") == "\"7\"")
                #expect(head.body.isEmpty)
                // The connection is still in step after HEAD: the next answer is whole.
                #expect(try clients[0].roundTrip("GET", "/prepared").body == body)
            }
        }

        @Test("a header MHD refuses makes no prepared response")
        func refusedHeader() {
            #expect(PreparedResponse(headers: [("X-Bad", "line\r\nbreak")], body: []) == nil)
        }
    }
}
