import RIBs

/// A link's walk as a RIBs `Workflow` over the session's runtime: named steps, each planning its move from what
/// the app shows when it runs (an event, several, none), or saying why it cannot go on. It runs whole in one call
/// (`Workflow.run`): a step that cannot go on ends it with a `LinkRefusal` naming that step, and the session puts
/// back the state it had (the walk is all or nothing).
public struct LinkWalk: Sendable {
    /// What a step does now.
    public enum Move: Sendable {
        /// Apply these events in order (none: nothing to do here).
        case events([AppEvent])
        /// Run this on the runtime (a flow's `navigate(to:)`, say); a refusal is the step's.
        case perform(@Sendable (any AppRuntime) throws(EventError) -> Void)
        /// The walk cannot go on from here, for this reason.
        case cannotProceed(String)

        /// One event.
        public static func event(_ event: AppEvent) -> Move { .events([event]) }
        /// Nothing to do.
        public static var stay: Move { .events([]) }
    }

    private var steps: [(name: String, plan: @Sendable (any AppRuntime) -> Move)] = []

    public init() {}

    /// The walk with one more step.
    public func step(_ name: String, _ plan: @escaping @Sendable (any AppRuntime) -> Move) -> LinkWalk {
        var walk = self
        walk.steps.append((name, plan))
        return walk
    }

    /// Runs the steps on `runtime` as a workflow; throws the refusal of the step that could not go on (an event
    /// refused counts as one: its error is the reason).
    public func run(on runtime: any AppRuntime) throws(LinkRefusal) {
        let workflow = Workflow<any AppRuntime>()
        var chain: Workflow<any AppRuntime>.Step<any AppRuntime, Void>?
        for (name, plan) in steps {
            let body: (any AppRuntime) -> StepOutcome<any AppRuntime, Void> = { runtime in
                switch plan(runtime) {
                case let .cannotProceed(reason):
                    return .cannotProceed(reason)
                case let .perform(action):
                    do throws(EventError) {
                        try action(runtime)
                    } catch {
                        return .cannotProceed(Self.reason(error))
                    }
                    return .proceed(runtime)
                case let .events(events):
                    for event in events {
                        do throws(EventError) {
                            try runtime.apply(event)
                        } catch {
                            return .cannotProceed("`\(event.type.rawValue)` refused: \(Self.reason(error))")
                        }
                    }
                    return .proceed(runtime)
                }
            }
            chain = chain.map { $0.onStep(name) { runtime, _ in body(runtime) } } ?? workflow.onStep(name, body)
        }
        guard let chain else { return }
        _ = chain.commit()
        if case let .failed(error) = workflow.run(runtime) { throw LinkRefusal(error) }
    }

    private static func reason(_ error: EventError) -> String {
        switch error {
        case let .notHandled(why), let .invalidNavigation(why): why
        case .internalFailure: "the app failed"
        }
    }
}
