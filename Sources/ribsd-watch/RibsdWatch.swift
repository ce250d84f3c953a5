import Foundation
import RibsdClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ribsd-watch <url> [session]`: a terminal remote UI for a ribsd session (WatchArguments.usage).
@main
enum RibsdWatch {
    static func main() async {
        let arguments: WatchArguments
        switch WatchArguments.parse(Array(CommandLine.arguments.dropFirst())) {
        case .success(let parsed):
            arguments = parsed
        case .failure(let error):
            FileHandle.standardError.write(Data(((error.message.map { "ribsd-watch: \($0)\n" } ?? "") + WatchArguments.usage + "\n").utf8))
            exit(error.message == nil ? 0 : 2)
        }
        let client = RibsdClient(baseURL: arguments.server)
        let apps: [AppInfo]
        do {
            apps = try await client.apps()
        } catch {
            fail("cannot read \(arguments.server)/v1/apps: \(error)", status: 1)
        }
        guard let terminal = RawTerminal() else { fail("stdin and stdout must be a terminal", status: 2) }
        let session = await run(arguments, apps: apps, client: client, terminal: terminal)
        terminal.restore()
        if let session {
            print("ribsd-watch: session \(session) (watch it again: ribsd-watch \(arguments.server) \(session))")
        }
        exit(0)
    }

    /// The loop: inputs to the model, its commands carried out, the screen redrawn after each. Answers the
    /// session watched when the user quits.
    private static func run(_ arguments: WatchArguments, apps: [AppInfo], client: RibsdClient, terminal: RawTerminal) async -> String? {
        let (inputs, continuation) = AsyncStream.makeStream(of: WatchInput.self)
        TerminalInputs.readKeys(into: continuation)
        let signals = TerminalInputs.watchSignals(into: continuation)
        defer { signals.forEach { $0.cancel() } }
        var model = WatchModel(
            server: arguments.server.absoluteString, apps: apps, loginName: arguments.loginName,
            phase: arguments.session == nil ? .choosingApp : .watching)
        var pending: [WatchCommand] = []
        if let session = arguments.session {
            pending.append(.watch(session: session))
        } else if let app = arguments.app {
            pending = model.start(app: app)
        }
        var streamTask: Task<Void, Never>?
        defer { streamTask?.cancel() }
        terminal.draw(WatchScreen.lines(model))
        var iterator = inputs.makeAsyncIterator()
        while true {
            for command in pending {
                switch command {
                case .quit:
                    return model.state?.session ?? arguments.session
                case .create(let app):
                    perform("create \(app)", into: continuation) { () async throws(RibsdError) in try await client.createSession(app: app) }
                case .watch(let session):
                    streamTask?.cancel()
                    streamTask = watch(session, client: client, into: continuation)
                case .send(let event, let version):
                    guard let session = model.state?.session else { continue }
                    perform(EventChoices.label(event), into: continuation) { () async throws(RibsdError) in
                        try await client.send(event, to: session, ifMatch: version)
                    }
                }
            }
            guard let input = await iterator.next() else { return model.state?.session }
            pending = model.handle(input)
            terminal.draw(WatchScreen.lines(model))
        }
    }

    /// Runs a request off the loop; its answer or failure comes back as an input.
    private static func perform(
        _ summary: String, into inputs: AsyncStream<WatchInput>.Continuation,
        _ request: @escaping @Sendable () async throws(RibsdError) -> SessionState
    ) {
        Task {
            do throws(RibsdError) {
                inputs.yield(.sent(summary: summary, try await request()))
            } catch {
                inputs.yield(.failed(summary: summary, error))
            }
        }
    }

    /// Follows the session's stream; its states, and its end, come back as inputs.
    private static func watch(
        _ session: String, client: RibsdClient, into inputs: AsyncStream<WatchInput>.Continuation
    ) -> Task<Void, Never> {
        Task {
            do {
                for try await state in client.stream(session) { inputs.yield(.state(state)) }
                if !Task.isCancelled { inputs.yield(.streamEnded(reason: "the session was deleted or expired")) }
            } catch {
                if !Task.isCancelled { inputs.yield(.streamEnded(reason: "\(error)")) }
            }
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("ribsd-watch: \(message)\n".utf8))
        exit(status)
    }
}
