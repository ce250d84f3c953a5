/// The built-in events of the contract (docs/CONTRACT.md, "Events").
extension Event {
    /// Log in as `name` (non-empty).
    public static func login(name: String) -> Event { Event(type: .login, fields: ["name": .string(name)]) }

    /// Back to the logged-out screen.
    public static let logout = Event(type: .logout)

    /// Push `screen` onto the current navigation stack.
    public static func push(_ screen: String) -> Event { Event(type: .push, fields: ["screen": .string(screen)]) }

    /// The user asks to go back: pop the top screen.
    public static let pop = Event(type: .pop)

    /// The client already popped `screen` (a swipe back).
    public static func didPop(_ screen: String) -> Event { Event(type: .didPop, fields: ["screen": .string(screen)]) }

    /// Present `screen` modally; `style` nil leaves the app's default.
    public static func present(_ screen: String, style: LayerStyle? = nil) -> Event {
        var fields: [String: JSONValue] = ["screen": .string(screen)]
        if let style { fields["style"] = .string(style.rawValue) }
        return Event(type: .present, fields: fields)
    }

    /// Dismiss the frontmost modal.
    public static let dismiss = Event(type: .dismiss)

    /// The client already dismissed `screen` (a sheet swiped down).
    public static func didDismiss(_ screen: String) -> Event {
        Event(type: .didDismiss, fields: ["screen": .string(screen)])
    }

    /// The `flow` app only: an RxFlow step.
    public static func step(_ step: String) -> Event { Event(type: .step, fields: ["step": .string(step)]) }
}
