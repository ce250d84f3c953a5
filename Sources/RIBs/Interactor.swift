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

// `@exclusivity(unchecked)` on the stored properties below: they are read and written on every event, and a
// runtime exclusivity check costs a call each time (about a fifth of an event's instructions in all). A
// session's objects are touched by one thread at a time, under the session's lock, and no access to one of
// these overlaps another access to it.
/// The business-logic half of a RIB, with RIBs' lifecycle: state flips, observers hear it, then the hook runs.
open class Interactor: Interactable {
    /// Whether the interactor is active.
    @exclusivity(unchecked) public private(set) final var isActive = false
    @exclusivity(unchecked) private var observers: [(id: Int, callback: (Bool) -> Void)] = []
    @exclusivity(unchecked) private var nextObserverID = 0

    /// Creates an inactive interactor.
    public init() {}

    deinit {
        if isActive { deactivate() }
    }

    /// RIBs order: emit `true` to observers (the subtree activates), then `didBecomeActive()`.
    public final func activate() {
        guard !isActive else { return }
        isActive = true
        notify(true)
        didBecomeActive()
    }

    /// RIBs order: `willResignActive()` first, then emit `false` (the subtree deactivates).
    public final func deactivate() {
        guard isActive else { return }
        willResignActive()
        isActive = false
        notify(false)
    }

    /// Called after the interactor became active and its subtree with it.
    open func didBecomeActive() {}
    /// Called before the interactor resigns, while its subtree is still active.
    open func willResignActive() {}

    public final func observeActiveState(_ observer: @escaping (Bool) -> Void) -> ActiveStateObservation {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, observer))
        observer(isActive)
        return ActiveStateObservation { [weak self] in
            self?.observers.removeAll { $0.id == id }
        }
    }

    private func notify(_ active: Bool) {
        // A snapshot: observers may cancel themselves or add others while being told.
        for entry in observers { entry.callback(active) }
    }
}
