import Foundation
import Locking
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

/// The server is killed and frozen here, so the tests take turns.
@Suite("RedisSessionStore: a server killed, restarted or frozen", .redisServer(appendOnly: true), .serialized)
struct OutageTests {
    static let t0 = WriteScript.t0
    static let timeout = Duration.milliseconds(500)
    /// How late past the timeout an answer may come (thread scheduling on a busy two-core machine).
    static let slack = Duration.milliseconds(700)

    @Test(
        "kill -9 mid-writes: calls throw .unavailable within the timeout, checkReady too; restarted, the same store works and no acknowledged append is lost"
    )
    func killed() throws {
        let server = try #require(RedisServer.current)
        try withStore(timeout: Self.timeout) { store in
            try withStore(timeout: Self.timeout) { writer in
                let heard = Heard()
                store.observeAppends { heard.add($0, $1) }
                let id = uniqueID("durable")
                try store.commit(.create(storedSession(id, at: Self.t0)))
                store.subscribe(id)
                heard.waitFor(id, toReach: 1)
                // Appends as fast as it can until the first failure; what it was answered for must survive.
                let acknowledged = Lock(1)
                let done = DispatchSemaphore(value: 0)
                Thread {
                    var version = 2
                    while (try? store.append(
                        session: id, events: [storedEvent(id, version: version, at: Self.t0)], answer: nil, dropAnswersThrough: nil,
                        at: Self.t0, expecting: version - 1)) == .appended(version: version)
                    {
                        acknowledged.withLock { $0 = version }
                        version += 1
                    }
                    done.signal()
                }.start()
                try waitUntil("50 appends are acknowledged") { acknowledged.withLock { $0 } >= 50 }
                // A third instance, idle through the outage, with connections open to the killed server.
                let idle = RedisSessionStore(address: server.address, connections: 4, timeout: Self.timeout)
                defer { idle.close() }
                let opened = Lock(0)
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    // Side by side, so that the pool opens more than one.
                    if (try? idle.events(of: id, after: 1)) != nil { opened.withLock { $0 += 1 } }
                }
                #expect(opened.withLock { $0 } == 4)
                server.kill()
                #expect(done.wait(timeout: .now() + 5) == .success, "the writer hung on a dead server")
                let lastAcknowledged = acknowledged.withLock { $0 }

                let elapsed = [
                    expectStoreError(.unavailable) { try store.checkReady() },
                    expectStoreError(.unavailable) { _ = try store.log(of: id) },
                    expectStoreError(.unavailable) { _ = try store.sessions() },
                    expectStoreError(.unavailable) { try commitEvent(store, id, version: lastAcknowledged + 2, at: Self.t0) },
                ]
                for took in elapsed { #expect(took < Self.timeout + Self.slack, "a call to a dead server took \(took)") }
                #expect(store.statistics().errors >= 4)

                try server.start()
                // The idle instance's connections to the killed server are dropped, not used: its first calls succeed.
                let reads = Lock<[String]>([])
                for _ in 0..<4 {
                    do {
                        _ = try idle.log(of: id)
                    } catch {
                        reads.withLock { $0.append("\(error)") }
                    }
                }
                #expect(reads.withLock { $0 }.isEmpty, "calls failed on the restarted server: \(reads.withLock { $0 })")
                #expect(throws: Never.self) { try store.checkReady() }
                let log = try #require(try store.log(of: id))
                // The append in flight at the kill may have been written without its answer reaching the writer.
                #expect(
                    log.session.version >= lastAcknowledged, "acknowledged appends were lost: \(log.session.version) < \(lastAcknowledged)")
                #expect(log.session.version <= lastAcknowledged + 1)
                #expect(log.events.map(\.version) == Array(2...log.session.version))
                #expect(log.events.last == storedEvent(id, version: log.session.version, at: Self.t0))

                // Another instance appends: the subscriber reconnected by itself and hears it.
                let next = log.session.version + 1
                try commitEvent(writer, id, version: next, at: Self.t0)
                #expect(heard.waitFor(id, toReach: next).last == next, "the subscriber did not come back")
                #expect(heard.versions(of: id) == heard.versions(of: id).sorted(), "versions heard out of order")
            }
        }
    }

    @Test("a frozen server (SIGSTOP): calls throw .unavailable within the timeout, never hang; thawed, the store works again")
    func frozen() throws {
        let server = try #require(RedisServer.current)
        try withStore(connections: 2, timeout: Self.timeout) { store in
            let id = uniqueID("frozen")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            server.pause()
            defer { server.resume() }
            // More calls than connections, side by side: none waits past the timeout for a connection either.
            let took = Lock<[Duration]>([])
            let failures = Lock<[String]>([])
            let group = DispatchGroup()
            for thread in 0..<4 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    let clock = ContinuousClock()
                    let started = clock.now
                    do {
                        if thread % 2 == 0 { try store.checkReady() } else { try commitEvent(store, id, version: 2, at: Self.t0) }
                        failures.withLock { $0.append("thread \(thread) was answered by a frozen server") }
                    } catch let error as StoreError where error.kind == .unavailable {
                        // Expected.
                    } catch {
                        failures.withLock { $0.append("thread \(thread): \(error)") }
                    }
                    took.withLock { $0.append(clock.now - started) }
                }.start()
            }
            #expect(group.wait(timeout: .now() + 10) == .success, "calls hung on a frozen server")
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
            for duration in took.withLock({ $0 }) { #expect(duration < Self.timeout * 2 + Self.slack, "a call took \(duration)") }
            server.resume()
            try waitUntil("the store works again") { (try? store.checkReady()) != nil }
            // The append may have been applied before its answer timed out: the log is at 1 or 2, never torn.
            let version = try #require(try store.log(of: id)).session.version
            #expect(version == 1 || version == 2)
            try commitEvent(store, id, version: version + 1, at: Self.t0)
            #expect(try store.log(of: id)?.events.last?.version == version + 1)
        }
    }

    @Test("a store made while the server is down connects once it is up, with no restart")
    func startsBeforeServer() throws {
        let server = try #require(RedisServer.current)
        server.kill()
        let store = RedisSessionStore(address: server.address, connections: 2, timeout: Self.timeout)
        defer { store.close() }
        expectStoreError(.unavailable, containing: "127.0.0.1:\(server.port)") { try store.checkReady() }
        try server.start()
        #expect(throws: Never.self) { try store.checkReady() }
    }
}
