import Foundation
import HTTPServer
import RedisStore
import SQLiteStore
import SessionStorage

/// The executable's flags, read from the command line with the environment as fallback (a flag wins).
public struct RibsdOptions: Sendable, Equatable {
    /// The HTTP server's settings (with the default store's thread count).
    public var server = ServerConfiguration(threads: defaultThreads(for: StoreOptions().engine))
    /// The session service's limits.
    public var service = ServiceConfiguration()
    /// Where sessions are kept.
    public var store = StoreOptions()
    /// What the log shows.
    public var logLevel = RequestLogger.Level.info
    /// Bytes of log lines held while stderr is slow.
    public var logBuffer = RequestLogger.defaultBufferBytes
    /// A folder of apps declared as JSON (`--apps`), served beside the built-in ones.
    public var appsDirectory: String?
    /// `--help` was given.
    public var showHelp = false
    /// `--version` was given.
    public var showVersion = false

    /// The fewest worker threads by default with a durable store. A change waits for its commit on its worker
    /// thread, so the threads bound how many records one commit can group: with one per core, one or two.
    public static let durableStoreThreads = 32

    /// The worker threads without `--threads`: one per core, and at least `durableStoreThreads` with a durable store.
    public static func defaultThreads(for engine: StoreOptions.Engine) -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return engine == .memory ? cores : max(cores, durableStoreThreads)
    }

    /// A bad flag or value: one clear line for stderr.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// The flags, their environment variables and defaults (for `--help`), the defaults read from the settings
    /// themselves so the help cannot fall behind them.
    public static let flags: [(flag: String, environment: String, meaning: String)] = {
        let server = ServerConfiguration(), service = ServiceConfiguration(), store = StoreOptions()
        return [
            (
                "--store", "RIBSD_STORE",
                "where sessions are kept: sqlite (in --data-dir, surviving restarts), memory, or redis://HOST[:PORT][/DB] (shared by many instances) (default \(store.engine.rawValue))"
            ),
            (
                "--data-dir", "RIBSD_DATA_DIR",
                "folder of the sqlite store, made if only it is missing; one ribsd at a time (default \(store.dataDirectory))"
            ),
            (
                "--sync", "RIBSD_SYNC",
                "normal (a change survives a crash of ribsd) or full (also a power loss) (default \(store.sync.rawValue))"
            ),
            (
                "--max-store-bytes", "RIBSD_MAX_STORE_BYTES",
                "most bytes the sqlite store may hold; past it changes answer 503 (default: the disk's room)"
            ),
            ("--host", "RIBSD_HOST", "IPv4 address to bind, or localhost (default \(server.host))"),
            ("--port", "RIBSD_PORT", "port to bind, 0 for any free port (default \(server.port))"),
            (
                "--threads", "RIBSD_THREADS",
                "HTTP worker threads (default: number of cores, at least \(durableStoreThreads) with sqlite or redis)"
            ),
            ("--max-sessions", "RIBSD_MAX_SESSIONS", "most sessions held at once (default \(service.maxSessions))"),
            ("--session-ttl", "RIBSD_SESSION_TTL", "seconds a session may stay idle (default \(service.sessionTTL))"),
            ("--max-events", "RIBSD_MAX_EVENTS", "most events one session applies (default \(service.maxEventsPerSession))"),
            ("--max-batch", "RIBSD_MAX_BATCH", "most events one request applies at once, all or none (default \(service.maxBatchEvents))"),
            (
                "--apps", "RIBSD_APPS",
                "a folder of apps declared as JSON (*.json, docs/APPS-AS-DATA.md) to serve beside the built-in ones, loaded again on SIGHUP (default: none)"
            ),
            (
                "--max-held-bytes", "RIBSD_MAX_HELD_BYTES",
                "about the most bytes all sessions hold in histories, remembered answers and history documents (default \(service.maxHeldBytes))"
            ),
            ("--max-body", "RIBSD_MAX_BODY", "largest request body in bytes (default \(server.maxBodySize))"),
            (
                "--max-streams", "RIBSD_MAX_STREAMS",
                "most event streams open at once, at most 1023: each holds one of the 1024 connections (default \(server.maxStreams))"
            ),
            (
                "--max-stream-seconds", "RIBSD_MAX_STREAM_SECONDS",
                "how long an event stream stays open at most; its client reconnects and resumes by Last-Event-ID (default: no limit)"
            ),
            (
                "--max-connections-per-address", "RIBSD_MAX_CONNECTIONS_PER_ADDRESS",
                "most connections open from one client address, at most 1024; behind a proxy every client shares its address (default \(server.perIPConnectionLimit))"
            ),
            (
                "--log-level", "RIBSD_LOG_LEVEL",
                "debug, info (one line per request; debug shows the same for now), warn, error or off (default \(RequestLogger.Level.info.name))"
            ),
            (
                "--log-buffer", "RIBSD_LOG_BUFFER",
                "bytes of log lines held while stderr is slow, 4096 or more; beyond, lines are dropped and counted (default \(RequestLogger.defaultBufferBytes))"
            ),
        ]
    }()

    /// Parses `arguments` (without the program name) over `environment`.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(ParseError) -> RibsdOptions {
        var options = RibsdOptions()
        // Help and the version answer whatever else is given: a bad value elsewhere (often an environment
        // variable the caller did not think of) must not hide the text that explains it.
        options.showHelp = arguments.contains { $0 == "--help" || $0 == "-h" }
        options.showVersion = arguments.contains("--version")
        if options.showHelp || options.showVersion { return options }
        var values: [String: String] = [:]
        // Where each value came from, for the error that rejects it: the flag, or the environment variable.
        var sources: [String: String] = [:]
        for entry in flags {
            // Empty is unset: templates (compose files, unit files) often leave a variable defined but empty.
            if let value = environment[entry.environment], !value.isEmpty {
                values[entry.flag] = value
                sources[entry.flag] = entry.environment
            }
        }
        func source(_ flag: String) -> String { sources[flag] ?? flag }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard flags.contains(where: { $0.flag == name }) else { throw ParseError(description: "unknown option \(name); see --help") }
            if value == nil {
                // `--port --max-body 5` left out the port: the next flag is not its value (it would have been
                // read as one, and `5` then reported as an unknown option).
                guard index < arguments.count, !isFlag(arguments[index]) else {
                    throw ParseError(description: "\(name) needs a value")
                }
                value = arguments[index]
                index += 1
            }
            values[name] = value
            sources[name] = name
        }
        if let engine = values["--store"] {
            if engine.hasPrefix("redis://") {
                do {
                    _ = try RedisAddress(url: engine)
                } catch {
                    throw ParseError(description: "\(source("--store")): \(error.message)")
                }
                options.store.engine = .redis
                options.store.redisURL = engine
            } else {
                guard let parsed = StoreOptions.Engine(rawValue: engine), parsed != .redis else {
                    throw ParseError(description: "\(source("--store")) must be sqlite, memory or redis://HOST[:PORT][/DB], not \(engine)")
                }
                options.store.engine = parsed
            }
        }
        if let directory = values["--data-dir"] {
            guard !directory.isEmpty else { throw ParseError(description: "\(source("--data-dir")) must not be empty") }
            options.store.dataDirectory = directory
        }
        if let sync = values["--sync"] {
            guard let parsed = SQLiteSessionStore.Sync(rawValue: sync) else {
                throw ParseError(description: "\(source("--sync")) must be normal or full, not \(sync)")
            }
            options.store.sync = parsed
        }
        if let bytes = values["--max-store-bytes"] {
            options.store.maxBytes = try wholeNumber(bytes, source("--max-store-bytes"), from: 65536, to: 1 << 50)
        }
        if let host = values["--host"] {
            guard !host.isEmpty else { throw ParseError(description: "\(source("--host")) must not be empty") }
            options.server.host = host
        }
        if let port = values["--port"] {
            guard let number = UInt16(port) else { throw ParseError(description: "\(source("--port")) must be 0 to 65535, not \(port)") }
            options.server.port = number
        }
        if let threads = values["--threads"] {
            options.server.threads = try wholeNumber(threads, source("--threads"), to: 256)
        } else {
            options.server.threads = defaultThreads(for: options.store.engine)
        }
        if let limit = values["--max-sessions"] {
            options.service.maxSessions = try wholeNumber(limit, source("--max-sessions"), to: 100_000_000)
        }
        if let events = values["--max-events"] {
            options.service.maxEventsPerSession = try wholeNumber(events, source("--max-events"), to: 100_000_000)
        }
        if let apps = values["--apps"] {
            guard !apps.isEmpty else { throw ParseError(description: "\(source("--apps")) must not be empty") }
            options.appsDirectory = apps
        }
        if let batch = values["--max-batch"] {
            options.service.maxBatchEvents = try wholeNumber(batch, source("--max-batch"), to: 10_000)
        }
        if let bytes = values["--max-held-bytes"] {
            options.service.maxHeldBytes = try wholeNumber(bytes, source("--max-held-bytes"), to: 1 << 50)
        }
        if let ttl = values["--session-ttl"] { options.service.sessionTTL = try wholeNumber(ttl, source("--session-ttl"), to: 31_536_000) }
        if let body = values["--max-body"] {
            options.server.maxBodySize = try wholeNumber(body, source("--max-body"), to: 64 * 1024 * 1024)
        }
        // Streams hold connections, and at least one must stay free for the API itself.
        if let streams = values["--max-streams"] {
            options.server.maxStreams = try wholeNumber(streams, source("--max-streams"), to: options.server.connectionLimit - 1)
        }
        if let seconds = values["--max-stream-seconds"] {
            options.server.streamLifetime = .seconds(try wholeNumber(seconds, source("--max-stream-seconds"), to: 31_536_000))
        }
        if let connections = values["--max-connections-per-address"] {
            options.server.perIPConnectionLimit = try wholeNumber(
                connections, source("--max-connections-per-address"), to: options.server.connectionLimit)
        }
        if let level = values["--log-level"] {
            guard let parsed = RequestLogger.Level(name: level) else {
                throw ParseError(description: "\(source("--log-level")) must be one of debug, info, warn, error, off, not \(level)")
            }
            options.logLevel = parsed
        }
        // Below 4 KiB a single burst of request lines would already be dropped.
        if let bytes = values["--log-buffer"] {
            options.logBuffer = try wholeNumber(bytes, source("--log-buffer"), from: 4096, to: 1 << 30)
        }
        return options
    }

    /// The `--help` text.
    public static var usage: String {
        var text =
            "usage: ribsd [options]\n\nServes headless RIBs navigation sessions over HTTP.\n\n"
            + "options (each also read from its environment variable, where empty counts as unset; a flag wins):\n"
        // Columns as wide as their longest entry and two spaces (a fixed width ran the longest names together).
        let flagWidth = flags.map(\.flag.count).max()! + 2
        let environmentWidth = flags.map(\.environment.count).max()! + 2
        func line(_ flag: String, _ environment: String, _ meaning: String) -> String {
            "  " + flag.padding(toLength: flagWidth, withPad: " ", startingAt: 0)
                + environment.padding(toLength: environmentWidth, withPad: " ", startingAt: 0) + meaning + "\n"
        }
        for entry in flags { text += line(entry.flag, entry.environment, entry.meaning) }
        text += line("--help, -h", "", "this text") + line("--version", "", "the version")
        return text
    }

    /// Whether `argument` is one of the flags (with or without `=value`), `--help` or `--version`.
    private static func isFlag(_ argument: String) -> Bool {
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        return ["--help", "-h", "--version"].contains(name) || flags.contains { $0.flag == name }
    }

    /// `text` as a whole number from `min` to `max`, or an error that names `flag` (or the variable) and the range.
    private static func wholeNumber(_ text: String, _ flag: String, from min: Int = 1, to max: Int) throws(ParseError) -> Int {
        guard let value = Int(text), value >= min, value <= max else {
            throw ParseError(description: "\(flag) must be a whole number from \(min) to \(max), not \(text)")
        }
        return value
    }
}
