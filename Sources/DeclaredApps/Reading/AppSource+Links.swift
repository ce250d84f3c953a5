extension AppSource {
    /// A link as the file declares it: its pattern, and its walk's steps.
    struct Link {
        let pattern: Located<String>
        let description: String
        let steps: [LinkStep]
    }

    /// One step of a link's walk: its name, the screen its move depends on, and the move.
    struct LinkStep {
        /// The name a refusal gives; nil: the step's events' types.
        let name: Located<String>?
        /// The step moves only while this screen shows (`ifShows`)...
        let ifShows: Located<String>?
        /// ... or only while it does not (`unlessShows`); otherwise it stays.
        let unlessShows: Located<String>?
        let move: LinkMove
    }

    /// What a link's step does.
    enum LinkMove {
        /// Sends these events, in order: each an object whose strings may hold `{parameter}`s.
        case send([Located<[JSONNode.Member]>])
        /// Sends the step to every flow (RxFlow's `navigate(to:)`).
        case navigate(Located<String>)
        /// Cannot go on, for this reason.
        case refuse(String)
    }
}
