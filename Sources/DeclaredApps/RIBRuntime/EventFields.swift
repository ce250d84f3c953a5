import AppHosting
import HeadlessUI

/// The fields of the event that led to a route or a message, read by name as strings: what a built RIB's
/// state shows (Home's `name` is the `login` event's). Holds the event itself: read a field or two, it makes no
/// list.
struct EventFields {
    /// No event: a route made at launch.
    static let none = EventFields(event: nil)

    let event: AppEvent?

    /// The value of the field `name`, as a string (an integer in decimal, a boolean as `true` or `false`); nil
    /// when the event has no such field.
    func value(_ name: String) -> String? {
        switch event {
        case let .login(value)?: name == "name" ? value : nil
        case let .push(screen)?, let .didPop(screen)?, let .didDismiss(screen)?: name == "screen" ? screen : nil
        case let .present(screen, style)?: name == "screen" ? screen : name == "style" ? style?.rawValue : nil
        case let .step(step)?: name == "step" ? step : nil
        case let .declared(declared)?: declared[name].map(Self.text)
        case .logout?, .pop?, .dismiss?, nil: nil
        }
    }

    /// The style a `present` event asks for, if it names one.
    var presentationStyle: ModalPresentationStyle? {
        if case let .present(_, style)? = event { return style }
        return nil
    }

    private static func text(of value: DeclaredEvent.Value) -> String {
        switch value {
        case let .string(string): string
        case let .integer(integer): String(integer)
        case let .boolean(bool): bool ? "true" : "false"
        }
    }
}
