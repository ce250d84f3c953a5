extension RedisConnection {
    /// Runs `script` on `keys` (all of one session: one hash slot) with `arguments`; returns its reply, an
    /// error reply thrown.
    func evaluate(_ script: RedisScript, keys: [String], arguments: [[UInt8]]) throws(RedisError) -> RedisReply {
        var byName = RedisCommand("EVALSHA", script.sha)
        byName.append(keys.count)
        for key in keys { byName.append(key) }
        for argument in arguments { byName.append(argument) }
        let reply = try send(byName)
        guard case let .error(message) = reply, message.hasPrefix("NOSCRIPT") else { return try reply.checked() }
        var whole = RedisCommand("EVAL", script.source)
        whole.append(keys.count)
        for key in keys { whole.append(key) }
        for argument in arguments { whole.append(argument) }
        return try send(whole).checked()
    }
}
