import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program run in a pseudo-terminal of a fixed size, as a user at a terminal runs it: the test types into it
/// and reads the screen it writes.
final class PseudoTerminal {
    private let master: Int32
    private let process = Process()
    /// Everything the program wrote so far.
    private(set) var output: [UInt8] = []

    /// Starts `executable` with `arguments` on the terminal's far side, `columns` by `rows`.
    init(_ executable: URL, _ arguments: [String], columns: UInt16 = 120, rows: UInt16 = 40) throws {
        master = Self.openMaster()
        guard master >= 0, let name = Self.followerName(master) else {
            throw TestFailure("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let terminal = try FileHandle(forUpdating: URL(fileURLWithPath: name))
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        // The program holds its side now; the master sees the end of it once the program exits.
        try terminal.close()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        close(master)
    }

    /// Types `text`.
    func type(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Types `keys`, then waits for `text` among what the terminal writes after them.
    func type(_ keys: String, thenWaitFor text: String, timeout: Double = 60) -> Bool {
        let mark = output.count
        type(keys)
        return waitFor(text, after: mark, timeout: timeout)
    }

    /// Reads what the program writes until `text` has appeared after `offset` bytes of output (by default
    /// anywhere), or `timeout` seconds pass; whether it did. Generous, as it costs only a failing test: under
    /// ThreadSanitizer, beside the other suites, the program and its server wait their turn for the two cores.
    @discardableResult
    func waitFor(_ text: String, after offset: Int = 0, timeout: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if String(decoding: output[min(offset, output.count)...], as: UTF8.self).contains(text) { return true }
            guard deadline.timeIntervalSinceNow > 0, readSome(until: deadline) else { return false }
        }
    }

    /// The program's exit status, waiting up to `timeout` seconds (nil if it is still running).
    func exitStatus(timeout: Double = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && deadline.timeIntervalSinceNow > 0 {
            _ = readSome(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
        guard !process.isRunning else { return nil }
        while readSome(until: Date().addingTimeInterval(0.2)) {}
        return process.terminationStatus
    }

    var text: String { String(decoding: output, as: UTF8.self) }

    // posix_openpt, unlockpt and ptsname_r are X/Open and GNU functions that the Glibc module does not export
    // (its headers are read without _XOPEN_SOURCE): they are looked up in the C library by name.
    private typealias OpenFunction = @convention(c) (Int32) -> Int32
    private typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }

    /// A new pseudo-terminal's controlling side, unlocked; -1 when none can be had.
    private static func openMaster() -> Int32 {
        guard let open = function("posix_openpt", as: OpenFunction.self), let unlock = function("unlockpt", as: OpenFunction.self)
        else { return -1 }
        let master = open(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, unlock(master) == 0 else { return -1 }
        return master
    }

    /// The path of the side a program opens as its terminal.
    private static func followerName(_ master: Int32) -> String? {
        guard let name = function("ptsname_r", as: NameFunction.self) else { return nil }
        var buffer = [CChar](repeating: 0, count: 128)
        guard name(master, &buffer, buffer.count) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Appends what arrives before `deadline`; false when nothing more can come (or nothing came in time).
    private func readSome(until deadline: Date) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let wait = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
        guard poll(&descriptor, 1, wait) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        // EIO: the program's side is closed (it exited).
        guard count > 0 else { return false }
        output += chunk[0..<count]
        return true
    }
}
