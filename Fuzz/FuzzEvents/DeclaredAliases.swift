import AppHosting
import HeadlessUI

/// A built-in app with event types of its own declared on top: each one an alias of a built-in event, applied
/// as that event (`{"type":"go","screen":"A"}` is a push of A). What the fuzzer then covers of app-defined
/// events: their decoding against a catalog (every field kind, optional fields, the screens a screen field
/// may name), their canonical form and its replay, `accepts` listing declared types, and atomic batches of them.
enum DeclaredAliases {
    static let declarations = [
        EventDeclaration("go", fields: [.screen("screen")]),
        EventDeclaration("pick", fields: [.integer("index", in: 0...2)]),
        EventDeclaration("back"),
        EventDeclaration("swiped", fields: [.screen("screen"), .boolean("down", optional: true)]),
        EventDeclaration("show", fields: [.string("screen"), .oneOf("style", ["fullScreen", "pageSheet"], optional: true)]),
        EventDeclaration("close"),
        EventDeclaration("signIn", fields: [.string("name")]),
        EventDeclaration("signOut"),
        EventDeclaration("advance", fields: [.string("step")]),
    ]

    /// `app` with the aliases declared; its sessions' runtimes apply them as their built-in events.
    static func wrapping(_ app: AppDefinition) -> AppDefinition {
        AppDefinition(
            id: app.id + "+aliases", description: app.description, events: app.events, declaring: declarations, screens: app.screens
        ) { Runtime(app.launch()) }
    }

    /// The built-in event `event` stands for; nil for one that is not an alias.
    static func builtIn(for event: DeclaredEvent) -> AppEvent? {
        switch event.type {
        case "go": (try? event.string("screen")).map { .push(screen: $0) }
        case "pick": (try? event.int("index")).map { .push(screen: ["A", "B", "C"][$0]) }
        case "back": .pop
        case "swiped":
            (try? event.string("screen")).map { event["down"]?.bool == true ? .didDismiss(screen: $0) : .didPop(screen: $0) }
        case "show":
            (try? event.string("screen")).map {
                .present(screen: $0, style: event["style"]?.string.flatMap(ModalPresentationStyle.init(rawValue:)))
            }
        case "close": .dismiss
        case "signIn": (try? event.string("name")).map { .login(name: $0) }
        case "signOut": .logout
        case "advance": (try? event.string("step")).map { .step($0) }
        default: nil
        }
    }

    /// The aliases' types that stand for an event of a built-in type in `accepted`.
    static func aliases(accepted: [EventType]) -> [EventType] {
        let targets: [String: EventType] = [
            "go": .push, "pick": .push, "back": .pop, "swiped": .didPop, "show": .present, "close": .dismiss, "signIn": .login,
            "signOut": .logout, "advance": .step,
        ]
        var aliases: [EventType] = []
        for declaration in declarations {
            let target = targets[declaration.type]
            // A swipe down is a `didDismiss`: `swiped` stands for either swipe.
            let accepted = accepted.contains { $0 == target || (declaration.type == "swiped" && $0 == .didDismiss) }
            if accepted { aliases.append(.declared(declaration.type)) }
        }
        return aliases
    }

    /// The inner app's runtime, taking the aliases as their built-in events.
    final class Runtime: AppRuntime {
        let inner: any AppRuntime

        init(_ inner: any AppRuntime) {
            self.inner = inner
        }

        var window: Window { inner.window }

        func apply(_ event: AppEvent) throws(EventError) {
            guard case let .declared(declared) = event else { return try inner.apply(event) }
            guard let builtIn = DeclaredAliases.builtIn(for: declared) else {
                throw .internalFailure("`\(declared.type)` decoded without the fields it declares")
            }
            try inner.apply(builtIn)
        }

        var acceptedEvents: [EventType] {
            let accepted = inner.acceptedEvents
            return accepted + DeclaredAliases.aliases(accepted: accepted)
        }

        /// The inner app's state: its `accepts` names the built-in types only (`acceptedEvents`, which invariant 5
        /// reads, adds the aliases).
        func writeState(to json: inout JSONWriter, accepting: Bool) {
            inner.writeState(to: &json, accepting: accepting)
        }

        var newLeakCount: Int { inner.newLeakCount }

        func tearDown() { inner.tearDown() }
    }
}
