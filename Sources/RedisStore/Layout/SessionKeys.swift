/// The keys of one session. Every one holds `{<id>}`, Redis Cluster's hash tag: only the part between the
/// braces is hashed, so all of a session's keys live in one slot, and a script over them runs on one node of
/// a cluster as on a lone server.
///
/// - `ribsd:{id}:meta`: a hash, the summary (`schema`, `app`, `created`, `last`, `version`, `digest`);
///   its presence is the session's. `app` names the definition the session was created with, if it was kept
///   (`RecordCoding`, `DefinitionKeys`).
/// - `ribsd:{id}:events`: a stream, one entry per event with the explicit id `0-<version>` (fields `e` the
///   event, `t` when, `d` the state's digest), so Redis itself refuses a version that does not increase.
/// - `ribsd:{id}:answers`: a sorted set of kept answers, scored by their sequence (`AnswerCoding`).
/// - `ribsd:{id}:appends`: the pub/sub channel told each version an append reaches (a channel, not a key).
///
/// There is no key listing the sessions: it would sit in a slot of its own, outside the per-session scripts,
/// and drift from them as keys expire. `sessions()` scans for `ribsd:{*}:meta` instead (on a cluster, on each
/// master).
struct SessionKeys {
    static let prefix = "ribsd:{"
    static let metaSuffix = "}:meta"
    /// The `SCAN ... MATCH` pattern of every session's summary.
    static let metaPattern = prefix + "*" + metaSuffix

    let id: String

    init(_ id: String) {
        self.id = id
    }

    var meta: String { Self.prefix + id + Self.metaSuffix }
    var events: String { Self.prefix + id + "}:events" }
    var answers: String { Self.prefix + id + "}:answers" }
    var channel: String { Self.prefix + id + "}:appends" }

    /// The keys a script over the session takes, in the order the scripts name them (`KEYS[1]` ...).
    var all: [String] { [meta, events, answers] }

    /// The session a summary's key (as `SCAN` lists it) belongs to.
    static func id(ofMeta key: [UInt8]) -> String? {
        let text = String(decoding: key, as: UTF8.self)
        guard text.hasPrefix(prefix), text.hasSuffix(metaSuffix), text.count >= prefix.count + metaSuffix.count else { return nil }
        return String(text.dropFirst(prefix.count).dropLast(metaSuffix.count))
    }

    /// The session a channel (as a pub/sub message names it) is about.
    static func id(ofChannel channel: [UInt8]) -> String? {
        let text = String(decoding: channel, as: UTF8.self)
        let suffix = "}:appends"
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else { return nil }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
