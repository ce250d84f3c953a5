import Foundation
import SessionStorage
import StoreRecordFixtures
import Testing

@testable import SQLiteStore

/// A fresh folder under the system's temp dir, removed after `body`: each test its own data dir.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ribsd-store-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// Opens a store on `directory`, runs `body`, closes it; the store is released when this returns (its data dir's
/// lock with it), so the next open of the same folder is a restart.
func withStore<T>(_ directory: String, maxBytes: Int? = nil, _ body: (SQLiteSessionStore) throws -> T) throws -> T {
    let store = try openStore(directory, maxBytes: maxBytes)
    defer { store.close() }
    return try body(store)
}

/// Opens a store on `directory` (no retry: a store closed and released must have let the folder go).
func openStore(_ directory: String, maxBytes: Int? = nil) throws -> SQLiteSessionStore {
    try SQLiteSessionStore(directory: directory, maxBytes: maxBytes)
}

/// The database file a store in `directory` uses.
func databasePath(_ directory: String) -> String { directory + "/sessions.sqlite3" }

/// Runs SQL on a file with a connection of its own (not a store's): to make files of other shapes.
func runSQL(_ path: String, _ sql: String) throws {
    let database = try SQLiteDatabase(path: path, create: true)
    try database.execute(sql)
}

/// The file's bytes, to show that a refused open left it as it was.
func fileBytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Expects `body` to throw a store error of `kind` whose message holds `text`.
func expectStoreError(
    _ kind: StoreError.Kind, containing text: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("no error; expected \(kind) containing \"\(text)\"", sourceLocation: sourceLocation)
    } catch let error as StoreError {
        #expect(error.kind == kind, "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("not a StoreError: \(error)", sourceLocation: sourceLocation)
    }
}
