import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DurabilityTests {
    /// A store ribsd cannot use: exit 2, one line, and the files exactly as they were.
    @Suite("refused stores")
    struct RefusedStore {
        /// Damaged or foreign files in the place of `sessions.sqlite3`, and what the line names.
        enum Damage: String, CaseIterable, Sendable {
            case randomBytes, sqliteMagicThenGarbage, otherProgram, truncated, truncatedWithShortWAL, newerSchema

            var phrase: String {
                switch self {
                case .randomBytes: "is not a ribsd database"
                case .sqliteMagicThenGarbage: "sessions.sqlite3"
                case .otherProgram: "is not a ribsd database (another program's SQLite file)"
                case .truncated, .truncatedWithShortWAL: "is truncated"
                case .newerSchema: "newer than this ribsd's"
                }
            }
        }

        @Test("a damaged or foreign file: exit 2, one line, every file byte for byte as it was", arguments: Damage.allCases)
        func damaged(_ damage: Damage) throws {
            guard pythonAvailable(for: "damaged file \(damage)") else { return }
            let scratch = try Scratch("damaged")
            defer { scratch.cleanUp() }
            let data = scratch.sub("data")
            let file = data + "/sessions.sqlite3"
            switch damage {
            case .randomBytes, .sqliteMagicThenGarbage:
                var random = RelRandom(seed: 7)
                let magic = damage == .randomBytes ? [] : Array("SQLite format 3\0".utf8)
                try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
                try Data(magic + random.bytes(8192 - magic.count)).write(to: URL(fileURLWithPath: file))
            case .otherProgram:
                try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
                let made = python(
                    """
                    import sqlite3, sys
                    c = sqlite3.connect(sys.argv[1])
                    c.execute("CREATE TABLE sessions (id TEXT PRIMARY KEY, note TEXT)")
                    c.execute("INSERT INTO sessions VALUES ('a', 'not ribsd')")
                    c.commit(); c.close()
                    """, [file])
                try #require(made.status == 0, "\(made.output)")
            case .truncated, .truncatedWithShortWAL, .newerSchema:
                try makeRibsdDatabase(data, sessions: 24, crash: false)
                try #require(checkpoint(file).status == 0)
                if damage == .newerSchema {
                    let bumped = python(
                        "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = 99'); c.commit(); c.close()",
                        [file])
                    try #require(bumped.status == 0, "\(bumped.output)")
                } else {
                    // With a WAL too, one that holds only the last change: the pages cut off are nowhere.
                    if damage == .truncatedWithShortWAL {
                        let changed = python(
                            """
                            import shutil, sqlite3, sys
                            c = sqlite3.connect(sys.argv[1])
                            c.execute("UPDATE sessions SET last_access_at = last_access_at + 1"); c.commit()
                            shutil.copy(sys.argv[1] + "-wal", sys.argv[1] + ".kept"); c.close()
                            shutil.move(sys.argv[1] + ".kept", sys.argv[1] + "-wal")
                            """, [file])
                        try #require(changed.status == 0, "\(changed.output)")
                    }
                    let whole = try #require(fileBytes(file))
                    try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: file))
                }
            }
            let before = try snapshot(data)
            try #require(before["sessions.sqlite3"] != nil)

            try Refusal(dataDir: data).expect(damage.phrase)
            try expectUntouched(data, before)
        }

        @Test("killed in the middle of a checkpoint (page 1 copied, the rest still in the WAL): it starts, every session as it was")
        func midCheckpoint() throws {
            guard pythonAvailable(for: "mid-checkpoint") else { return }
            let scratch = try Scratch("checkpoint")
            defer { scratch.cleanUp() }
            let data = scratch.sub("data")
            let states = try makeRibsdDatabase(data, sessions: 24, crash: true)
            // What a checkpoint's first write does: the newest committed page 1 from the WAL into the file. Its
            // header now counts pages that are still only in the WAL.
            let copied = python(
                """
                import struct, sys
                db = sys.argv[1]; wal = open(db + "-wal", "rb").read()
                page_size = struct.unpack(">I", wal[8:12])[0]; salts = wal[16:24]
                page1 = committed = None; offset = 32
                while offset + 24 + page_size <= len(wal) and wal[offset + 8:offset + 16] == salts:
                    number, size = struct.unpack(">II", wal[offset:offset + 8])
                    if number == 1: page1 = wal[offset + 24:offset + 24 + page_size]
                    if size > 0 and page1 is not None: committed = page1
                    offset += 24 + page_size
                counted = struct.unpack(">I", committed[28:32])[0]
                with open(db, "r+b") as f: f.write(committed)
                import os; held = os.path.getsize(db) // page_size
                assert counted > held, (counted, held)
                print(counted, held)
                """, [data + "/sessions.sqlite3"])
            try #require(copied.status == 0, "\(copied.output)")

            let server = try StoreServer(dataDir: data)
            #expect(server.restored == states.count, "\(server.ribsd.stderr)")
            for (id, (state, history)) in states {
                #expect(try server.get("/v1/sessions/\(id)").body == state)
                #expect(try server.get("/v1/sessions/\(id)/history").body == history)
            }
            #expect(server.stop()?.status == 0)
        }

        /// What a data dir is instead of a writable folder.
        enum BadFolder: String, CaseIterable, Sendable {
            case regularFile, parentMissing, readOnly, readOnlyWithDatabase
        }

        @Test(
            "a data dir that is a file, cannot be made or is not writable: exit 2, one line, nothing changed", arguments: BadFolder.allCases
        )
        func badFolder(_ folder: BadFolder) throws {
            let scratch = try Scratch("folder")
            defer { scratch.cleanUp() }
            var data = scratch.sub("data")
            switch folder {
            case .regularFile:
                try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: data))
                try Refusal(dataDir: data).expect("is not a directory")
                #expect(fileBytes(data) == Array("not a folder\n".utf8))
            case .parentMissing:
                data = scratch.sub("missing/data")
                try Refusal(dataDir: data).expect("cannot be made")
                #expect(!FileManager.default.fileExists(atPath: scratch.sub("missing")))
            case .readOnly:
                // Root writes through mode bits (access() says yes): a read-only mount is what stops root.
                if getuid() == 0 {
                    guard scratch.mountTmpfs("data", options: "ro,size=1m") else {
                        print("note: read-only data dir skipped: running as root and mount is not permitted")
                        return
                    }
                } else {
                    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
                    chmod(data, 0o500)
                }
                try Refusal(dataDir: data).expect("is not writable")
                #expect((try? FileManager.default.contentsOfDirectory(atPath: data)) == [])
                chmod(data, 0o700)
            case .readOnlyWithDatabase:
                // A real store, seen through a read-only bind mount.
                let source = scratch.sub("source")
                try makeRibsdDatabase(source, sessions: 3, crash: false)
                try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
                guard getuid() == 0, runProgram("/bin/mount", ["--bind", source, data]).status == 0 else {
                    print("note: read-only store skipped: bind mounts are not permitted")
                    return
                }
                defer { runProgram("/bin/umount", ["-l", data]) }
                guard runProgram("/bin/mount", ["-o", "remount,ro,bind", data]).status == 0 else {
                    print("note: read-only store skipped: remounting read-only is not permitted")
                    return
                }
                let before = try snapshot(data)
                try Refusal(dataDir: data).expect("is not writable")
                try expectUntouched(data, before)
            }
        }

        @Test("a second ribsd on the same data dir (by any path): exit 2 naming the holder's pid; the first serves on")
        func secondProcess() throws {
            let scratch = try Scratch("two")
            defer { scratch.cleanUp() }
            let data = scratch.sub("data")
            let first = try StoreServer(dataDir: data)
            let (id, _) = try first.create("login")
            #expect(try first.event(id, #"{"type":"login","name":"kim"}"#).status == 200)
            try FileManager.default.createSymbolicLink(atPath: scratch.sub("alias"), withDestinationPath: data)
            let pid = first.ribsd.process.processIdentifier
            for path in [data, data + "/.", scratch.sub("alias")] {
                try Refusal(dataDir: path).expect("is in use by another ribsd (pid \(pid))")
            }
            // The first is unharmed: it reads, writes and stays ready.
            #expect(try first.get("/readyz").status == 200)
            let pushed = try first.event(id, #"{"type":"push","screen":"A"}"#)
            #expect(pushed.status == 200 && pushed.etagVersion == 3)
            #expect(first.stop()?.status == 0)

            // Its lock goes with it.
            let next = try StoreServer(dataDir: data)
            #expect(next.restored == 1)
            #expect(try next.get("/v1/sessions/\(id)").body == pushed.body)
            #expect(next.stop()?.status == 0)
        }
    }
}

/// Makes a real ribsd store in `data` with `sessions` login sessions (each logged in, one screen pushed); stops
/// it with SIGKILL (`crash`: the WAL left as it was) or SIGTERM. Returns each session's state and history bytes.
@discardableResult
func makeRibsdDatabase(_ data: String, sessions: Int, crash: Bool) throws -> [String: (state: [UInt8], history: [UInt8])] {
    let server = try StoreServer(dataDir: data, ["--log-level", "warn"])
    var states: [String: (state: [UInt8], history: [UInt8])] = [:]
    for index in 0..<sessions {
        let id = try server.create("login").id
        _ = try server.event(id, #"{"type":"login","name":"u\#(index)"}"#, key: "a\(index)")
        let pushed = try server.event(id, #"{"type":"push","screen":"A"}"#, key: "b\(index)")
        states[id] = (pushed.body, try server.get("/v1/sessions/\(id)/history").body)
    }
    if crash { server.crash() } else { try #require(server.stop()?.status == 0) }
    return states
}

/// Folds the WAL into the file and removes it (ribsd is stopped), so the file alone holds everything.
func checkpoint(_ file: String) -> (status: Int32, output: String) {
    python("import sqlite3, sys\nc = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.close()", [file])
}

/// The bytes of each file in `folder`.
func snapshot(_ folder: String) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) { files[name] = fileBytes(folder + "/" + name) }
    return files
}

/// Every file that was there is byte for byte as it was; new ones are only the lock and SQLite's empty or
/// shared-memory companions of a read-only look.
func expectUntouched(_ folder: String, _ before: [String: [UInt8]], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let after = try snapshot(folder)
    // The -shm is SQLite's scratch index of the WAL, rebuilt by whoever opens the file, and the lock holds the
    // pid of the last ribsd: neither is data.
    for (name, bytes) in before where !name.hasSuffix("-shm") && name != "ribsd.lock" {
        #expect(
            after[name] == bytes, "\(name) changed: \(bytes.count) bytes before, \(after[name]?.count ?? -1) after",
            sourceLocation: sourceLocation)
    }
    for (name, bytes) in after where before[name] == nil {
        let allowed = name == "ribsd.lock" || name.hasSuffix("-shm") || (name.hasSuffix("-wal") && bytes.isEmpty)
        #expect(allowed, "new file \(name) of \(bytes.count) bytes", sourceLocation: sourceLocation)
    }
}
