import AppHosting

/// An event type a RIB handles, when, and what it does.
struct HandlerModel: Sendable {
    /// When the handler takes the event; otherwise the RIB passes it on to its parent.
    enum Guard: String, Sendable, CaseIterable {
        case always
        /// Only while the RIB presents nothing (under its modal the user does not see its stack).
        case notPresenting
        /// Only while it presents a child.
        case presenting
    }

    let event: EventType
    let when: Guard
    let action: ActionModel
}

/// What a RIB does when a child tells it `message`.
struct ListenerModel: Sendable {
    let message: String
    let action: ActionModel
}
