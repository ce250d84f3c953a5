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

    /// Runs the server for `registry` until SIGINT or SIGTERM, reloading the `--apps` folder on SIGHUP; exits the
    /// process (0 on a clean stop, 2 on bad flags or a port in use).
    /// Call it before starting threads of your own: those would not inherit the blocked signals.
    public static func main(registry: AppRegistry, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        // SIGINT, SIGTERM and SIGHUP blocked first, in this thread and so in every thread started from here on,
        // and taken by this thread when it waits for them (`sigwait`, at the end): one that comes early (a
        // supervisor stopping the server the moment it is announced) stays pending until then. With handlers
        // installed after start-up it ended the process by its default action, or was lost and the server ran
        // on. No handler runs at all: a reload is done by this thread, between two waits.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
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

        let builtIn = registry
        let folder = options.appsDirectory.map { AppsFolder(path: $0) }
        let (hosted, definitions) = AppsFolder.hosting(folder.map { declaredApps(in: $0, beside: builtIn) } ?? [], beside: builtIn)
        let records = openStore(options.store, threads: options.server.threads, sessionTTL: options.service.sessionTTL)
        let logger = RequestLogger(level: options.logLevel, bufferBytes: options.logBuffer)
        // Stored definitions load without --apps too: a session outlives its app's file.
        let sources = AppSources(definitions: definitions, load: AppsFolder.storedDefinitionLoader(logger: logger))
        let service = SessionService(registry: hosted, configuration: options.service, records: records, sources: sources)
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
                ("address", address), ("version", version), ("apps", hosted.apps.map(\.id).joined(separator: ",")),
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

        // This thread waits for the signals (nothing in the server uses the main queue, so it need not run
        // `dispatchMain`, which unblocks signals here): a SIGHUP reloads the apps and it waits again; a stop
        // ends the wait. One stop, whatever comes after: a second signal during the drain (SIGINT after SIGTERM,
        // or a second Ctrl-C) stays blocked and pending, and must not tear the sessions down under requests
        // still in flight.
        var received: Int32 = 0
        while true {
            while sigwait(&signals, &received) != 0 {}
            guard received == SIGHUP else { break }
            reloadApps(from: folder, beside: builtIn, into: service, logger: logger)
        }
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

    /// The apps declared in `folder`'s files: every file checked first, and one problem anywhere ends the
    /// process, each problem on a line (`file#/pointer: what`), nothing served.
    private static func declaredApps(in folder: AppsFolder, beside registry: AppRegistry) -> [DeclaredApp] {
        do {
            return try folder.load(takenIDs: Set(registry.apps.map(\.id)))
        } catch {
            switch error {
            case let .unreadable(message):
                fail(message)
            case let .refused(error):
                fail(
                    "--apps: \(error.problems.count) problem(s), nothing served:\n"
                        + error.problems.map(\.description).joined(separator: "\n"))
            }
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
