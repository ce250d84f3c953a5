import HeadlessUI

/// The event types a session's app takes: the contract's nine, the ones it declares, and the screens its
/// screen fields may name. Event bodies decode against it (`AppEvent(json:catalog:)`).
///
/// A class, immutable: every event body decoded is handed one (the app's, or `builtIn`), and an object is one
/// retain where the three fields of a value were three.
public final class EventCatalog: Sendable {
    /// The built-in types alone: what an app that declares none takes.
    public static let builtIn = EventCatalog()

    /// The app's own types, in the order it declares them.
    public let declarations: [EventDeclaration]
    /// The screens a screen field may name; nil: any name.
    public let screens: [String]?
    /// `unknown_event`'s list of the types known, made once.
    let knownTypes: String

    /// A catalog of `declarations`, each type declared once (a precondition: a second one is a bug in the app).
    public init(declarations: [EventDeclaration] = [], screens: [String]? = nil) {
        var seen: Set<String> = []
        for declaration in declarations {
            precondition(seen.insert(declaration.type).inserted, "the event type `\(declaration.type)` is declared twice")
        }
        self.declarations = declarations
        self.screens = screens
        knownTypes = (EventType.builtIn.map(\.rawValue) + declarations.map(\.type)).joined(separator: ", ")
    }

    /// The declaration of the type named `name`, byte for byte (see `isSameName`).
    public func declaration(of name: String) -> EventDeclaration? {
        declarations.first { $0.type.isSameName(as: name) }
    }
}
