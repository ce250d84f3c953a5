/// A Lua script run inside Redis, atomically: called by its SHA-1 (`EVALSHA`), sent whole (`EVAL`) only when
/// the server does not know it yet (a new or restarted server answers `NOSCRIPT`), which also caches it there.
struct RedisScript: Sendable {
    let name: String
    let source: String
    let sha: String

    init(name: String, source: String) {
        self.name = name
        self.source = source
        sha = SHA1.hex(Array(source.utf8))
    }
}
