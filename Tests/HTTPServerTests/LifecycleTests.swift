import Foundation
import HTTPServer
import Locking
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServerTests {
    @Suite struct Lifecycle {
        @Test func gracefulStopFinishesInFlightRequestAndRefusesNewConnections() throws {
            let entered = DispatchSemaphore(value: 0)
            let router = HTTPRouter()
            router.add(.GET, "/slow") { _ in
                entered.signal()
                usleep(200_000)
                return HTTPResponse(status: 200, body: Array("done".utf8))
            }
            let server = HTTPServer(
                configuration: ServerConfiguration(port: 0, threads: 2), router: router,
                log: LogSink().closure)
            try server.start()
            let port = server.port
            let client = try RawClient(port: port)
            try client.send(RawClient.request("GET", "/slow"))
            #expect(entered.wait(timeout: .now() + 5) == .success)

            let stopped = Atomic<Bool>(false)
            let stopThread = Thread {
                server.stop(gracePeriod: .seconds(5))
                stopped.store(true, ordering: .sequentiallyConsistent)
            }
            stopThread.start()

            // While the slow request is still running, new connections are already refused.
            var refusedWhileDraining = false
            for _ in 0..<100 where !stopped.load(ordering: .sequentiallyConsistent) {
                let attempt = RawClient.connectSocket(port: port)
                if attempt.fd >= 0 {
                    close(attempt.fd)
                } else if attempt.errno == ECONNREFUSED {
                    refusedWhileDraining = true
                    break
                }
                usleep(5_000)
            }
            let stoppedEarly = stopped.load(ordering: .sequentiallyConsistent)
            #expect(refusedWhileDraining)
            #expect(!stoppedEarly, "stop() must wait for the in-flight request")

            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "done")
            #expect(response.header("Connection")?.lowercased() == "close")

            for _ in 0..<500 where !stopped.load(ordering: .sequentiallyConsistent) { usleep(10_000) }
            let stoppedInTime = stopped.load(ordering: .sequentiallyConsistent)
            #expect(stoppedInTime)
            let after = RawClient.connectSocket(port: port)
            if after.fd >= 0 { close(after.fd) }
            #expect(after.fd < 0 && after.errno == ECONNREFUSED)
            server.stop()  // idempotent
            #expect(server.port == 0)
        }

        /// In a process of its own: it counts the process's descriptors, which other suites open and close
        /// meanwhile when tests run in parallel. (A failed check there reports its message, not its values.)
        @Test func startAndStopDoNotLeakDescriptors() async {
            await #expect(processExitsWith: .success) {
                // Warm-up cycle, then 20 more: MHD's epoll/ITC fds and our listening socket must all close.
                func cycle() throws {
                    let server = HTTPServer(
                        configuration: ServerConfiguration(port: 0, threads: 2), router: standardRouter(),
                        log: { _ in })
                    try server.start()
                    _ = try RawClient(port: server.port).roundTrip("GET", "/hello")
                    server.stop(gracePeriod: .seconds(1))
                }
                try cycle()
                let before = openFileDescriptorCount()
                for _ in 0..<20 { try cycle() }
                let after = openFileDescriptorCount()
                #expect(after <= before, "open descriptors: \(before) before 20 start/stop cycles, \(after) after")
            }
        }

        @Test func startOnAPortInUseThrowsClearError() throws {
            try withServer { (first: HTTPServer) throws -> Void in
                let log = LogSink()
                let second = HTTPServer(
                    configuration: ServerConfiguration(port: first.port, threads: 1), router: HTTPRouter(),
                    log: log.closure)
                #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: first.port)) {
                    try second.start()
                }
                #expect(
                    HTTPServerError.addressInUse(host: "127.0.0.1", port: first.port).description
                        .contains("address already in use"))
                // The first server is unaffected.
                #expect(try RawClient(port: first.port).roundTrip("GET", "/hello").status == 200)
            }
        }

        /// In a process of its own: it counts the process's descriptors, which other suites open and close
        /// meanwhile when tests run in parallel. (A failed check there reports its message, not its values.)
        @Test func failedStartsThrowClearErrorsAndLeaveNoDescriptorOpen() async {
            await #expect(processExitsWith: .success) {
                try withServer { (first: HTTPServer) throws -> Void in
                    func startError(host: String, port: UInt16) -> HTTPServerError? {
                        let server = HTTPServer(
                            configuration: ServerConfiguration(host: host, port: port, threads: 2),
                            router: HTTPRouter(), log: { _ in })
                        do {
                            try server.start()
                            server.stop()
                            return nil
                        } catch { return error }
                    }
                    // One of each kind first: what the process opens once, on its first use (a resolver's file, a
                    // runtime's own descriptor), is not a leak of the starts counted after.
                    _ = startError(host: "127.0.0.1", port: first.port)
                    _ = startError(host: "192.0.2.1", port: 0)
                    let before = openFileDescriptorCount()
                    for _ in 0..<10 {
                        let inUse = startError(host: "127.0.0.1", port: first.port)
                        #expect(inUse == .addressInUse(host: "127.0.0.1", port: first.port), "\(String(describing: inUse))")
                        // 192.0.2.1 (TEST-NET-1, documentation only) is on no interface: bind fails.
                        guard case .startFailed(let host, _, let reason)? = startError(host: "192.0.2.1", port: 0) else {
                            Issue.record("binding 192.0.2.1 did not fail with startFailed")
                            return
                        }
                        #expect(host == "192.0.2.1", "host: \(host)")
                        #expect(reason.contains("bind failed"), "\(reason)")
                    }
                    let after = openFileDescriptorCount()
                    #expect(after <= before, "open descriptors: \(before) before 20 failed starts, \(after) after")
                }
            }
        }

        @Test func invalidConfigurationIsRejected() {
            func startError(_ configure: (inout ServerConfiguration) -> Void) -> HTTPServerError? {
                var configuration = ServerConfiguration(port: 0, threads: 1)
                configure(&configuration)
                let server = HTTPServer(configuration: configuration, router: HTTPRouter(), log: { _ in })
                do {
                    try server.start()
                    server.stop()
                    return nil
                } catch { return error }
            }
            guard case .invalidConfiguration(let message)? = startError({ $0.idleTimeout = 0 }) else {
                Issue.record("idleTimeout 0 was accepted")
                return
            }
            #expect(message.contains("idleTimeout"))
            #expect(startError { $0.perIPConnectionLimit = 0 } != nil)
            #expect(startError { $0.threads = 0 } != nil)
            #expect(startError { $0.connectionLimit = 0 } != nil)
            #expect(startError { $0.maxBodySize = -1 } != nil)
            #expect(startError { $0.host = "not a host" } == .invalidHost("not a host"))
            #expect(startError { $0.host = "localhost" } == nil)
            #expect(startError { $0.host = "0.0.0.0" } == nil)
        }

        @Test func startTwiceThrows() throws {
            try withServer { server in
                #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
            }
        }

        @Test func completionHookReportsRouteStatusAndDuration() throws {
            let summaries = Lock<[HTTPRequestSummary]>([])
            let server = HTTPServer(
                configuration: ServerConfiguration(port: 0, threads: 1), router: standardRouter(),
                log: { _ in })
            server.onRequestCompleted = { summary in summaries.withLock { $0.append(summary) } }
            try server.start()
            let client = try RawClient(port: server.port)
            _ = try client.roundTrip("GET", "/v1/sessions/a")
            _ = try client.roundTrip("GET", "/nowhere")
            server.stop()
            let seen = summaries.withLock { $0 }
            #expect(seen.count == 2)
            #expect(seen.first?.route == "/v1/sessions/:id")
            #expect(seen.first?.status == 200)
            #expect(seen.first?.method == .GET)
            #expect(seen.last?.route == nil)
            #expect(seen.last?.status == 404)
            #expect(seen.allSatisfy { $0.duration >= .zero })
        }
    }
}
