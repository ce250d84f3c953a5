import AppHosting
import DeclaredApps
import Dispatch
import Foundation
import HTTPServer
import RedisStore
import SQLiteStore
import SessionStorage
import Synchronization

/// The executable's whole life: parse flags, serve, stop on SIGINT/SIGTERM. A user's package can call it with its own apps.
public enum Ribsd {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs the server for `registry` until SIGINT or SIGTERM; exits the process (0 on a clean stop, 2 on bad flags or a port in use).
    /// Call it before starting threads of your own: those would not inherit the blocked stop signals.
    public static func main(registry: AppRegistry, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        // SIGINT and SIGTERM blocked first, in this thread and so in every thread started from here on, and taken
        // by this thread when it waits for them (`sigwait`, at the end): one that comes early (a supervisor
        // stopping the server the moment it is announced) stays pending until then. With handlers installed
        // after start-up it ended the process by its default action, or was lost and the server ran on.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for signalNumber in [SIGINT, SIGTERM] { sigaddset(&stopSignals, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
        // Started with stdin, stdout or stderr closed (`2>&-`), the next descriptor opened would take its number:
        // the listening socket or one of MHD's, and log lines would be written into it. /dev/null holds the place.
        for standard in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(standard, F_GETFD) == -1 {
            _ = open("/dev/null", O_RDWR)
        }
        // A log pipe whose reader went away must cost log lines, not the process: a write to it then fails
        // with EPIPE instead of raising SIGPIPE, whose default is to end the process. (MHD already sends
        // with MSG_NOSIGNAL, so clients that hang up never raised it.)
        signal(SIGPIPE, SIG_IGN)
        let options: RibsdOptions
        do {
            options = try RibsdOptions.parse(arguments, environment: ProcessInfo.processInfo.environment)
        } catch {
            fail(error.description)
        }
        if options.showHelp {
            write(RibsdOptions.usage, to: .standardOutput)
            exit(0)
        }
        if options.showVersion {
            write("ribsd \(version)\n", to: .standardOutput)
            exit(0)
        }

        let registry = options.appsDirectory.map { declaredApps(in: $0, beside: registry) } ?? registry
        let records = openStore(options.store, threads: options.server.threads, sessionTTL: options.service.sessionTTL)
        let logger = RequestLogger(level: options.logLevel, bufferBytes: options.logBuffer)
        let service = SessionService(registry: registry, configuration: options.service, records: records)
        let restored: Int
        do {
            restored = try service.restoreSessions()
        } catch {
            fail("session store: \(error.message)")
        }
        let router = HTTPRouter()
        service.addRoutes(to: router)
        // Until the server is up, a failure to start is reported once, by `fail`, not also by MHD's log.
        let isListening = Atomic<Bool>(false)
        let server = HTTPServer(configuration: options.server, router: router) { level, message in
            guard isListening.load(ordering: .relaxed) else { return }
            switch level {
            case .notice:
                // Mostly a client's doing (a malformed request, a connection dropped mid-request) that the server
                // answered or shrugged off: worth a look, not an error of the server's.
                logger.message(.warn, "http", fields: [("detail", message)])
            case .error:
                logger.message(.error, "server error", fields: [("error", message)])
            }
        }
        service.instrument(server, logger: logger)
        do {
            try server.start()
        } catch {
            fail(error.description)
        }
        isListening.store(true, ordering: .relaxed)
        let address = "http://\(options.server.host):\(server.port)"
        // Logged before the address is announced: a client that waits for the announcement finds its first
        // request's line after this one in the log.
        logger.message(
            .info, "started",
            fields: [
                ("address", address), ("version", version), ("apps", registry.apps.map(\.id).joined(separator: ",")),
                ("store", options.store.engine.rawValue), ("sessions", String(restored)),
            ],
            always: true)
        if server.connectionLimit < options.server.connectionLimit {
            logger.message(
                .warn, "open-file limit",
                fields: [
                    (
                        "detail",
                        "RLIMIT_NOFILE leaves room for \(server.connectionLimit) connections, not \(options.server.connectionLimit): raise it (ulimit -n) to serve more at once"
                    )
                ],
                always: true)
        }
        write("ribsd listening on \(address)\n", to: .standardOutput)

        let sweeper = DispatchSource.makeTimerSource(queue: .global())
        sweeper.schedule(deadline: .now() + 1, repeating: 1)
        sweeper.setEventHandler { service.maintain() }
        sweeper.resume()

        // This thread waits for the stop signal (nothing in the server uses the main queue, so it need not run
        // `dispatchMain`, which unblocks signals here). One stop, whatever comes after: a second signal during
        // the drain (SIGINT after SIGTERM, or a second Ctrl-C) stays blocked and pending, and must not tear the
        // sessions down under requests still in flight.
        var received: Int32 = 0
        while sigwait(&stopSignals, &received) != 0 {}
        // Stop accepting, let requests in flight finish, then tear the sessions down.
        logger.message(.info, "stopping", fields: [("signal", received == SIGINT ? "SIGINT" : "SIGTERM")], always: true)
        // Watchers hear why their stream ends; requests in flight still find their sessions.
        service.endStreams()
        server.stop()
        sweeper.cancel()
        service.closeAll()
        // What the store still has queued (last accesses, expired sessions' deletions) is written before the exit.
        records?.close()
        logger.message(.info, "stopped", always: true)
        // A log reader that is stuck gets two seconds, then the process ends without its last lines.
        logger.flush(timeout: 2)
        exit(0)
    }

    /// The durable store the options name (nil for memory); a folder or file that cannot be used ends the
    /// process with one line, the file untouched.
    private static func openStore(_ options: StoreOptions, threads: Int, sessionTTL: Int) -> (any SessionRecordStore)? {
        switch options.engine {
        case .memory:
            return nil
        case .sqlite:
            do {
                return try SQLiteSessionStore(directory: options.dataDirectory, sync: options.sync, maxBytes: options.maxBytes)
            } catch {
                fail("session store: \(error.message)")
            }
        case .redis:
            // Connects lazily: a Redis not yet up answers 503 (and /readyz) until it is, without a restart. Its TTL
            // outlasts the sessions' idle TTL: the store, not an instance, expires a shared session.
            do {
                return try RedisSessionStore(
                    url: options.redisURL ?? "", connections: max(threads, 2), timeout: .seconds(1),
                    ttl: .seconds(sessionTTL + 60))
            } catch {
                fail("session store: \(error.message)")
            }
        }
    }

    /// `registry` with the apps declared in `directory`'s `*.json` files (by name): every file checked first, and
    /// one problem anywhere ends the process, each problem on a line (`file#/pointer: what`), nothing served.
    private static func declaredApps(in directory: String, beside registry: AppRegistry) -> AppRegistry {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            fail("--apps \(directory): cannot read the folder (\(error.localizedDescription))")
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else { fail("--apps: cannot read \(path)") }
            files.append((path, Array(data)))
        }
        do {
            let apps = try DeclaredAppLoader.load(files: files, takenIDs: Set(registry.apps.map(\.id)))
            return apps.reduce(registry) { $0.registering($1.definition) }
        } catch {
            fail(
                "--apps: \(error.problems.count) problem(s), nothing served:\n" + error.problems.map(\.description).joined(separator: "\n"))
        }
    }

    private static func fail(_ message: String) -> Never {
        write("ribsd: \(message)\n", to: .standardError)
        exit(2)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        // The throwing form: the old `write(_:)` traps when the stream is closed (EPIPE).
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
