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
        }
    }
}
