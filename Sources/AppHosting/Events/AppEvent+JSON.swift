import HeadlessUI

extension AppEvent {
    /// Writes the event in its canonical form (the form history shows and replay reads).
    public func write(to json: inout JSONWriter) {
        if case let .declared(event) = self {
            event.write(to: &json)
            return
        }
        json.beginObject()
        json.field("type", type.rawValue)
        switch self {
        case let .login(name):
            json.field("name", name)
        case let .push(screen), let .didPop(screen), let .didDismiss(screen):
            json.field("screen", screen)
        case let .present(screen, style):
            json.field("screen", screen)
            if let style { json.field("style", style.rawValue) }
        case let .step(step):
            json.field("step", step)
        case .logout, .pop, .dismiss, .declared:
            break
        }
        json.endObject()
    }

    /// The canonical JSON bytes of the event.
    public var canonicalJSON: [UInt8] {
        var json = JSONWriter(capacity: 64)
        write(to: &json)
        return json.bytes
    }
}
