import Foundation
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import RedisStore

// Serialized: one test empties the server's script cache, which would cost the others a round trip they count.
@Suite("RedisSessionStore: what is committed comes back", .redisServer(), .serialized)
struct RoundTripTests {
    static let t0 = WriteScript.t0

    @Test(
        "create (with and without events), append (with and without answers, dropping), remember, delete: sessions() and log(of:) give back exactly that"
    )
    func roundTrip() throws {
        try withStore { store in
            let script = try WriteScript(store)
            try script.expectHeld(by: store)
            let statistics = store.statistics()
            #expect(statistics.records == WriteScript.changes)
            #expect(statistics.commits == statistics.records, "every change is its own transaction")
            #expect(statistics.errors == 0 && statistics.conflicts == 0)
            #expect(statistics.latencyCounts.reduce(0, +) == statistics.commits)
        }
    }

    @Test("a second store (another ribsd) reads what the first wrote")
    func anotherStore() throws {
        let script = try withStore { try WriteScript($0) }
        try withStore { try script.expectHeld(by: $0) }
    }

    @Test("one round trip per change once the server knows the scripts; log(of:) is one round trip too")
    func roundTrips() throws {
        try withStore(connections: 1) { store in
            let id = uniqueID("trips")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            try commitEvent(store, id, version: 2, at: Self.t0)
            let before = store.statistics()
            for version in 3...22 { try commitEvent(store, id, version: version, at: Self.t0 + Int64(version)) }
            let after = store.statistics()
            #expect(after.roundTrips - before.roundTrips == 20, "round trips for 20 appends")
            #expect(after.records - before.records == 20)
            _ = try store.log(of: id)
            #expect(store.statistics().roundTrips == after.roundTrips + 1, "MULTI, three reads and EXEC go as one")
        }
    }

    @Test("a new server answers NOSCRIPT once per script: the store sends it whole, and by name after")
    func scriptsLoadedOnDemand() throws {
        let server = try #require(RedisServer.current)
        try withStore(connections: 1) { store in
            _ = try server.command("SCRIPT", "FLUSH")
            let id = uniqueID("noscript")
            let before = store.statistics().roundTrips
            try store.commit(.create(storedSession(id, at: Self.t0)))
            #expect(store.statistics().roundTrips == before + 2, "EVALSHA refused, then EVAL")
            try store.commit(.create(storedSession(uniqueID("noscript"), at: Self.t0)))
            #expect(store.statistics().roundTrips == before + 3, "EVALSHA alone once the server knows it")
            #expect(try store.log(of: id)?.session.version == 1)
            // Touches go in one pipeline of EVALSHA; those refused are sent whole.
            _ = try server.command("SCRIPT", "FLUSH")
            store.touch(id, atMilliseconds: Self.t0 + 77)
            try waitUntil("the touch is written") { try store.log(of: id)?.session.lastAccessAt == Self.t0 + 77 }
            #expect(store.statistics().errors == 0)
        }
    }

    @Test("the scripts' names are the SHA-1 Redis gives them")
    func scriptNames() throws {
        let server = try #require(RedisServer.current)
        #expect(SHA1.hex(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(SHA1.hex([]) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(SHA1.hex(Array(repeating: 0x61, count: 1_000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
        for script in [SessionScripts.create, SessionScripts.append, SessionScripts.touch] {
            #expect(try server.command("SCRIPT", "LOAD", script.source) == .string(Array(script.sha.utf8)), "\(script.name)")
        }
    }

    @Test("events(of:after:) returns the events past a version, in order; none past the last, none of an unknown session")
    func catchUp() throws {
        try withStore { store in
            let id = uniqueID("catch-up")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            let events = (2...9).map { storedEvent(id, version: $0, at: Self.t0 + Int64($0)) }
            for event in events {
                try store.commit(.append(session: id, events: [event], answer: nil, dropAnswersThrough: nil, at: event.at))
            }
            #expect(try store.events(of: id, after: 1) == events)
            #expect(try store.events(of: id, after: 0) == events)
            #expect(try store.events(of: id, after: 6) == Array(events[5...]))
            #expect(try store.events(of: id, after: 9) == [])
            #expect(try store.events(of: uniqueID("unknown"), after: 1) == [])
        }
    }

    @Test("every key of a session holds {id}, its hash tag, and a deletion leaves none")
    func hashTags() throws {
        let server = try #require(RedisServer.current)
        try withStore { store in
            let id = uniqueID("tagged")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            try store.commit(
                .append(
                    session: id, events: [storedEvent(id, version: 2, at: Self.t0)], answer: storedAnswer(id, sequence: 1, version: 2),
                    dropAnswersThrough: nil, at: Self.t0))
            let keys = try server.command("KEYS", "*\(id)*").elements().map(\.bytesText).sorted()
            #expect(keys == ["ribsd:{\(id)}:answers", "ribsd:{\(id)}:events", "ribsd:{\(id)}:meta"])
            for key in keys {
                // The hash tag is what lies between the first { and the first } after it.
                let open = try #require(key.firstIndex(of: "{"))
                let close = try #require(key[open...].firstIndex(of: "}"))
                #expect(key[key.index(after: open)..<close] == id, "\(key) hashes on something else than the id")
            }
            #expect(try server.command("TYPE", "ribsd:{\(id)}:events") == .status("stream"))
            #expect(
                try server.command("XRANGE", "ribsd:{\(id)}:events", "-", "+").elements().first?.elements().first
                    == .string(Array("0-2".utf8)))
            try store.commit(.delete(session: id))
            #expect(try server.command("KEYS", "*\(id)*").elements().isEmpty)
        }
    }

    @Test("a creation over a stored id is refused and changes nothing; changes to a session not stored are refused")
    func refusals() throws {
        try withStore { store in
            let id = uniqueID("taken")
            try store.commit(.create(storedSession(id, at: Self.t0)))
            try commitEvent(store, id, version: 2, at: Self.t0)
            expectStoreError(.unavailable, containing: "already stored") { try store.commit(.create(storedSession(id, at: Self.t0 + 5))) }
            #expect(try store.log(of: id)?.events.count == 1, "the refused creation wiped the log")
            let stray = uniqueID("stray")
            expectStoreError(.unavailable, containing: "not stored") { try commitEvent(store, stray, version: 2, at: Self.t0) }
            expectStoreError(.unavailable, containing: "not stored") {
                try store.commit(
                    .remember(session: stray, answer: storedAnswer(stray, sequence: 1, version: 1), dropAnswersThrough: nil, at: Self.t0))
            }
            #expect(try store.log(of: stray) == nil, "a refused change made a session")
            #expect(try RedisServer.current!.command("KEYS", "*\(stray)*").elements().isEmpty, "a refused change left keys")
            #expect(store.statistics().errors == 0, "refusals are answers, not failures")
        }
    }

    @Test("keys that hold something else are refused as unusable, not misread")
    func foreignKeys() throws {
        let server = try #require(RedisServer.current)
        try withStore { store in
            let id = uniqueID("foreign")
            _ = try server.command("SET", "ribsd:{\(id)}:meta", "not a hash")
            expectStoreError(.unusable, containing: "WRONGTYPE") { _ = try store.log(of: id) }
            let newer = uniqueID("newer")
            _ = try server.command(
                "HSET", "ribsd:{\(newer)}:meta", "schema", "2", "app", "x", "created", "1", "last", "1", "version", "1", "digest", "")
            expectStoreError(.unusable, containing: "newer ribsd") { _ = try store.log(of: newer) }
            _ = try server.command("DEL", "ribsd:{\(id)}:meta", "ribsd:{\(newer)}:meta")
        }
    }

    @Test("checkReady answers; a closed store refuses every call as unavailable")
    func readyAndClosed() throws {
        let server = try #require(RedisServer.current)
        let store = RedisSessionStore(address: server.address, connections: 2, timeout: .seconds(2))
        #expect(throws: Never.self) { try store.checkReady() }
        let id = uniqueID("closing")
        try store.commit(.create(storedSession(id, at: Self.t0)))
        store.submit(.delete(session: id))
        store.close()
        #expect(try server.command("EXISTS", "ribsd:{\(id)}:meta") == .integer(0), "close wrote the submitted deletion")
        expectStoreError(.unavailable, containing: "closed") { try store.checkReady() }
        expectStoreError(.unavailable, containing: "closed") { _ = try store.sessions() }
        store.close()
    }

    @Test("a closed store lets go of every connection it made: the pool's and the subscriber's")
    func closeReleasesConnections() throws {
        let server = try #require(RedisServer.current)
        func connectedClients() throws -> Int {
            let info = try server.command("INFO", "clients").bytesText
            let line = try #require(info.split(whereSeparator: \.isNewline).first { $0.hasPrefix("connected_clients:") })
            return try #require(Int(line.dropFirst("connected_clients:".count)))
        }
        // The one connection `command` itself makes is counted in both.
        let before = try connectedClients()
        let store = RedisSessionStore(address: server.address, connections: 4, timeout: .seconds(2))
        let id = uniqueID("released")
        try store.commit(.create(storedSession(id, at: Self.t0)))
        let heard = Heard()
        store.observeAppends { heard.add($0, $1) }
        store.subscribe(id)
        heard.waitFor(id, toReach: 1)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = try? store.log(of: id) }
        #expect(try connectedClients() > before)
        store.close()
        try waitUntil("the server sees every connection closed") { try connectedClients() == before }
    }

    @Test("redis:// URLs: host, port, database, IPv6; anything else is refused as unusable")
    func addresses() throws {
        #expect(try RedisAddress(url: "redis://cache.internal") == RedisAddress(host: "cache.internal", port: 6379, database: 0))
        #expect(try RedisAddress(url: "redis://10.0.0.5:7000/3") == RedisAddress(host: "10.0.0.5", port: 7000, database: 3))
        #expect(try RedisAddress(url: "redis://[::1]:6380/") == RedisAddress(host: "::1", port: 6380, database: 0))
        #expect(RedisAddress(host: "::1", port: 6380).description == "redis://[::1]:6380/0")
        for (url, reason) in [
            ("http://host:6379", "does not start with"), ("redis://", "no host"), ("redis://host:0", "port"),
            ("redis://host:99999", "port"), ("redis://host:port", "port"), ("redis://host/x", "database"),
            ("redis://user:secret@host", "password"), ("redis://[::1", "closing ]"),
        ] {
            expectStoreError(.unusable, containing: reason) { _ = try RedisAddress(url: url) }
        }
        let server = try #require(RedisServer.current)
        let store = try RedisSessionStore(url: server.url + "/2", connections: 1)
        defer { store.close() }
        let id = uniqueID("db2")
        try store.commit(.create(storedSession(id, at: Self.t0)))
        #expect(try server.command("EXISTS", "ribsd:{\(id)}:meta") == .integer(0), "written to database 0")
        #expect(try store.log(of: id) != nil)
    }
}
