import HeadlessUI

/// One client event: what a button tap or a gesture would have sent to an interactor.
public enum AppEvent: Equatable, Sendable {
    case login(name: String)
    case logout
    case push(screen: String)
    case pop
    case didPop(screen: String)
    case present(screen: String, style: ModalPresentationStyle?)
    case dismiss
    case didDismiss(screen: String)
    case step(String)
    /// An event of a type the app declares. Boxed: it is rare, and the other cases, which every history holds
    /// by the thousand, keep their size.
    indirect case declared(DeclaredEvent)

    /// The event's type.
    public var type: EventType {
        switch self {
        case .login: .login
        case .logout: .logout
        case .push: .push
        case .pop: .pop
        case .didPop: .didPop
        case .present: .present
        case .dismiss: .dismiss
        case .didDismiss: .didDismiss
        case .step: .step
        case let .declared(event): .declared(event.type)
        }
    }

    /// The event if it is of the declared type `type`: what a handler of that type asks first
    /// (`guard let mark = event.declared("placeMark") else { return false }`).
    public func declared(_ type: String) -> DeclaredEvent? {
        guard case let .declared(event) = self, event.type == type else { return nil }
        return event
    }
}
