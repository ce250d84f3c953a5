import CSQLite
import Foundation
import Locking
import SessionStorage
import Synchronization

/// Sessions' records in an SQLite database in WAL mode: one writer thread commits what requests queue in
/// batches (group commit), and one reader connection serves the rare reads (start-up, a session's first use
/// after a restart, readiness).
public final class SQLiteSessionStore: SessionRecordStore, @unchecked Sendable {
    // @unchecked: `writer` is touched only by the writer thread (and by `init` before it starts); `reader`
    // only under `readLock`.

    /// How a commit reaches the disk.
    public enum Sync: String, Sendable, CaseIterable {
        /// WAL with `synchronous = NORMAL`: a commit survives the process's crash, not a power loss.
        case normal
        /// `synchronous = FULL`: the WAL is synced before a commit is answered, so it survives a power loss too.
        case full
    }

    /// The claimed data folder, held for the store's life.
    private let directory: DataDirectory
    private let writer: SQLiteWriter
    private let reader: Lock<SQLiteReader>
    private let queue = CommitQueue()
    private let stats = Lock(StoreStatistics())
    private let stopped = DispatchSemaphore(value: 0)
    private let closed = Atomic<Bool>(false)

    /// Opens (or makes) the database in `directory`. Throws `.unusable` for a folder or file that cannot be
    /// used, leaving the file as it was; `maxBytes` caps the database's size (a full store answers 503).
    public init(directory path: String, sync: Sync = .normal, maxBytes: Int? = nil) throws(StoreError) {
        directory = try DataDirectory(path)
        let file = directory.databasePath
        do {
            Self.removeUnfinished(file)
            if !FileManager.default.fileExists(atPath: file) { try Self.createFile(file) }
            let version = try Self.inspect(file)
            let database = try SQLiteDatabase(path: file)
            if version < Self.schemaVersion { try Self.migrate(database, from: version) }
            // Best effort: on a full disk they wait for a later start.
            try? Self.dropUnnamedDefinitions(database)
            try database.execute("PRAGMA journal_mode = WAL")
            try database.execute("PRAGMA synchronous = \(sync == .full ? "FULL" : "NORMAL")")
            // The WAL file is cut back to this after a checkpoint, so a burst does not leave it large.
            try database.execute("PRAGMA journal_size_limit = \(64 << 20)")
            var pageCap: Int64?
            if let maxBytes {
                let pageSize = try database.integer("PRAGMA page_size") ?? 4096
                pageCap = max(Int64(maxBytes) / pageSize, 16)
            }
            writer = try SQLiteWriter(database, pageCap: pageCap)
            reader = Lock(try SQLiteReader(SQLiteDatabase(path: file)))
        } catch {
            throw Self.unusable(error, file)
        }
        let thread = Thread { [weak self, stopped] in
            // Let go before the signal: once `close()` returns, the store (its connections, its folder's lock)
            // goes with its owner's last reference, not when this thread gets round to exiting.
            if let self { self.runWriter() }
            stopped.signal()
        }
        thread.name = "ribsd-store"
        thread.start()
    }

    public func sessions() throws(StoreError) -> [StoredSession] {
        try read { (reader: SQLiteReader) throws(SQLiteError) in try reader.sessions() }
    }

    public func log(of id: String) throws(StoreError) -> StoredLog? {
        try read { (reader: SQLiteReader) throws(SQLiteError) in try reader.log(of: id) }
    }

    public func commit(_ change: StoreChange) throws(StoreError) {
        try queue.commit(.change(change))
    }

    public func keepDefinition(_ definition: StoredDefinition) throws(StoreError) {
        // Through the writer like a change: one connection writes, and the cap on the file's size holds.
        try queue.commit(.definition(definition))
    }

    public func definition(_ digest: String) throws(StoreError) -> StoredDefinition? {
        try read { (reader: SQLiteReader) throws(SQLiteError) in try reader.definition(digest) }
    }

    public func submit(_ change: StoreChange) {
        queue.submit(change)
    }

    public func touch(_ id: String, atMilliseconds milliseconds: Int64) {
        queue.touch(id, at: milliseconds)
    }

    public func checkReady() throws(StoreError) {
        try read { (reader: SQLiteReader) throws(SQLiteError) in try reader.ping() }
    }

    public func statistics() -> StoreStatistics {
        stats.withLock { $0 }
    }

    public func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        queue.stop()
        stopped.wait()
    }

    private func read<T: Sendable>(_ body: (SQLiteReader) throws(SQLiteError) -> T) throws(StoreError) -> T {
        do {
            return try reader.withLock { (reader: inout SQLiteReader) throws(SQLiteError) -> T in try body(reader) }
        } catch {
            stats.withLock { $0.errors += 1 }
            throw error.storeError
        }
    }

    /// The writer thread: commits each batch, and once a second hands freed pages back to the file system.
    private func runWriter() {
        var lastReclaim = DispatchTime.now().uptimeNanoseconds
        while let (batch, touches) = queue.take(idleSeconds: 1) {
            let now = DispatchTime.now().uptimeNanoseconds
            if now - lastReclaim >= 1_000_000_000 {
                lastReclaim = now
                writer.reclaimSpace()
            }
            if batch.isEmpty {
                writer.flush(touches)
                continue
            }
            let started = DispatchTime.now().uptimeNanoseconds
            let errors = writer.write(batch.map(\.write), touches: touches)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let failed = errors.count { $0 != nil }
            stats.withLock {
                $0.errors += failed
                if failed < batch.count { $0.recordCommit(records: batch.count - failed, seconds: seconds) }
            }
            queue.finish(batch, errors: errors)
        }
        // A clean stop leaves everything in the database file: it can then be copied alone.
        writer.checkpoint()
    }
}
