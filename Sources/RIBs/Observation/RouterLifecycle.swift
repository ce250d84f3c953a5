/// What a router tells of its life (RIBs' `RouterLifecycle`); its end is the observation's `onEnd`.
public enum RouterLifecycle: Equatable, Sendable {
    /// The router loaded: attached, its interactor active, `didLoad()` about to run.
    case didLoad
}
