import AppHosting

/// Checks what one file declares as a whole and turns it into the model its sessions launch: names resolved,
/// every rule of the format checked, each problem reported with where it is. A file with any problem gives no
/// model.
struct AppResolver {
    let file: String
    private(set) var problems: [AppLoadProblem] = []
    /// The app's own event types, by name.
    private(set) var declared: [String: EventDeclaration] = [:]

    init(file: String) {
        self.file = file
    }

    mutating func report(_ pointer: JSONPointer, _ message: String) {
        problems.append(AppLoadProblem(file: file, pointer: pointer.description, message: message))
    }

    /// The longest app id, in characters.
    static let maxIDLength = 64

    /// The model of `source`, or nil when something in it is wrong (then `problems` says what).
    mutating func resolve(_ source: AppSource) -> AppModel? {
        if let id = source.id, !Self.isAppID(id.value) {
            report(
                id.pointer,
                "`\(id.value)` is not an app id: ASCII letters, digits, `-`, `_` and `.`, starting with a letter or digit, at most \(Self.maxIDLength) long"
            )
        }
        var declarations: [EventDeclaration] = []
        for declaration in source.declarations {
            let type = declaration.value.type
            guard declared[type] == nil else {
                report(declaration.pointer.appending("type"), "the event type `\(type)` is declared twice")
                continue
            }
            declared[type] = declaration.value
            declarations.append(declaration.value)
        }
        let listed = source.events.map { checkListedEvents($0) }
        let resolved: (body: AppModel.Body, handled: [EventType], screens: [String])?
        if let flowApp = source.flowApp {
            resolved = resolveFlows(flowApp).map { (.flows($0), handledTypes(of: $0), Self.screens(of: $0.root)) }
        } else if let root = source.root {
            resolved = resolveRibs(source.ribs, root: root).map { (.ribs($0.root), $0.handled, $0.screens) }
        } else {
            resolved = nil
        }
        guard let resolved, let id = source.id else { return nil }
        let events = checkCoverage(listed: listed, handled: resolved.handled, eventsPointer: JSONPointer.root.appending("events"))
        let flowSteps: [String]? =
            switch resolved.body {
            case .ribs: nil
            case let .flows(app): app.steps
            }
        let links = resolveLinks(
            source.links,
            in: LinkContext(
                handled: resolved.handled, screens: resolved.screens, flowSteps: flowSteps,
                catalog: EventCatalog(declarations: declarations, screens: resolved.screens)))
        guard problems.isEmpty else { return nil }
        return AppModel(
            id: id.value, description: source.description, events: events, declarations: declarations, screens: resolved.screens,
            body: resolved.body, links: links)
    }

    /// The types `events` lists, each known and once.
    private mutating func checkListedEvents(_ names: [Located<String>]) -> [Located<EventType>] {
        var types: [Located<EventType>] = []
        for name in names {
            guard let type = eventType(named: name) else { continue }
            guard !types.contains(where: { $0.value == type }) else {
                report(name.pointer, "`\(name.value)` is listed twice")
                continue
            }
            types.append(Located(value: type, pointer: name.pointer))
        }
        return types
    }

    /// The event type `name` names: a built-in one, or one the app declares; nil (reported) otherwise.
    mutating func eventType(named name: Located<String>) -> EventType? {
        if let type = EventType(named: name.value) { return type }
        guard declared[name.value] != nil else {
            let known = (EventType.builtIn.map(\.rawValue) + declared.keys.sorted()).joined(separator: ", ")
            report(name.pointer, "unknown event type `\(name.value)`; known types: \(known)")
            return nil
        }
        return .declared(name.value)
    }

    /// Every type the app lists is handled somewhere, and every type it handles is listed; every declared type
    /// is handled. Returns the app's `events`: the list, or the handled types in the contract's order, then the
    /// declared ones in theirs.
    private mutating func checkCoverage(listed: [Located<EventType>]?, handled: [EventType], eventsPointer: JSONPointer) -> [EventType] {
        for type in declared.keys.sorted() where !handled.contains(.declared(type)) {
            report(JSONPointer.root.appending("declares"), "nothing in the app handles the declared event type `\(type)`")
        }
        guard let listed else {
            return EventType.builtIn.filter(handled.contains) + handled.filter { !$0.isBuiltIn }
        }
        for type in listed where !handled.contains(type.value) {
            report(type.pointer, "nothing in the app handles `\(type.value.rawValue)`")
        }
        for type in handled where !listed.contains(where: { $0.value == type }) && type.isBuiltIn {
            report(eventsPointer, "`\(type.rawValue)` is handled but not listed")
        }
        return listed.map(\.value)
    }

    /// ASCII letters, digits, `-`, `_` and `.`, starting with a letter or digit: safe in a URL and a log line.
    static func isAppID(_ id: String) -> Bool {
        guard let first = id.utf8.first, id.utf8.count <= maxIDLength else { return false }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        return isAlphanumeric(first)
            && id.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
    }

    /// A name a screen may have: what a client's `screen` field may hold.
    mutating func checkScreenName(_ name: Located<String>) {
        if name.value.unicodeScalars.count > AppEvent.maxFieldLength {
            report(name.pointer, "a screen's name is at most \(AppEvent.maxFieldLength) characters")
        }
    }
}
