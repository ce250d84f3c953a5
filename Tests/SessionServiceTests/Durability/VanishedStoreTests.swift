import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DurabilityTests {
    /// SQLite goes on writing to a database file that was removed or renamed while open, so without a look of
    /// ribsd's own every later 2xx would be for a change lost at the next start.
    @Suite("a data dir that vanishes")
    struct VanishedStore {
        @Test(
            "the data dir renamed away while serving: 503 store_unavailable and /readyz 503, nothing changed; renamed back, events apply again; a restart holds exactly what was acknowledged"
        )
        func renamedAway() throws {
            let scratch = try Scratch("vanish")
            defer { scratch.cleanUp() }
            let data = scratch.sub("data"), away = scratch.sub("away")
            var server = try StoreServer(dataDir: data, ["--log-level", "warn"])
            let (id, _) = try server.create("navigation")
            let pushed = try server.event(id, #"{"type":"push","screen":"A"}"#)
            #expect(pushed.status == 200, "\(pushed.status) \(pushed.text.prefix(300))")
            let before = try server.get("/v1/sessions/\(id)")

            try FileManager.default.moveItem(atPath: data, toPath: away)
            let refused = try server.event(id, #"{"type":"push","screen":"B"}"#)
            expectProblem(refused, 503, "store_unavailable")
            #expect(refused.header("Retry-After") != nil)
            #expect(refused.text.contains("sessions.sqlite3 was removed, renamed or replaced"), "\(refused.text.prefix(400))")
            let created = try server.client.request("POST", "/v1/sessions", body: Array(#"{"app":"login"}"#.utf8), headers: jsonHeader)
            expectProblem(created, 503, "store_unavailable")
            expectProblem(try server.get("/readyz"), 503, "store_unavailable")
            #expect(try server.get("/healthz").status == 200, "liveness is not the store's")
            let during = try server.get("/v1/sessions/\(id)")
            #expect(during.status == 200 && during.body == before.body, "the refused event changed the session")
            #expect(try server.metric("ribsd_sessions") == 1, "the refused creation left a session")

            // Back where it was: the next commit looks again and goes through.
            try FileManager.default.moveItem(atPath: away, toPath: data)
            #expect(try server.get("/readyz").status == 200)
            let applied = try server.event(id, #"{"type":"push","screen":"B"}"#)
            #expect(applied.status == 200 && applied.json?["version"] as? Int == 3, "\(applied.status) \(applied.text.prefix(300))")

            server.crash()
            server = try StoreServer(dataDir: data)
            #expect(server.restored == 1)
            let restored = try server.get("/v1/sessions/\(id)")
            #expect(restored.status == 200 && restored.body == applied.body, "\(restored.text.prefix(300))")
            let versions = historyEntries(try server.get("/v1/sessions/\(id)/history")).map { $0["version"] as? Int }
            #expect(versions == [2, 3], "push A, then push B: nothing else")
            #expect(server.stop()?.status == 0)
        }

        @Test("the data dir deleted while serving: every change refused with 503 until a restart, which starts on a new store")
        func deleted() throws {
            let scratch = try Scratch("deleted")
            defer { scratch.cleanUp() }
            let data = scratch.sub("data")
            var server = try StoreServer(dataDir: data, ["--log-level", "warn"])
            let (id, _) = try server.create("navigation")
            try FileManager.default.removeItem(atPath: data)
            for _ in 0..<3 {
                expectProblem(try server.event(id, #"{"type":"push","screen":"A"}"#), 503, "store_unavailable")
            }
            expectProblem(try server.get("/readyz"), 503, "store_unavailable")
            // A DELETE is a change like the others: refused, and the session stays.
            expectProblem(try server.delete(id), 503, "store_unavailable")
            #expect(try server.get("/v1/sessions/\(id)").status == 200)
            #expect(server.stop()?.status == 0)

            server = try StoreServer(dataDir: data)
            #expect(server.restored == 0)
            #expect(try server.get("/readyz").status == 200)
            #expect(server.stop()?.status == 0)
        }
    }
}
