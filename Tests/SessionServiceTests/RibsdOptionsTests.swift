import Foundation
import HTTPServer
import SQLiteStore
import Testing

@testable import SessionService

@Suite("RibsdOptions.parse")
struct RibsdOptionsTests {
    @Test("defaults are the contract's")
    func defaults() throws {
        let options = try RibsdOptions.parse([], environment: [:])
        #expect(options.server.host == "127.0.0.1")
        #expect(options.server.port == 8080)
        #expect(options.server.maxBodySize == 65536)
        #expect(options.server.maxStreams == 512)
        #expect(options.server.streamLifetime == nil)
        #expect(options.server.perIPConnectionLimit == 64)
        #expect(options.service.maxSessions == 100_000)
        #expect(options.service.sessionTTL == 1800)
        #expect(options.service.maxEventsPerSession == 100_000)
        #expect(options.service.maxHeldBytes == 4 << 30)
        #expect(options.server.threads == max(ProcessInfo.processInfo.activeProcessorCount, RibsdOptions.durableStoreThreads))
        #expect(options.logLevel == .info)
        #expect(options.logBuffer == 1 << 20)
        #expect(!options.showHelp && !options.showVersion)
    }

    @Test("every flag, in both spellings")
    func flags() throws {
        let options = try RibsdOptions.parse(
            [
                "--host", "0.0.0.0", "--port", "0", "--threads", "3", "--max-sessions", "5", "--session-ttl", "7", "--max-body", "1024",
                "--max-events", "9", "--log-level", "warn", "--log-buffer", "4096", "--max-streams", "3", "--max-held-bytes", "11",
                "--max-connections-per-address", "1024", "--max-stream-seconds", "60",
            ],
            environment: [:])
        #expect(options.server.host == "0.0.0.0")
        #expect(options.server.port == 0)
        #expect(options.server.threads == 3)
        #expect(options.service.maxSessions == 5)
        #expect(options.service.sessionTTL == 7)
        #expect(options.service.maxEventsPerSession == 9)
        #expect(options.service.maxHeldBytes == 11)
        #expect(options.server.maxBodySize == 1024)
        #expect(options.logLevel == .warn)
        #expect(options.logBuffer == 4096)
        #expect(options.server.maxStreams == 3)
        #expect(options.server.perIPConnectionLimit == 1024)
        #expect(options.server.streamLifetime == .seconds(60))

        let equals = try RibsdOptions.parse(["--port=9090", "--max-body=10", "--host=localhost"], environment: [:])
        #expect(equals.server.port == 9090)
        #expect(equals.server.maxBodySize == 10)
        #expect(equals.server.host == "localhost")

        #expect(try RibsdOptions.parse(["--help"], environment: [:]).showHelp)
        #expect(try RibsdOptions.parse(["--version"], environment: [:]).showVersion)
    }

    @Test("the environment is the fallback")
    func environment() throws {
        let options = try RibsdOptions.parse(
            [],
            environment: [
                "RIBSD_HOST": "0.0.0.0", "RIBSD_PORT": "9000", "RIBSD_THREADS": "2", "RIBSD_MAX_SESSIONS": "50",
                "RIBSD_SESSION_TTL": "30", "RIBSD_MAX_BODY": "2048", "RIBSD_MAX_EVENTS": "40", "RIBSD_LOG_LEVEL": "off",
                "RIBSD_LOG_BUFFER": "65536", "RIBSD_MAX_STREAMS": "8", "RIBSD_MAX_HELD_BYTES": "12345",
                "RIBSD_MAX_CONNECTIONS_PER_ADDRESS": "1", "UNRELATED": "x",
            ])
        #expect(options.server.host == "0.0.0.0")
        #expect(options.server.port == 9000)
        #expect(options.server.threads == 2)
        #expect(options.service.maxSessions == 50)
        #expect(options.service.sessionTTL == 30)
        #expect(options.service.maxEventsPerSession == 40)
        #expect(options.service.maxHeldBytes == 12345)
        #expect(options.server.maxBodySize == 2048)
        #expect(options.logLevel == .off)
        #expect(options.logBuffer == 65536)
        #expect(options.server.maxStreams == 8)
        #expect(options.server.perIPConnectionLimit == 1)
    }

    @Test("a flag wins over the environment")
    func flagWins() throws {
        let environment = ["RIBSD_PORT": "9000", "RIBSD_MAX_SESSIONS": "50", "RIBSD_SESSION_TTL": "30"]
        let options = try RibsdOptions.parse(["--port", "9001", "--session-ttl=31"], environment: environment)
        #expect(options.server.port == 9001)
        #expect(options.service.sessionTTL == 31)
        #expect(options.service.maxSessions == 50)
        // A bad environment value a flag overrides is never read.
        #expect(try RibsdOptions.parse(["--port", "1"], environment: ["RIBSD_PORT": "nope"]).server.port == 1)
    }

    @Test("--help lists every flag, its variable and its meaning in columns at least two spaces apart")
    func usage() throws {
        let lines = RibsdOptions.usage.split(separator: "\n").map(String.init)
        for entry in RibsdOptions.flags {
            let line = try #require(lines.first { $0.hasPrefix("  \(entry.flag) ") }, "\(entry.flag) is not listed")
            let columns = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(columns == [entry.flag, entry.environment, entry.meaning], "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("  --help, -h ") } && lines.contains { $0.hasPrefix("  --version ") })
    }

    @Test("--help gives each flag's default as parsing with no flag sets it")
    func usageDefaults() throws {
        let parsed = try RibsdOptions.parse([], environment: [:])
        let actual: [String: String] = [
            "--host": parsed.server.host, "--port": "\(parsed.server.port)",
            "--threads": "number of cores, at least \(RibsdOptions.durableStoreThreads) with sqlite or redis",
            "--max-sessions": "\(parsed.service.maxSessions)", "--session-ttl": "\(parsed.service.sessionTTL)",
            "--max-events": "\(parsed.service.maxEventsPerSession)", "--max-held-bytes": "\(parsed.service.maxHeldBytes)",
            "--max-body": "\(parsed.server.maxBodySize)", "--max-streams": "\(parsed.server.maxStreams)",
            "--max-connections-per-address": "\(parsed.server.perIPConnectionLimit)",
            "--log-level": parsed.logLevel.name, "--log-buffer": "\(parsed.logBuffer)",
            "--store": parsed.store.engine.rawValue, "--data-dir": parsed.store.dataDirectory, "--sync": parsed.store.sync.rawValue,
            "--max-store-bytes": parsed.store.maxBytes.map(String.init) ?? "the disk's room",
            "--max-batch": "\(parsed.service.maxBatchEvents)",
            "--max-stream-seconds": parsed.server.streamLifetime.map { "\($0)" } ?? "no limit",
            "--apps": parsed.appsDirectory ?? "none",
        ]
        #expect(Set(actual.keys) == Set(RibsdOptions.flags.map(\.flag)))
        for entry in RibsdOptions.flags {
            let given = try #require(entry.meaning.range(of: "(default", options: .backwards), "\(entry.flag) gives no default")
            let text = entry.meaning[given.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " :)"))
            #expect(text == actual[entry.flag], "\(entry.flag)")
        }
        #expect(parsed.server.threads == max(ProcessInfo.processInfo.activeProcessorCount, RibsdOptions.durableStoreThreads))
    }

    @Test("--threads: one per core in memory; at least 32 with a store whose commits requests wait for; a given number wins")
    func threadsByStore() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(try RibsdOptions.parse(["--store", "memory"], environment: [:]).server.threads == cores)
        #expect(try RibsdOptions.parse(["--store", "sqlite"], environment: [:]).server.threads == max(cores, 32))
        #expect(try RibsdOptions.parse(["--store", "redis://127.0.0.1:6379"], environment: [:]).server.threads == max(cores, 32))
        #expect(try RibsdOptions.parse(["--threads", "3"], environment: [:]).server.threads == 3)
        #expect(try RibsdOptions.parse([], environment: ["RIBSD_THREADS": "5"]).server.threads == 5)
    }

    @Test("a flag followed by another flag has no value: that is the error, not the next flag's value")
    func flagWithoutValue() {
        for arguments in [["--port", "--max-body", "5"], ["--host", "--max-streams=3"], ["--max-events", "--port=1"]] {
            let error = #expect(throws: RibsdOptions.ParseError.self) { try RibsdOptions.parse(arguments, environment: [:]) }
            #expect(error?.description == "\(arguments[0]) needs a value")
        }
    }

    @Test(
        "bad flags and values are a ParseError with one clear line",
        arguments: [
            ["--port", "70000"], ["--port", "-1"], ["--port", "abc"], ["--port", ""], ["--threads", "0"], ["--threads", "x"],
            ["--max-sessions", "0"], ["--session-ttl", "-5"], ["--session-ttl", "1.5"], ["--max-body", "0"],
            ["--max-events", "0"], ["--max-events", "1e6"], ["--log-level", "loud"], ["--log-buffer", "0"], ["--log-buffer", "4095"],
            ["--log-buffer", "2000000000"], ["--log-buffer", "1MiB"], ["--max-streams", "0"], ["--max-streams", "-1"],
            ["--max-streams", "1024"],
            ["--max-connections-per-address", "0"], ["--max-connections-per-address", "1025"],
            ["--max-body", "999999999999"], ["--max-held-bytes", "0"], ["--max-held-bytes", "4GiB"],
            ["--max-held-bytes", "2000000000000000"],
            ["--host", ""], ["--bogus"], ["--port"], ["--max-body="], ["8080"],
            ["--store", "disk"], ["--store", ""], ["--data-dir", ""], ["--sync", "always"], ["--max-store-bytes", "1000"],
            ["--max-store-bytes", "1GiB"], ["--max-batch", "0"], ["--max-batch", "10001"],
        ])
    func badFlags(arguments: [String]) {
        do {
            let options = try RibsdOptions.parse(arguments, environment: [:])
            Issue.record("\(arguments) parsed as \(options)")
        } catch {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("bad environment values are a ParseError too, naming the variable rather than a flag nobody passed")
    func badEnvironment() {
        for environment in [
            ["RIBSD_PORT": "abc"], ["RIBSD_MAX_SESSIONS": "0"], ["RIBSD_MAX_BODY": "-1"],
            ["RIBSD_THREADS": "many"], ["RIBSD_LOG_BUFFER": "0"], ["RIBSD_LOG_LEVEL": "loud"],
        ] {
            let variable = environment.keys.first!
            do {
                let options = try RibsdOptions.parse([], environment: environment)
                Issue.record("\(environment) parsed as \(options)")
            } catch {
                #expect(error.description.hasPrefix("\(variable) must "), "\(environment): \(error.description)")
            }
        }
        // The same value from the flag names the flag.
        let fromFlag = #expect(throws: RibsdOptions.ParseError.self) {
            try RibsdOptions.parse(["--port", "abc"], environment: ["RIBSD_PORT": "1"])
        }
        #expect(fromFlag?.description == "--port must be 0 to 65535, not abc")
    }

    @Test("an empty environment variable counts as unset: every setting keeps its default")
    func emptyEnvironment() throws {
        let environment = Dictionary(uniqueKeysWithValues: RibsdOptions.flags.map { ($0.environment, "") })
        #expect(try RibsdOptions.parse([], environment: environment) == RibsdOptions())
        // An empty value given as a flag is still a mistake.
        #expect(throws: RibsdOptions.ParseError(description: "--host must not be empty")) {
            try RibsdOptions.parse(["--host="], environment: [:])
        }
    }

    @Test("--help, -h and --version answer whatever else is wrong: a bad variable, a bad flag, an unknown one")
    func helpDespiteBadValues() throws {
        for arguments in [["--help"], ["-h"], ["--port", "abc", "--help"], ["--bogus", "-h"], ["--version", "--threads=0"]] {
            let options = try RibsdOptions.parse(arguments, environment: ["RIBSD_PORT": "abc", "RIBSD_LOG_LEVEL": "loud"])
            var expected = RibsdOptions()
            expected.showHelp = arguments.contains("--help") || arguments.contains("-h")
            expected.showVersion = arguments.contains("--version")
            #expect(options == expected, "\(arguments)")
        }
    }
}
