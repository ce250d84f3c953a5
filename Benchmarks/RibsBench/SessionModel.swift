import AppHosting

/// The per-event work of `SessionService`'s `SessionCore.apply` (internal to SessionService), mirrored
/// through AppHosting's public API: apply the event, render the state fields, compare them with the
/// previous ones (a no-op keeps the version), then splice the whole document (session, app, version +
/// fields). Keep in step with Sources/SessionService/Sessions/SessionCore.swift.
final class SessionModel {
    let id: String
    let appID: String
    let runtime: any AppRuntime
    private(set) var version = 1
    private var content: [UInt8] = []
    private(set) var stateJSON: [UInt8] = []
    private var history: [(version: Int, event: AppEvent, at: Int64)] = []

    init(id: String, app: AppDefinition) {
        self.id = id
        self.appID = app.id
        runtime = app.launch()
        content = renderContent()
        renderDocument()
    }

    @discardableResult
    func apply(_ event: AppEvent) throws(EventError) -> Bool {
        try runtime.apply(event)
        let next = renderContent()
        guard next != content else { return false }
        content = next
        version += 1
        history.append((version, event, 0))
        renderDocument()
        return true
    }

    /// Drops the history (the real session keeps it; the bench loops would otherwise grow it forever).
    func trimHistory() { history.removeAll(keepingCapacity: true) }

    func renderContent() -> [UInt8] {
        var fields = JSONWriter(capacity: max(content.count, 512))
        fields.beginObject()
        runtime.writeState(to: &fields)
        fields.endObject()
        return fields.bytes
    }

    func renderDocument() {
        var json = JSONWriter(capacity: content.count + 96)
        json.beginObject()
        json.field("session", id)
        json.field("app", appID)
        json.field("version", version)
        json.endObject()
        var bytes = json.bytes
        bytes.removeLast()
        if content.count > 2 {
            bytes.append(UInt8(ascii: ","))
            bytes.append(contentsOf: content[1...])
        } else {
            bytes.append(UInt8(ascii: "}"))
        }
        stateJSON = bytes
    }
}
