import CHiredis

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection to Redis through hiredis's synchronous API: used by one thread at a time (the pool's
/// checkout, or the subscriber's own thread), every read and write bounded by the timeout.
final class RedisConnection {
    private let context: UnsafeMutablePointer<redisContext>
    let address: RedisAddress
    /// Requests sent and answered on it (a pipeline counts once), read by the pool after each use.
    private(set) var roundTrips = 0

    /// Connects within `timeout`, and bounds each later read and write by it too.
    init(_ address: RedisAddress, timeout: Duration) throws(RedisError) {
        let limit = Self.limit(timeout)
        guard let context = redisConnectWithTimeout(address.host, Int32(address.port), limit) else {
            throw .connection("cannot connect to \(address): out of memory")
        }
        guard context.pointee.err == 0 else {
            let message = Self.errorText(context)
            redisFree(context)
            throw .connection("cannot connect to \(address): \(message)")
        }
        self.context = context
        self.address = address
        // The connect timeout bounds the connect only: these are the socket's read and write timeouts.
        guard redisSetTimeout(context, limit) == REDIS_OK else { throw .connection("\(address): cannot set a timeout: \(errorText)") }
        // A peer that vanished without a word (a cut network) is noticed by the kernel in time, not never.
        _ = redisEnableKeepAlive(context)
        // hiredis 0.14 opens its socket without close-on-exec: a program the server starts must not inherit it.
        _ = fcntl(context.pointee.fd, F_SETFD, FD_CLOEXEC)
        if address.database != 0 {
            var select = RedisCommand("SELECT")
            select.append(address.database)
            _ = try send(select).checked()
        }
    }

    deinit {
        redisFree(context)
    }

    /// Whether the connection is dead (an I/O error, a timeout, EOF): hiredis keeps the error, so it is
    /// replaced, never used again.
    var isBroken: Bool { context.pointee.err != 0 }

    /// Its socket, for the subscriber's poll.
    var descriptor: Int32 { context.pointee.fd }

    /// Whether an idle connection has heard from its server, which has nothing to say unasked: the end of the
    /// stream (a server restarted since) or a reset. Such a connection is dropped before a call is lost on it.
    var isClosedByPeer: Bool {
        var socket = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return isBroken || poll(&socket, 1, 0) != 0
    }

    /// Sends `command` and waits for its reply (an error reply is returned, not thrown).
    func send(_ command: RedisCommand) throws(RedisError) -> RedisReply {
        let raw = Self.withArguments(command) { count, arguments, lengths in
            redisCommandArgv(context, count, arguments, lengths)
        }
        guard let raw else { throw failure(command.name) }
        defer { freeReplyObject(raw) }
        roundTrips += 1
        return RedisReply(raw.assumingMemoryBound(to: redisReply.self))
    }

    /// Sends every command at once and reads their replies in order: one round trip for all of them.
    func pipeline(_ commands: [RedisCommand]) throws(RedisError) -> [RedisReply] {
        for command in commands { try queue(command) }
        var replies: [RedisReply] = []
        replies.reserveCapacity(commands.count)
        for command in commands {
            var raw: UnsafeMutableRawPointer?
            guard redisGetReply(context, &raw) == REDIS_OK, let raw else { throw failure(command.name) }
            replies.append(RedisReply(raw.assumingMemoryBound(to: redisReply.self)))
            freeReplyObject(raw)
        }
        roundTrips += 1
        return replies
    }

    /// Writes `command` without reading anything (the subscriber's replies come as they come).
    func write(_ command: RedisCommand) throws(RedisError) {
        try queue(command)
        var done: Int32 = 0
        repeat {
            guard redisBufferWrite(context, &done) == REDIS_OK else { throw failure(command.name) }
        } while done == 0
    }

    /// Reads what the socket holds (call once poll says it is readable) and returns every whole reply in it.
    func readAvailable() throws(RedisError) -> [RedisReply] {
        guard redisBufferRead(context) == REDIS_OK else { throw failure("read") }
        var replies: [RedisReply] = []
        while true {
            var raw: UnsafeMutableRawPointer?
            guard redisGetReplyFromReader(context, &raw) == REDIS_OK else { throw failure("read") }
            guard let raw else { return replies }
            replies.append(RedisReply(raw.assumingMemoryBound(to: redisReply.self)))
            freeReplyObject(raw)
        }
    }

    private func queue(_ command: RedisCommand) throws(RedisError) {
        let status = Self.withArguments(command) { count, arguments, lengths in
            redisAppendCommandArgv(context, count, arguments, lengths)
        }
        guard status == REDIS_OK else { throw failure(command.name) }
    }

    private func failure(_ during: String) -> RedisError {
        .connection("\(address): \(during): \(isBroken ? errorText : "no reply")")
    }

    private var errorText: String { Self.errorText(context) }

    private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
        withUnsafeBytes(of: context.pointee.errstr) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func limit(_ duration: Duration) -> timeval {
        let (seconds, attoseconds) = duration.components
        return timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }

    /// Hands hiredis `argc`, `argv` and `argvlen` for `command`: every argument laid in one buffer, so the
    /// pointers stay valid for the call.
    private static func withArguments<T>(
        _ command: RedisCommand, _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> T
    ) -> T {
        var joined: [UInt8] = []
        var offsets: [Int] = []
        var lengths: [Int] = []
        for argument in command.arguments {
            offsets.append(joined.count)
            lengths.append(argument.count)
            joined += argument
        }
        // A buffer of empty arguments still needs an address to point into.
        joined.append(0)
        return joined.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                var pointers: [UnsafePointer<CChar>?] = offsets.map { characters.baseAddress! + $0 }
                return pointers.withUnsafeMutableBufferPointer { pointers in
                    lengths.withUnsafeBufferPointer { lengths in
                        body(Int32(command.arguments.count), pointers.baseAddress!, lengths.baseAddress!)
                    }
                }
            }
        }
    }
}
