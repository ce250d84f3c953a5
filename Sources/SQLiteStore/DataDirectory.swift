import Foundation
import SessionStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder that holds a server's database, claimed by one server at a time: two writers appending to one
/// session's log would each hand out the same versions.
final class DataDirectory: Sendable {
    let path: String
    /// The lock file's descriptor, held open (and so locked) for the life of the process.
    private let lockDescriptor: Int32

    /// The database file inside it.
    var databasePath: String { path + "/sessions.sqlite3" }

    /// Claims `path`, making the folder itself if only it is missing.
    init(_ path: String) throws(StoreError) {
        self.path = path
        var status = stat()
        if stat(path, &status) != 0 {
            guard mkdir(path, 0o750) == 0 else {
                throw StoreError(.unusable, "data dir \(path) is missing and cannot be made: \(Self.lastError())")
            }
        } else if status.st_mode & S_IFMT != S_IFDIR {
            throw StoreError(.unusable, "data dir \(path) is not a directory")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw StoreError(.unusable, "data dir \(path) is not writable: \(Self.lastError())")
        }
        let descriptor = open(path + "/ribsd.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else {
            throw StoreError(.unusable, "data dir \(path): cannot open ribsd.lock: \(Self.lastError())")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path + "/ribsd.lock", encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            close(descriptor)
            let who = holder.flatMap { $0.isEmpty ? nil : " (pid \($0))" } ?? ""
            throw StoreError(.unusable, "data dir \(path) is in use by another ribsd\(who)")
        }
        // The holder's pid, for the message a second server prints.
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        lockDescriptor = descriptor
    }

    deinit {
        close(lockDescriptor)
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
