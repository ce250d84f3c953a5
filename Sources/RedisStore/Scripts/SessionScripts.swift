/// The scripts that change a session, each atomic inside Redis and over one session's keys only
/// (`KEYS[1..3]` = `SessionKeys.all`: summary, events, answers), so each runs on one slot of a cluster.
/// Each checks everything before its first write: Redis does not roll a failed script back.
enum SessionScripts {
    /// A new session with the events it was created with. ARGV: TTL in ms (0: none), the summary's `HSET`
    /// pairs' values (`RecordCoding.metaFields` order), then `XADD` arguments per event (7 each).
    /// Returns `{'ok', version}`, or `{'exists'}` (nothing written) when the id is taken.
    static let create = RedisScript(
        name: "create",
        source: """
            if redis.call('EXISTS', KEYS[1]) == 1 then return {'exists'} end
            -- What a session expired or half-deleted left behind is not this one's.
            redis.call('DEL', KEYS[2], KEYS[3])
            redis.call('HSET', KEYS[1], 'schema', ARGV[2], 'app', ARGV[3], 'created', ARGV[4], 'last', ARGV[5],
              'version', ARGV[6], 'digest', ARGV[7])
            for i = 8, #ARGV, 7 do
              redis.call('XADD', KEYS[2], ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], ARGV[i + 4], ARGV[i + 5], ARGV[i + 6])
            end
            if ARGV[1] ~= '0' then
              for k = 1, 3 do redis.call('PEXPIRE', KEYS[k], ARGV[1]) end
            end
            return {'ok', tonumber(ARGV[6])}
            """)

    /// Appends events and keeps an answer: the compare-and-set on the version, and on the answers kept (an answer
    /// takes the sequence after the newest its instance knows: one already there was kept by another instance,
    /// without a new version, and must not be written over). ARGV: 1 the version expected ('' for none),
    /// 2 the access time, 3 TTL in ms (0: none), 4 the channel, 5 the answer's sequence ('' for none), 6 the
    /// answer, 7 the sequence kept answers are dropped through ('' for none), 8 the new version, 9 its state's
    /// digest, then `XADD` arguments per event (7 each).
    /// Returns `{'ok', version}`, `{'conflict', current}` or `{'missing'}`; only 'ok' wrote anything.
    static let append = RedisScript(
        name: "append",
        source: """
            local current = redis.call('HGET', KEYS[1], 'version')
            if not current then return {'missing'} end
            if ARGV[1] ~= '' and tonumber(current) ~= tonumber(ARGV[1]) then return {'conflict', tonumber(current)} end
            if ARGV[5] ~= '' and #redis.call('ZRANGEBYSCORE', KEYS[3], ARGV[5], '+inf', 'LIMIT', 0, 1) > 0 then
              return {'conflict', tonumber(current)}
            end
            local appended = #ARGV >= 10
            for i = 10, #ARGV, 7 do
              redis.call('XADD', KEYS[2], ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], ARGV[i + 4], ARGV[i + 5], ARGV[i + 6])
            end
            if appended then redis.call('HSET', KEYS[1], 'version', ARGV[8], 'digest', ARGV[9]) end
            if tonumber(ARGV[2]) > tonumber(redis.call('HGET', KEYS[1], 'last')) then
              redis.call('HSET', KEYS[1], 'last', ARGV[2])
            end
            if ARGV[5] ~= '' then redis.call('ZADD', KEYS[3], ARGV[5], ARGV[6]) end
            if ARGV[7] ~= '' then redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[7]) end
            if ARGV[3] ~= '0' then
              for k = 1, 3 do redis.call('PEXPIRE', KEYS[k], ARGV[3]) end
            end
            if appended then
              redis.call('PUBLISH', ARGV[4], ARGV[8])
              return {'ok', tonumber(ARGV[8])}
            end
            return {'ok', tonumber(current)}
            """)

    /// Deletes the session if it is at the version expected: the compare-and-set of a `DELETE` with its
    /// precondition. ARGV: the version expected. Returns `{'ok', version}` (deleted), `{'conflict', current}` or
    /// `{'missing'}`; only 'ok' deleted anything.
    static let delete = RedisScript(
        name: "delete",
        source: """
            local current = redis.call('HGET', KEYS[1], 'version')
            if not current then return {'missing'} end
            if tonumber(current) ~= tonumber(ARGV[1]) then return {'conflict', tonumber(current)} end
            redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
            return {'ok', tonumber(current)}
            """)

    /// Notes an access: moves the summary's last access forward and restarts the TTL of every key. ARGV: the
    /// access time, TTL in ms (0: none). Returns 1, or 0 when there is no such session (nothing made).
    static let touch = RedisScript(
        name: "touch",
        source: """
            local last = redis.call('HGET', KEYS[1], 'last')
            if not last then return 0 end
            if tonumber(ARGV[1]) > tonumber(last) then redis.call('HSET', KEYS[1], 'last', ARGV[1]) end
            if ARGV[2] ~= '0' then
              for k = 1, 3 do redis.call('PEXPIRE', KEYS[k], ARGV[2]) end
            end
            return 1
            """)
}
