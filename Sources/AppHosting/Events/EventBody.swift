/// What an event request carries: one event (`{"type": ...}`), or several applied all or none
/// (`{"events": [{"type": ...}, ...]}`).
public enum EventBody: Sendable, Equatable {
    case single(AppEvent)
    case batch([AppEvent])

    /// The events, in order.
    public var events: [AppEvent] {
        switch self {
        case let .single(event): [event]
        case let .batch(events): events
        }
    }

    /// Decodes a body, one event or a batch of 1 to `batchLimit`; a batch's failing event is named by its index.
    /// `catalog`: the types the session's app declares beside the built-in ones.
    public init(json bytes: [UInt8], batchLimit: Int, catalog: EventCatalog = .builtIn) throws(EventBodyError) {
        let fields: JSONFields
        do {
            fields = try JSONFields(bytes)
        } catch {
            throw EventBodyError(index: nil, .malformed(error.description))
        }
        guard fields["type"] == nil, let list = fields["events"] else {
            do {
                self = .single(try AppEvent(fields: fields, catalog: catalog))
            } catch {
                throw EventBodyError(index: nil, error)
            }
            return
        }
        self = .batch(try Self.batch(list, in: bytes, limit: batchLimit, catalog: catalog))
    }

    /// The events of a creation's body (`{"app": ..., "events": [...]}`): none when it has no `events`.
    public static func creationEvents(
        json bytes: [UInt8], fields: JSONFields, batchLimit: Int, catalog: EventCatalog = .builtIn
    ) throws(EventBodyError) -> [AppEvent] {
        guard let list = fields["events"], list != .null else { return [] }
        return try batch(list, in: bytes, limit: batchLimit, catalog: catalog)
    }

    private static func batch(
        _ list: JSONFields.Value, in bytes: [UInt8], limit: Int, catalog: EventCatalog
    ) throws(EventBodyError) -> [AppEvent] {
        guard list == .array, let ranges = JSONFields.elementRanges(ofArrayField: "events", in: bytes) else {
            throw EventBodyError(index: nil, .malformed("`events` must be an array of events"))
        }
        guard (1...max(limit, 1)).contains(ranges.count) else {
            throw EventBodyError(index: nil, .malformed("`events` must hold 1 to \(limit) events, not \(ranges.count)"))
        }
        var events: [AppEvent] = []
        events.reserveCapacity(ranges.count)
        for (index, range) in ranges.enumerated() {
            do {
                events.append(try AppEvent(json: Array(bytes[range]), catalog: catalog))
            } catch {
                throw EventBodyError(index: index, error)
            }
        }
        return events
    }
}

/// Why a body holds no event to apply, and which of a batch's events it was (nil: the body as a whole).
public struct EventBodyError: Error, Equatable, Sendable {
    public let index: Int?
    public let error: EventDecodingError

    public init(index: Int?, _ error: EventDecodingError) {
        self.index = index
        self.error = error
    }
}
