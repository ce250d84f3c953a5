import HeadlessUI
import RIBs

/// Why an event that reached the app changed nothing.
public enum EventError: Error, Equatable, Sendable {
    /// No RIB (or flow) on screen handles the event now (409 `event_not_handled`).
    case notHandled(String)
    /// The move itself is invalid (409 `invalid_navigation`).
    case invalidNavigation(String)
    /// The app broke one of its own rules (a bug in the app, 500 without details).
    case internalFailure(String)

    /// Maps a refused tree or view operation: UIKit's refusals are invalid moves; tree misuse is an app bug.
    public init(_ error: RoutingError) {
        switch error {
        case let .view(viewError): self = .invalidNavigation(viewError.description)
        case .alreadyAttached, .notAChild: self = .internalFailure(error.description)
        }
    }
}
