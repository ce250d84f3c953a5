import RibsdClient

/// What the watch loop reacts to, from the keyboard, the session's stream and the requests it made.
enum WatchInput: Sendable {
    /// A byte typed on the terminal.
    case key(UInt8)
    /// The terminal's input closed, or a signal asks to stop.
    case stop
    /// The terminal changed size.
    case resized
    /// A state of the session, from its stream or from the answer to a request.
    case state(SessionState)
    /// A request answered with this state; `summary` says what was asked.
    case sent(summary: String, SessionState)
    /// A request failed.
    case failed(summary: String, RibsdError)
    /// The session's stream ended; `reason` says why.
    case streamEnded(reason: String)
}

/// What the watch loop does for the model.
enum WatchCommand: Equatable, Sendable {
    /// Start a session of this app, and watch it.
    case create(app: String)
    /// Watch this session's stream.
    case watch(session: String)
    /// Send this event to the session at the version shown.
    case send(Event, ifMatch: Int)
    /// Restore the terminal and exit.
    case quit
}
