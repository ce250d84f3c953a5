/// A link an app file declares, checked: its pattern as written (it reads as a `LinkPattern`), and its walk.
struct LinkModel: Sendable {
    let pattern: String
    let description: String
    let steps: [LinkStepModel]
}

/// One step of a declared link's walk.
struct LinkStepModel: Sendable {
    /// What a step does when its screen condition holds.
    enum Move: Sendable {
        /// Sends these events, in order, the link's parameters put in.
        case send([EventTemplate])
        /// Sends this step to every flow (RxFlow's `navigate(to:)`).
        case navigate(String)
        /// Cannot go on, for this reason.
        case refuse(String)
    }

    /// When a step moves, by what the window shows when it runs.
    enum Condition: Sendable {
        case always
        case ifShows(String)
        case unlessShows(String)
    }

    let name: String
    let condition: Condition
    let move: Move
}
