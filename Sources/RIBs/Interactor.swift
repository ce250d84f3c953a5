import HeadlessUI

/// The scope a worker or an observer binds to: an interactor's active state.
public protocol InteractorScope: AnyObject {
    /// Whether the interactor is active.
    var isActive: Bool { get }
    /// Calls `observer` with the current state now and on every change; stops when the token is cancelled or dropped.
    func observeActiveState(_ observer: @escaping (Bool) -> Void) -> ActiveStateObservation
}

/// What a router drives: activation and deactivation.
public protocol Interactable: InteractorScope {
    /// Activates the interactor; no-op if already active.
    func activate()
    /// Deactivates the interactor; no-op if already inactive.
    func deactivate()
}

/// The business-logic half of a RIB, with RIBs' lifecycle: state flips, observers hear it, then the hook runs.
open class Interactor: Interactable {
    /// Where the interactor is in its lifecycle; active in every phase but `inactive`.
    private enum Phase: UInt8 {
        case inactive
        /// Active, its observers (its subtree) being told; `didBecomeActive` has not run yet.
        case activating
        case active
        /// Active, `willResignActive` running.
        case resigning
    }

    @exclusivity(unchecked) private var phase = Phase.inactive
    /// Whether the interactor is active.
    public final var isActive: Bool { phase != .inactive }
    /// Who is told from `deinit` that this interactor went (a leak detector watching it).
    @exclusivity(unchecked) private var deinitReport = DeinitReport()
    /// The live observations, unretained: each removes itself when cancelled or released.
    @exclusivity(unchecked) private var observers: [Unmanaged<ActiveStateObservation>] = []
    /// Work cancelled at the next deactivation (RIBs' activeness bag), held until then.
    private var scopedWork: [any Cancellable] = []

    /// Creates an inactive interactor.
    public init() {}

    deinit {
        if isActive { deactivate() }
        endObservations()
        deinitReport.send(for: self)
    }

    /// Asks to be told from `deinit` when this interactor goes; false if another observer already is (see `DeinitReport`).
    public final func reportDeinit(to observer: any DeinitObserver) -> Bool {
        deinitReport.claim(for: observer)
    }

    /// RIBs order: emit `true` to observers (the subtree activates), then `didBecomeActive()`.
    public final func activate() {
        guard phase == .inactive else { return }
        phase = .activating
        notify(true)
        // App code in the subtree may have deactivated it meanwhile (routed it away): its own code never saw it
        // active then, and hears neither hook.
        guard phase == .activating else { return }
        phase = .active
        didBecomeActive()
    }

    /// RIBs order: `willResignActive()` first, then emit `false` (the subtree deactivates).
    public final func deactivate() {
        switch phase {
        case .inactive, .resigning:
            // A second call from the app code `willResignActive` runs (a listener that detaches this RIB as it
            // hears it close) must not resign again: that would recurse without end.
            return
        case .activating:
            // Its subtree's activation deactivated it before `didBecomeActive`: there is nothing to resign from.
            break
        case .active:
            phase = .resigning
            willResignActive()
        }
        phase = .inactive
        if !scopedWork.isEmpty {
            cancelScopedWork()
            // A cancellation that activated the interactor again has told the observers `true` already.
            guard phase == .inactive else { return }
        }
        notify(false)
    }

    /// Its router's leak detector changed (it was attached under a detector): a presentable interactor keeps it,
    /// to expect its presenter to go when it goes, unless the presenter is `viewController`, the router's own.
    func leakDetectorDidChange(_ detector: LeakDetector?, ribName: String, viewController: ViewController?) {}

    /// Called after the interactor became active and its subtree with it.
    open func didBecomeActive() {}
    /// Called before the interactor resigns, while its subtree is still active.
    open func willResignActive() {}

    public final func observeActiveState(_ observer: @escaping (Bool) -> Void) -> ActiveStateObservation {
        observeActiveState(observer, onEnd: nil)
    }

    /// As `observeActiveState(_:)`, and `onEnd` runs when the interactor goes (after it heard `false`, if it was
    /// active): RIBs' `isActiveStream` completing. The interactor is being released then: `onEnd` must not reach it.
    public final func observeActiveState(_ observer: @escaping (Bool) -> Void, onEnd: (() -> Void)?) -> ActiveStateObservation {
        let observation = ActiveStateObservation(interactor: self, callback: observer, onEnd: onEnd)
        observers.append(.passUnretained(observation))
        observer(isActive)
        return observation
    }

    /// Holds `work` until the next deactivation, which cancels it; cancels it now if inactive (RIBs prints a
    /// warning then). During `willResignActive` the interactor is still active: work added there is cancelled
    /// with the rest.
    final func holdWhileActive(_ work: any Cancellable) {
        if isActive {
            scopedWork.append(work)
        } else {
            work.cancel()
        }
    }

    private func cancelScopedWork() {
        // Taken first: a cancellation that adds work finds the interactor inactive, and that work is cancelled at once.
        let work = scopedWork
        scopedWork = []
        for item in work { item.cancel() }
    }

    /// Tells the observations still live that the interactor is going, and detaches them: none may reach back
    /// into it once it has gone.
    private func endObservations() {
        guard !observers.isEmpty else { return }
        // As `notify`: one's `onEnd` may cancel or release another, which then is not told.
        let snapshot = observers.map { $0.toOpaque() }
        for pointer in snapshot where observers.contains(where: { $0.toOpaque() == pointer }) {
            let observation = Unmanaged<ActiveStateObservation>.fromOpaque(pointer).takeUnretainedValue()
            observation.cancel()
            observation.onEnd?()
        }
    }

    /// Forgets `observation` (it is being cancelled or released).
    final func removeObserver(_ observation: ActiveStateObservation) {
        if let index = observers.firstIndex(where: { $0.toOpaque() == Unmanaged.passUnretained(observation).toOpaque() }) {
            observers.remove(at: index)
        }
    }

    private func notify(_ active: Bool) {
        // Observers may cancel themselves or others, or subscribe new ones, while being told: tell those
        // registered when this began and still registered when their turn comes, each held during its call.
        switch observers.count {
        case 0:
            return
        case 1:
            let observation = observers[0].takeUnretainedValue()
            observation.callback(active)
        default:
            let snapshot = observers.map { $0.toOpaque() }
            for pointer in snapshot where observers.contains(where: { $0.toOpaque() == pointer }) {
                // One that flipped the state back has told everyone the newer state: the rest must not hear this one after it.
                guard isActive == active else { return }
                let observation = Unmanaged<ActiveStateObservation>.fromOpaque(pointer).takeUnretainedValue()
                observation.callback(active)
            }
        }
    }
}
