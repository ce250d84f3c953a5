import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hears the appends to subscribed sessions on a connection and a thread of its own (a subscribed connection
/// can do nothing else), and tells the observer `(session, version)`.
///
/// Pub/sub is at most once: a message sent while the connection is down is lost. So whenever a subscription
/// takes effect (first made, or remade after a reconnect) the session's version is read and told too, and the
/// observer hears each session's versions strictly increasing: every append's while connected, and after a
/// gap the version reached during it. The thread reconnects by itself, and a server that stops answering is
/// noticed by a PING unanswered within the timeout.
final class AppendSubscriber: Sendable {
    private struct Wanted {
        /// Each subscribed session, with the count at its subscription: a change means subscribe again.
        var sessions: [String: Int] = [:]
        var subscriptions = 0
        var handler: (@Sendable (String, Int) -> Void)?
        var stopping = false
    }

    /// The thread's link to the server: the connection and what was subscribed on it.
    private struct Link {
        let connection: RedisConnection
        var subscribed: [String: Int] = [:]
        var lastHeard: UInt64
        var pingSent: UInt64?
    }

    private let wanted = Lock(Wanted())
    private let pipe = WakePipe()
    private let pool: ConnectionPool
    private let stopped = DispatchSemaphore(value: 0)
    private static let firstRetry: Int32 = 50
    private static let lastRetry: Int32 = 1000

    /// Starts the thread; `pool` reads the versions (its address and timeout are the subscriber's too).
    init(pool: ConnectionPool) {
        self.pool = pool
        let thread = Thread { [self] in
            run()
            stopped.signal()
        }
        thread.name = "ribsd-redis-subscriber"
        thread.start()
    }

    func observe(_ handler: @escaping @Sendable (String, Int) -> Void) {
        wanted.withLock { $0.handler = handler }
    }

    func subscribe(_ id: String) {
        wanted.withLock {
            $0.subscriptions += 1
            $0.sessions[id] = $0.subscriptions
        }
        pipe.wake()
    }

    func unsubscribe(_ id: String) {
        wanted.withLock { _ = $0.sessions.removeValue(forKey: id) }
        pipe.wake()
    }

    /// Ends the thread and waits for it.
    func stop() {
        let first = wanted.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        pipe.wake()
        if first { stopped.wait() }
    }

    private var timeoutMilliseconds: Int32 {
        let (seconds, attoseconds) = pool.timeout.components
        return Int32(clamping: max(100, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    private func run() {
        var link: Link?
        var delivered: [String: Int] = [:]
        var retry = Self.firstRetry
        while true {
            let (sessions, stopping) = wanted.withLock { ($0.sessions, $0.stopping) }
            if stopping { return }
            if sessions.isEmpty {
                link = nil
                delivered = [:]
                _ = waitForInput(on: nil, milliseconds: -1)
                continue
            }
            var live: Link
            if let link {
                live = link
            } else {
                do {
                    live = Link(connection: try RedisConnection(pool.address, timeout: pool.timeout), lastHeard: Self.now())
                    retry = Self.firstRetry
                } catch {
                    _ = waitForInput(on: nil, milliseconds: retry)
                    retry = min(retry * 2, Self.lastRetry)
                    continue
                }
            }
            do throws(RedisError) {
                try serve(&live, sessions, &delivered)
                link = live
            } catch {
                // Dropped: the next pass reconnects and subscribes to everything again.
                link = nil
            }
        }
    }

    /// One pass on a live link: brings the subscriptions up to date, waits for input, handles it.
    private func serve(_ link: inout Link, _ sessions: [String: Int], _ delivered: inout [String: Int]) throws(RedisError) {
        let added = sessions.filter { link.subscribed[$0.key] != $0.value }
        let removed = link.subscribed.keys.filter { sessions[$0] == nil }
        if !added.isEmpty {
            var command = RedisCommand("SUBSCRIBE")
            for id in added.keys { command.append(SessionKeys(id).channel) }
            try link.connection.write(command)
            for (id, subscription) in added {
                link.subscribed[id] = subscription
                delivered[id] = nil
            }
        }
        if !removed.isEmpty {
            var command = RedisCommand("UNSUBSCRIBE")
            for id in removed { command.append(SessionKeys(id).channel) }
            try link.connection.write(command)
            for id in removed {
                link.subscribed[id] = nil
                delivered[id] = nil
            }
        }
        let timeout = timeoutMilliseconds
        if waitForInput(on: link.connection.descriptor, milliseconds: timeout) {
            for reply in try link.connection.readAvailable() { try handle(reply, link, &delivered) }
            link.lastHeard = Self.now()
            link.pingSent = nil
        }
        let now = Self.now()
        if let sent = link.pingSent, now - sent >= UInt64(timeout) * 1_000_000 {
            throw .connection("\(pool.address): no answer to PING within \(pool.timeout)")
        }
        if link.pingSent == nil && now - link.lastHeard >= UInt64(timeout) * 1_000_000 {
            try link.connection.write(RedisCommand("PING"))
            link.pingSent = now
        }
    }

    private func handle(_ reply: RedisReply, _ link: Link, _ delivered: inout [String: Int]) throws(RedisError) {
        let parts = try reply.elements()
        guard parts.count == 3, let kind = try parts[0].bytes(), let channel = try parts[1].bytes(),
            let id = SessionKeys.id(ofChannel: channel), link.subscribed[id] != nil
        else { return }
        let version: Int?
        switch String(decoding: kind, as: UTF8.self) {
        case "message": version = try parts[2].integer().map { Int($0) }
        // The subscription is in force from here: what the session reached before it, it will not hear.
        case "subscribe":
            version = try pool.withConnection { (connection: RedisConnection) throws(RedisError) in try connection.version(of: id) }
        default: version = nil
        }
        guard let version, version > delivered[id] ?? 0 else { return }
        delivered[id] = version
        wanted.withLock { $0.handler }?(id, version)
    }

    /// Waits until the socket (if any) has input or the pipe is woken, or `milliseconds` pass (-1: no limit);
    /// true when the socket has input (or has failed: the read that follows says how).
    private func waitForInput(on descriptor: Int32?, milliseconds: Int32) -> Bool {
        var descriptors = [pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)]
        if let descriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        guard poll(&descriptors, nfds_t(descriptors.count), pipe.readEnd < 0 && milliseconds < 0 ? 1000 : milliseconds) > 0 else {
            return false
        }
        if descriptors[0].revents != 0 { pipe.drain() }
        return descriptors.count > 1 && descriptors[1].revents != 0
    }

    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
