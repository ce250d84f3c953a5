import Foundation
import HTTPServer
import Synchronization
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
            let prepared = try #require(
                PreparedResponse(
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

        @Test("a stopping server answers from the prepared body with Connection: close, though the response carries none")
        func answeredWhileStopping() throws {
            let body = Array(#"{"history":"prepared"}"#.utf8)
            let prepared = try #require(PreparedResponse(headers: [("Content-Type", "application/json")], body: body))
            let started = Atomic<Bool>(false)
            let router = HTTPRouter()
            router.add(.GET, "/slow-prepared") { _ in
                started.store(true, ordering: .relaxed)
                usleep(300_000)
                var response = HTTPResponse(status: 200, headers: [("Content-Type", "application/json")])
                response.prepared = prepared
                return response
            }
            let server = HTTPServer(configuration: ServerConfiguration(port: 0, threads: 1), router: router, log: LogSink().closure)
            try server.start()
            let client = try RawClient(port: server.port)
            try client.send(RawClient.request("GET", "/slow-prepared"))
            try #require(waitUntil { started.load(ordering: .relaxed) }, "the handler never ran")
            let stopped = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                server.stop(gracePeriod: .seconds(5))
                stopped.signal()
            }
            let response = try client.readResponse()
            #expect(response.status == 200 && response.body == body)
            #expect(response.header("Connection")?.lowercased() == "close")
            #expect(response.header("Content-Type") == "application/json")
            stopped.wait()
        }

        @Test("a header MHD refuses makes no prepared response")
        func refusedHeader() {
            #expect(PreparedResponse(headers: [("X-Bad", "line\r\nbreak")], body: []) == nil)
        }
    }
}
