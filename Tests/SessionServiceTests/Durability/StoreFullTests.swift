import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DurabilityTests {
    /// A store that cannot commit refuses the change with 503 and changes nothing; once there is room it serves again.
    @Suite("a full store")
    struct StoreFull {
        @Test(
            "--max-store-bytes reached: 503 store_unavailable with Retry-After, nothing changed (state, history, streams); DELETEs make room; a restart agrees"
        )
        func storeCap() throws {
            let scratch = try Scratch("cap")
            defer { scratch.cleanUp() }
            let data = scratch.sub("data")
            var server = try StoreServer(dataDir: data, ["--max-store-bytes", "65536", "--log-level", "warn"])
            var filling = try Filling(server, sessions: 8)
            try filling.fillUntilRefused()
            guard let refusedOn = filling.refusedOn else { return }
            try filling.expectNothingChanged()

            // Creating is refused too, or fits in the room left; either way no other failure.
            let created = try server.client.request("POST", "/v1/sessions", body: Array("{}".utf8), headers: jsonHeader)
            if created.status == 503 {
                expectProblem(created, 503, "store_unavailable")
                #expect(try server.metric("ribsd_sessions") == 8, "a refused creation left a session")
            } else {
                #expect(created.status == 201, "\(created.status) \(created.text.prefix(300))")
            }

            // Deleting half the sessions frees pages: the refused event now applies, as the next version.
            let others = filling.sessions.filter { $0 != refusedOn }
            for id in others.prefix(4) {
                // As a client would: a 503 says when to try again (Retry-After: 1).
                var deleted = try server.delete(id)
                for _ in 0..<3 where deleted.status == 503 {
                    sleep(1)
                    deleted = try server.delete(id)
                }
                #expect(deleted.status == 204, "DELETE on a full store: \(deleted.status) \(deleted.text.prefix(300))")
                filling.forget(id)
            }
            try filling.expectRecovered()
            let remaining = filling.sessions
            let last = filling.last
            #expect(server.stop()?.status == 0)

            server = try StoreServer(dataDir: data, ["--max-store-bytes", "65536"])
            #expect(server.restored == remaining.count + (created.status == 201 ? 1 : 0))
            for id in remaining {
                let state = try server.get("/v1/sessions/\(id)")
                #expect(state.status == 200 && state.body == last[id]?.body, "\(id): \(state.text.prefix(200))")
            }
            #expect(server.stop()?.status == 0)
        }

        @Test(
            "a full file system (a 2 MiB tmpfs): 503 store_unavailable, nothing changed; removing a file makes room and events apply again")
        func fullFileSystem() throws {
            let scratch = try Scratch("tmpfs")
            defer { scratch.cleanUp() }
            guard scratch.mountTmpfs("disk", options: "size=2m") else {
                print("note: full file system skipped: mounting a tmpfs is not permitted here")
                return
            }
            let data = scratch.sub("disk/data")
            var server = try StoreServer(dataDir: data, ["--log-level", "warn"])
            let filler = scratch.sub("disk/filler")
            try Data(repeating: 0x5a, count: 512 * 1024).write(to: URL(fileURLWithPath: filler))
            var filling = try Filling(server, sessions: 4)
            try filling.fillUntilRefused()
            guard filling.refusedOn != nil else { return }
            try filling.expectNothingChanged()

            // A DELETE needs room in the WAL as well: on a full disk it may be refused the same way, never otherwise.
            if let other = filling.sessions.first(where: { $0 != filling.refusedOn }) {
                let deleted = try server.delete(other)
                if deleted.status == 204 {
                    filling.forget(other)
                } else {
                    expectProblem(deleted, 503, "store_unavailable")
                    print("note: DELETE on the full file system answered 503: only freeing the disk itself brings room back")
                }
            }
            try FileManager.default.removeItem(atPath: filler)
            try filling.expectRecovered()
            let last = filling.last
            #expect(server.stop()?.status == 0)

            server = try StoreServer(dataDir: data, ["--log-level", "warn"])
            for (id, answer) in last {
                #expect(try server.get("/v1/sessions/\(id)").body == answer.body, "\(id)")
            }
            #expect(server.stop()?.status == 0)
        }
    }
}

/// Login sessions, each watched by a stream, fed push A / pop until the store refuses a change.
struct Filling {
    let server: StoreServer
    private(set) var sessions: [String] = []
    /// Each session's last 2xx answer.
    private(set) var last: [String: HTTPResult] = [:]
    private var watchers: [String: EventStreamClient] = [:]
    private(set) var refusedOn: String?
    private var refusal: HTTPResult?
    private var count = 0

    init(_ server: StoreServer, sessions: Int) throws {
        self.server = server
        for index in 0..<sessions {
            let id = try server.create("login").id
            let watcher = try EventStreamClient(port: server.port)
            #expect(try watcher.open("/v1/sessions/\(id)/stream").status == 200)
            _ = try watcher.next()
            self.sessions.append(id)
            watchers[id] = watcher
            try send(id, #"{"type":"login","name":"u\#(index)"}"#)
        }
    }

    /// Push A on even versions, pop on odd: each applies. Records a 200 (and checks the stream saw exactly it).
    @discardableResult
    private mutating func send(_ id: String, _ event: String? = nil) throws -> HTTPResult {
        let version = last[id]?.etagVersion ?? 1
        let body = event ?? (version % 2 == 0 ? #"{"type":"push","screen":"A"}"# : #"{"type":"pop"}"#)
        count += 1
        let answer = try server.event(id, body, key: "k\(count)")
        if answer.status == 200 {
            last[id] = answer
            let frame = try #require(watchers[id]).next()
            #expect(frame.id == answer.etagVersion.map(String.init) && frame.data == answer.text, "stream of \(id) saw \(frame.id ?? "-")")
        } else if answer.status != 503 || answer.json?["code"] as? String != "store_unavailable" {
            Issue.record("\(body) on \(id): \(answer.status) \(answer.text.prefix(300))")
        }
        return answer
    }

    mutating func fillUntilRefused() throws {
        for round in 0..<20_000 {
            let id = sessions[round % sessions.count]
            let answer = try send(id)
            if answer.status == 503 {
                refusedOn = id
                refusal = answer
                print("store full after \(round) events")
                return
            }
        }
        Issue.record("20000 events and the store never filled up")
    }

    /// The refusal is a 503 store_unavailable with Retry-After, and the session is as its last 2xx left it.
    func expectNothingChanged() throws {
        guard let id = refusedOn, let refusal, let before = last[id] else { return }
        expectProblem(refusal, 503, "store_unavailable")
        #expect(refusal.header("Retry-After") == "1")
        let state = try server.get("/v1/sessions/\(id)")
        #expect(state.body == before.body && state.header("ETag") == before.header("ETag"), "the refused event changed the state")
        let history = historyEntries(try server.get("/v1/sessions/\(id)/history"))
        #expect(history.count + 1 == before.etagVersion, "history of \(history.count) entries at version \(before.etagVersion ?? -1)")
        #expect(try server.get("/readyz").status == 200, "reads go on while the store is full")
        #expect((try server.metric("ribsd_store_errors_total") ?? 0) >= 1)
    }

    mutating func forget(_ id: String) {
        sessions.removeAll { $0 == id }
        last[id] = nil
        watchers[id] = nil
    }

    /// Every session takes events again; the stream of the refused one goes on at the next version.
    mutating func expectRecovered() throws {
        guard let refusedOn, let version = last[refusedOn]?.etagVersion else { return }
        let again = try send(refusedOn)
        #expect(again.status == 200 && again.etagVersion == version + 1, "after room was made: \(again.status) \(again.text.prefix(300))")
        for id in sessions where id != refusedOn {
            #expect(try send(id).status == 200)
        }
    }
}
