import SessionStorage

/// How records are laid in Redis values, and read back (the key layout is `SessionKeys`'s).
enum RecordCoding {
    /// The layout this store writes, in each summary's `schema` field: a newer one is refused, not misread.
    static let schema: Int64 = 1
    /// What joins the app's id and the digest of the definition the session was created with in `app`:
    /// `<id>@<digest>`. The layout stays 1: a ribsd from before definitions were kept reads such a session's app
    /// as one it does not host and answers 410 for it without deleting it (a shared session is never deleted by
    /// a failed restore), while it goes on serving every other session.
    static let definitionSeparator = UInt8(ascii: "@")

    /// The summary's fields, in the order `HMGET` asks for them and `session(_:_:)` reads them.
    static let metaFields = ["schema", "app", "created", "last", "version", "digest"]

    /// The `HSET` field-value pairs of a new session's summary.
    static func metaArguments(_ session: StoredSession) -> [[UInt8]] {
        // The definition rides in `app`: the summary's fields are the create script's, one write with the rest.
        var app = Array(session.app.utf8)
        if let definition = session.definition {
            assert(isDigest(definition[...].utf8), "a definition's digest is 64 lowercase hex digits, not \(definition)")
            app += [definitionSeparator] + Array(definition.utf8)
        }
        return [
            Array("\(schema)".utf8), app, Array("\(session.createdAt)".utf8),
            Array("\(session.lastAccessAt)".utf8), Array("\(session.version)".utf8), session.stateDigest,
        ]
    }

    /// The summary an `HMGET` of `metaFields` gave; nil when the session is gone (every field nil).
    static func session(_ id: String, _ reply: RedisReply) throws(RedisError) -> StoredSession? {
        let fields = try reply.elements()
        guard fields.count == metaFields.count else { throw .unexpected("\(fields.count) summary fields of session \(id)") }
        guard let schema = try fields[0].integer() else {
            if fields.allSatisfy({ $0 == .null }) { return nil }
            throw .unexpected("session \(id)'s summary has no schema: not a ribsd record")
        }
        guard schema <= Self.schema else {
            throw .unexpected("session \(id) was written by a newer ribsd (layout \(schema); this one knows \(Self.schema))")
        }
        guard let app = try fields[1].bytes(), let created = try fields[2].integer(), let last = try fields[3].integer(),
            let version = try fields[4].integer(), let digest = try fields[5].bytes()
        else { throw .unexpected("session \(id)'s summary lacks a field") }
        // The digest never holds the separator; the id before it may (an app compiled in names itself freely),
        // and only a digest's 64 lowercase hex digits after the last one make it a definition's.
        var appID = app[...]
        var definition: String?
        if let separator = app.lastIndex(of: definitionSeparator), isDigest(app[(separator + 1)...]) {
            appID = app[..<separator]
            definition = String(decoding: app[(separator + 1)...], as: UTF8.self)
        }
        return StoredSession(
            id: id, app: String(decoding: appID, as: UTF8.self), createdAt: created, lastAccessAt: last, version: Int(version),
            stateDigest: digest, definition: definition)
    }

    /// Whether `bytes` are a definition's digest: 64 lowercase hex digits.
    private static func isDigest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.count == 64 && bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The `XADD` arguments after the key of one event: its id `0-<version>`, then its fields.
    static func eventArguments(_ event: StoredEvent) -> [[UInt8]] {
        [
            Array("0-\(event.version)".utf8), Array("e".utf8), event.event, Array("t".utf8), Array("\(event.at)".utf8), Array("d".utf8),
            event.stateDigest,
        ]
    }

    /// The events an `XRANGE` gave, in its order (the versions').
    static func events(_ reply: RedisReply) throws(RedisError) -> [StoredEvent] {
        var events: [StoredEvent] = []
        for entry in try reply.elements() {
            let parts = try entry.elements()
            guard parts.count == 2, let id = try parts[0].bytes(), String(decoding: id.prefix(2), as: UTF8.self) == "0-",
                let version = Int(String(decoding: id.dropFirst(2), as: UTF8.self))
            else { throw .unexpected("an event entry \(entry)") }
            var fields: [String: [UInt8]] = [:]
            let pairs = try parts[1].elements()
            for index in stride(from: 0, to: pairs.count - 1, by: 2) {
                guard let name = try pairs[index].bytes(), let value = try pairs[index + 1].bytes() else { continue }
                fields[String(decoding: name, as: UTF8.self)] = value
            }
            guard let event = fields["e"], let at = fields["t"].flatMap({ Int64(String(decoding: $0, as: UTF8.self)) }),
                let digest = fields["d"]
            else { throw .unexpected("event \(version) lacks a field") }
            events.append(StoredEvent(version: version, event: event, at: at, stateDigest: digest))
        }
        return events
    }
}
