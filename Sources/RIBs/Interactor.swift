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

    /// Creates an inactive interactor.
    public init() {}

    deinit {
        if isActive { deactivate() }
        // Observations may outlive the interactor: they must not reach back into it.
        for observer in observers { observer.takeUnretainedValue().interactor = nil }
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
        notify(false)
    }

    /// Called after the interactor became active and its subtree with it.
    open func didBecomeActive() {}
    /// Called before the interactor resigns, while its subtree is still active.
    open func willResignActive() {}

    public final func observeActiveState(_ observer: @escaping (Bool) -> Void) -> ActiveStateObservation {
        let observation = ActiveStateObservation(interactor: self, callback: observer)
        observers.append(.passUnretained(observation))
        observer(isActive)
        return observation
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
