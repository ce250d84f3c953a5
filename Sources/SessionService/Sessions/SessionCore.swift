import AppHosting
import HTTPServer

/// A session's mutable state; only ever touched under its session's lock.
///
/// `package` so the in-process benchmarks drive this very type rather than a copy of its loop.
package final class SessionCore {
    package let id: String
    package let app: AppDefinition
    package private(set) var runtime: any AppRuntime
    package private(set) var version = 1
    private(set) var history: [HistoryEntry] = []
    /// The whole state document at `version`: every request at this version gets these bytes.
    package private(set) var stateJSON: [UInt8] = []
    /// Where the runtime's fields start in `stateJSON` (after the header), to tell whether an event changed
    /// anything without keeping a second copy of them.
    private var fieldsOffset = 0
    var idempotency: IdempotencyCache
    var lastAccessMilliseconds: Int64
    private(set) var isClosed = false
    /// Event streams watching this session (`GET .../stream`).
    var watchers = SessionWatchers()

    package init(id: String, app: AppDefinition, now: Int64, idempotencyKeys: Int) {
        self.id = id
        self.idempotency = IdempotencyCache(limit: idempotencyKeys)
        self.app = app
        self.runtime = app.launch()
        self.lastAccessMilliseconds = now
        renderDocument(fields: renderFields())
    }

    /// Applies one event and tells whether it changed anything; on failure the session is exactly as before.
    @discardableResult
    package func apply(_ event: AppEvent, now: Int64) throws(ServiceError) -> Bool {
        do {
            try runtime.apply(event)
        } catch {
            if case .notHandled = error {
                // Nobody took the event, so nothing ran: nothing to undo.
            } else {
                // A handler may have failed halfway (a child attached, then the view move refused):
                // rebuild from the history, which replays deterministically to the state before.
                rebuild()
            }
            throw Self.serviceError(error)
        }
        let fields = renderFields()
        // An idempotent repeat (didPop of a screen already gone) leaves the bytes, and so the version, as they were.
        guard !fields[1...].elementsEqual(stateJSON[fieldsOffset...]) else { return false }
        version += 1
        history.append(HistoryEntry(version: version, event: event, atMilliseconds: now))
        renderDocument(fields: fields)
        watchers.publish(version: version, state: stateJSON)
        return true
    }

    /// Detaches the whole tree, marks the session gone and ends its event streams.
    func close(reason: SessionWatchers.EndReason = .deleted) {
        guard !isClosed else { return }
        isClosed = true
        runtime.tearDown()
        watchers.end(reason)
    }

    /// The `history` document.
    func historyJSON() -> [UInt8] {
        var json = JSONWriter(capacity: 64 + history.count * 96)
        json.beginObject()
        json.key("events")
        json.beginArray()
        for entry in history {
            json.beginObject()
            json.field("version", entry.version)
            json.key("event")
            entry.event.write(to: &json)
            json.field("at", RFC3339.format(milliseconds: entry.atMilliseconds))
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    private func rebuild() {
        runtime = app.launch()
        for entry in history {
            // Every event in history applied once; the same code on the same inputs applies again.
            try? runtime.apply(entry.event)
        }
        renderDocument(fields: renderFields())
    }

    /// Renders the state document again from the runtime (what every applied event does; for measurement).
    package func rerender() {
        renderDocument(fields: renderFields())
    }

    /// The runtime's fields as one object, `{...}`.
    private func renderFields() -> [UInt8] {
        var fields = JSONWriter(capacity: max(stateJSON.count, 512))
        fields.beginObject()
        runtime.writeState(to: &fields)
        fields.endObject()
        return fields.bytes
    }

    /// The header fields, then the runtime's fields spliced in.
    private func renderDocument(fields content: [UInt8]) {
        var json = JSONWriter(capacity: content.count + 96)
        json.beginObject()
        json.field("session", id)
        json.field("app", app.id)
        json.field("version", version)
        json.endObject()
        // Splice: the header object without its `}`, a comma, then the fields without their `{`.
        var bytes = json.bytes
        bytes.removeLast()
        if content.count > 2 { bytes.append(UInt8(ascii: ",")) }
        fieldsOffset = bytes.count
        bytes.append(contentsOf: content[1...])
        stateJSON = bytes
    }

    private static func serviceError(_ error: EventError) -> ServiceError {
        switch error {
        case let .notHandled(detail): .eventNotHandled(detail)
        case let .invalidNavigation(detail): .invalidNavigation(detail)
        case .internalFailure: .internalError()
        }
    }
}
