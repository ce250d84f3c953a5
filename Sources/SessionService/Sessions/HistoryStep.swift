import AppHosting

/// What made one version of a session: an event the app took, or a rewind to an earlier version's state.
enum HistoryStep: Equatable, Sendable {
    case event(AppEvent)
    /// `POST …/rewind`: the tree, layers and stack of this version, as a new version.
    case rewind(to: Int)
    /// `POST …/links`: the app's walk to where the URL points (a replay opens it again).
    case link(String)

    /// The step's `type` in the history (`rewind` is no event type: clients send it to its own endpoint).
    static let rewindType = "rewind"
    /// A link's `type` in the history.
    static let linkType = "link"

    /// The version a rewind went back to; nil for an event.
    var rewindTarget: Int? {
        if case let .rewind(target) = self { target } else { nil }
    }

    /// Writes the step as the history shows it: the event's canonical JSON, or `{"type":"rewind","version":N}`.
    func write(to json: inout JSONWriter) {
        switch self {
        case let .event(event):
            event.write(to: &json)
        case let .rewind(version):
            json.beginObject()
            json.field("type", Self.rewindType)
            json.field("version", version)
            json.endObject()
        case let .link(url):
            json.beginObject()
            json.field("type", Self.linkType)
            json.field("url", url)
            json.endObject()
        }
    }

    /// The step's canonical JSON bytes: what the store keeps.
    var canonicalJSON: [UInt8] {
        var json = JSONWriter(capacity: 64)
        write(to: &json)
        return json.bytes
    }

    /// Reads a stored step back (an event as the session's app declares its types); nil for bytes no step writes.
    init?(json bytes: [UInt8], catalog: EventCatalog) {
        if let event = try? AppEvent(json: bytes, catalog: catalog) {
            self = .event(event)
            return
        }
        guard let value = try? JSONValue(parsing: bytes), case let .object(fields) = value, fields.count == 2 else { return nil }
        switch (value["type"], value["version"], value["url"]) {
        case (.string(Self.rewindType)?, let version?, nil):
            guard let version = version.int else { return nil }
            self = .rewind(to: version)
        case (.string(Self.linkType)?, nil, .string(let url)?):
            self = .link(url)
        default:
            return nil
        }
    }
}
