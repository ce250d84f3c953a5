import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `ribsd` on an SQLite store: crashes, restarts, full disks, files it must refuse. One test at a time:
/// several load the machine, kill processes or mount file systems.
@Suite(.serialized) struct DurabilityTests {}

// MARK: - Folders

/// A folder of the test's own under the temporary directory; `cleanUp` (deferred by the test, so the folder
/// outlives every server in it) unmounts what the test mounted there and removes it all.
final class Scratch {
    let path: String
    private var mounts: [String] = []

    init(_ label: String) throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("ribsd-durability-\(label)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { cleanUp() }

    func cleanUp() {
        for mount in mounts.reversed() { runProgram("/bin/umount", ["-l", mount]) }
        mounts = []
        try? FileManager.default.removeItem(atPath: path)
    }

    func sub(_ name: String) -> String { path + "/" + name }

    /// Mounts a tmpfs with `options` on the folder `name` (made here); false where mounting is not permitted
    /// (not root, or no CAP_SYS_ADMIN in a container).
    func mountTmpfs(_ name: String, options: String) -> Bool {
        let target = sub(name)
        try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        guard getuid() == 0, runProgram("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", target]).status == 0 else {
            return false
        }
        mounts.append(target)
        return true
    }
}

/// Runs a program to its end (killed after `timeout` seconds): its exit status and its stdout and stderr together.
@discardableResult
func runProgram(_ path: String, _ arguments: [String], timeout: Double = 60) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return (-1, "\(error)") }
    let pid = process.processIdentifier
    // A hung helper must not hang the test.
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { kill(pid, SIGKILL) }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

/// Runs a Python 3 script (its `sqlite3` module crafts and tampers with database files).
@discardableResult
func python(_ script: String, _ arguments: [String] = []) -> (status: Int32, output: String) {
    runProgram("/usr/bin/env", ["python3", "-c", script] + arguments)
}

/// Whether `python3` with its `sqlite3` module is there; prints why a test does less without it.
func pythonAvailable(for test: String) -> Bool {
    if python("import sqlite3").status == 0 { return true }
    print("note: \(test) skipped: python3 with its sqlite3 module is not available")
    return false
}

func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

// MARK: - A ribsd on an SQLite store

/// A running `ribsd --store sqlite --data-dir DIR`, and a keep-alive client to it.
final class StoreServer {
    let ribsd: RibsdProcess
    let port: UInt16
    let client: HTTPClient

    init(dataDir: String, _ extra: [String] = []) throws {
        (ribsd, port, _) = try RibsdProcess.listening(["--store", "sqlite", "--data-dir", dataDir] + extra)
        client = HTTPClient(port: port)
    }

    /// The JSON log lines on stderr, in order.
    var logLines: [[String: Any]] {
        ribsd.stderr.split(separator: "\n").compactMap { ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]) }
    }

    /// The first log line whose `msg` is `message`, waiting up to `timeout` seconds for it (lines reach stderr
    /// through a buffer, a moment after the fact).
    func logLine(_ message: String, timeout: Double = 5) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let line = logLines.first(where: { $0["msg"] as? String == message }) { return line }
            if Date() > deadline { return nil }
            usleep(20_000)
        }
    }

    /// The start line's `sessions`: how many sessions it found in its store.
    var restored: Int? {
        guard let value = logLine("started")?["sessions"] else { return nil }
        return (value as? String).flatMap { Int($0) } ?? (value as? Int)
    }

    /// SIGTERM and the exit.
    @discardableResult
    func stop() -> (status: Int32, exited: Bool)? {
        ribsd.signal(SIGTERM)
        return ribsd.wait(timeout: 30)
    }

    /// SIGKILL: no chance to write anything more.
    func crash() {
        ribsd.signal(SIGKILL)
        _ = ribsd.wait(timeout: 30)
    }

    func get(_ target: String) throws -> HTTPResult {
        try client.request("GET", target)
    }

    /// Creates a session of `app`; its id and the answer.
    func create(_ app: String) throws -> (id: String, answer: HTTPResult) {
        let answer = try client.request("POST", "/v1/sessions", body: Array("{\"app\":\"\(app)\"}".utf8), headers: jsonHeader)
        guard answer.status == 201, let id = answer.json?["session"] as? String else {
            throw ClientError("create \(app): \(answer.status) \(answer.text.prefix(300))")
        }
        return (id, answer)
    }

    func event(_ id: String, _ event: String, key: String? = nil) throws -> HTTPResult {
        try client.request(
            "POST", "/v1/sessions/\(id)/events", body: Array(event.utf8),
            headers: jsonHeader + (key.map { [("Idempotency-Key", $0)] } ?? []))
    }

    func delete(_ id: String) throws -> HTTPResult {
        try client.request("DELETE", "/v1/sessions/\(id)")
    }

    /// A value of `/metrics`, by its whole series name.
    func metric(_ series: String) throws -> Double? {
        let text = try get("/metrics").text
        return text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.dropFirst(series.count + 1)) }
    }
}

let jsonHeader = [("Content-Type", "application/json")]

/// The entries of a `/history` answer.
func historyEntries(_ answer: HTTPResult) -> [NSDictionary] {
    (answer.json?["events"] as? [NSDictionary]) ?? []
}

/// Checks a problem answer: status, `code`, and the problem media type.
func expectProblem(
    _ answer: HTTPResult, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(answer.status == status, "\(answer.status) \(answer.text.prefix(300))", sourceLocation: sourceLocation)
    #expect(answer.json?["code"] as? String == code, "\(answer.text.prefix(300))", sourceLocation: sourceLocation)
    #expect(answer.header("Content-Type")?.hasPrefix("application/problem+json") == true, sourceLocation: sourceLocation)
}

// MARK: - A ribsd that must refuse its store

/// What a ribsd that refused to start left: its exit, its stderr lines, its stdout.
struct Refusal {
    let exit: (status: Int32, exited: Bool)?
    let lines: [Substring]
    let stdout: String

    /// Starts ribsd on `dataDir` and waits for it to give up.
    init(dataDir: String, _ extra: [String] = []) throws {
        let ribsd = try RibsdProcess(["--port", "0", "--store", "sqlite", "--data-dir", dataDir] + extra)
        exit = ribsd.wait(timeout: 30)
        lines = ribsd.stderr.split(separator: "\n")
        stdout = ribsd.remainingStdout()
    }

    /// Exit 2, nothing on stdout, one stderr line `ribsd: session store: ...` that contains `phrase`.
    func expect(_ phrase: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            exit?.exited == true && exit?.status == 2, "exit: \(String(describing: exit)); stderr: \(lines)", sourceLocation: sourceLocation
        )
        #expect(lines.count == 1, "stderr: \(lines)", sourceLocation: sourceLocation)
        #expect(lines.first?.hasPrefix("ribsd: session store: ") == true, "stderr: \(lines)", sourceLocation: sourceLocation)
        #expect(lines.first?.contains(phrase) == true, "wanted \(phrase.debugDescription) in \(lines)", sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, "stdout: \(stdout)", sourceLocation: sourceLocation)
    }
}
