import Locking
import Synchronization

/// All live sessions by id, bounded.
///
/// Split into shards by id, each behind its own lock: every request looks its session up here, and one lock
/// taken by all of MHD's worker threads would move its cache line between the cores on every request.
package final class SessionStore: Sendable {
    private static let shardBits = 4
    private let shards: [Lock<[String: Session]>] = (0..<(1 << SessionStore.shardBits)).map { _ in Lock([:]) }
    /// Sessions held, across shards: changed only when a session is added or removed.
    private let held = Atomic<Int>(0)
    /// Sessions ever added (made or restored): a sweep that saw them all knows nothing new came since.
    private let added = Atomic<UInt64>(0)
    /// The most sessions held at once.
    let limit: Int

    package init(limit: Int) {
        self.limit = limit
    }

    private func shard(_ id: String) -> Lock<[String: Session]> {
        shards[Self.shardIndex(of: id)]
    }

    /// The shard an id belongs to: FNV-1a over all of its bytes.
    ///
    /// Not one character: a random id's last character holds only 2 of its 128 bits (base64url pads the
    /// final 4 bits with zeros), which put every session in one of 2 shards, and injected ids may share a
    /// prefix.
    static func shardIndex(of id: String) -> Int {
        // Over the contiguous bytes where the string has them (ids always do): iterating `utf8` itself
        // costs far more per lookup.
        let hash = id.utf8.withContiguousStorageIfAvailable(fnv1a) ?? fnv1a(id.utf8)
        return Int(hash >> (32 - UInt32(shardBits)))
    }

    private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    /// Whether `id` can name a session: ASCII only. `String` keys compare by Unicode canonical equivalence, under
    /// which the Kelvin sign (U+212A) is `K`, so a client could reach (and delete) a session under a second
    /// spelling of its id. Ids are base64url, and two ASCII strings are equivalent only when their bytes are equal.
    static func isPlainKey(_ id: String) -> Bool {
        id.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? id.utf8.allSatisfy { $0 < 0x80 }
    }

    /// How many shards the store has.
    static var shardCount: Int { 1 << shardBits }

    /// What `insert` did.
    package enum Insertion: Equatable {
        case inserted
        /// The store holds its limit of sessions.
        case full
        /// A session with this id is already held: it stays, the new one is not added.
        case duplicateID
        /// The id is not ASCII, so no lookup could find it (an id source's fault, see `isPlainKey`).
        case unreachableID
    }

    /// Adds a session unless the store is full or already holds its id: a live session is never replaced
    /// (it would stay up unreachable, its tree never torn down, its watchers never told).
    package func insert(_ session: Session) -> Insertion {
        guard Self.isPlainKey(session.id) else { return .unreachableID }
        // Claim a place first, so concurrent inserts into different shards never overshoot the limit.
        var current = held.load(ordering: .relaxed)
        repeat {
            guard current < limit else { return .full }
            let (exchanged, original) = held.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { break }
            current = original
        } while true
        let added = shard(session.id).withLock { sessions in
            guard sessions[session.id] == nil else { return false }
            sessions[session.id] = session
            return true
        }
        guard added else {
            held.subtract(1, ordering: .relaxed)
            return .duplicateID
        }
        self.added.add(1, ordering: .relaxed)
        return .inserted
    }

    /// Adds a stored session at start, whatever the limit (it was within the limit when it was made; a server
    /// restarted with a lower one holds more until they go). A session already held keeps its place.
    func restore(_ session: Session) {
        guard Self.isPlainKey(session.id) else { return }
        let added = shard(session.id).withLock { sessions in
            guard sessions[session.id] == nil else { return false }
            sessions[session.id] = session
            return true
        }
        if added {
            held.add(1, ordering: .relaxed)
            self.added.add(1, ordering: .relaxed)
        }
    }

    /// The session with this id.
    package func session(_ id: String) -> Session? {
        guard Self.isPlainKey(id) else { return nil }
        return shard(id).withLock { $0[id] }
    }

    /// Forgets the session with this id and returns it.
    @discardableResult
    func remove(_ id: String) -> Session? {
        guard Self.isPlainKey(id) else { return nil }
        let removed = shard(id).withLock { $0.removeValue(forKey: id) }
        if removed != nil { held.subtract(1, ordering: .relaxed) }
        return removed
    }

    /// How many sessions were ever added, made or restored.
    var addedCount: UInt64 {
        added.load(ordering: .relaxed)
    }

    /// How many sessions are alive.
    package var count: Int {
        held.load(ordering: .relaxed)
    }

    /// Whether the store is full.
    var isFull: Bool {
        count >= limit
    }

    /// Every session, for a sweep outside the store's locks (each shard is locked only while it is copied).
    func all() -> [Session] {
        var sessions: [Session] = []
        sessions.reserveCapacity(count)
        for shard in shards {
            shard.withLock { sessions.append(contentsOf: $0.values) }
        }
        return sessions
    }
}
