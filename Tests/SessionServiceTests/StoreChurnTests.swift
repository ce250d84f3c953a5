import Foundation
import Testing

/// Deleted sessions leave the database file: under churn it stays the size of what is alive (docs/OPERATIONS.md,
/// "Size under churn").
@Suite("the SQLite store's size under churn")
struct StoreChurnTests {
    /// The database and its WAL, in bytes.
    private static func size(_ directory: String) -> Int {
        ["sessions.sqlite3", "sessions.sqlite3-wal"].reduce(0) { total, name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)
            return total + ((attributes?[.size] as? Int) ?? 0)
        }
    }

    @Test("rounds of 250 sessions with 20 events each, made and deleted: the files do not grow round over round")
    func boundedUnderChurn() throws {
        try withDataDirectory { directory in
            var sizes: [Int] = []
            try withStoredServer(directory: directory) { client, _, _ in
                for _ in 0..<4 {
                    var ids: [String] = []
                    for _ in 0..<250 {
                        let id = try client.loggedInSession()
                        for _ in 0..<10 { try client.apply(id, #"{"type":"push","screen":"A"}"#, #"{"type":"pop"}"#) }
                        ids.append(id)
                    }
                    for id in ids { #expect(try client.delete(id).status == 204) }
                    // The writer hands free pages back once a second, when they are a quarter of the file.
                    Thread.sleep(forTimeInterval: 1.5)
                    sizes.append(Self.size(directory))
                }
            }
            // Each round writes as much as the first, into the room the last one freed: no round ends bigger than
            // the first round's end by more than a few pages.
            print("store size after each round: \(sizes)")
            let first = try #require(sizes.first)
            #expect(sizes.allSatisfy { $0 <= first + 64 * 1024 }, "sizes after each round: \(sizes)")
            // And a store with nothing alive left, closed (checkpointed), is small, not the churn's total.
            let closed = Self.size(directory)
            #expect(closed < 1 << 20, "closed with no session: \(closed) bytes (rounds: \(sizes))")
        }
    }
}
