import Synchronization

/// One observer of a controller's dismissal (RxFlow's `rx.dismissed`): called once, when the controller leaves
/// the window it is in. Cancelled explicitly or when released, as RIBs' active-state observations are.
public final class DismissalObservation {
    /// Whether any controller was ever observed in this process: until one is, the changes that take controllers
    /// out of a window walk none of them looking for observers (RIB apps observe none; flows do). Relaxed is
    /// enough: a controller is observed and leaves its window under its session's lock, which orders the two;
    /// another session's walk may read `false` late, and its controllers have no observers then.
    fileprivate static let anyMade = Atomic<Bool>(false)

    // Weak both ways: the observation must not keep its controller alive (the view model that holds it usually
    // belongs to the controller), nor the controller the observation (releasing it is how a holder cancels).
    private weak var controller: ViewController?
    private let callback: () -> Void

    fileprivate init(controller: ViewController, callback: @escaping () -> Void) {
        self.controller = controller
        self.callback = callback
    }

    deinit { cancel() }

    /// Whether the callback may still come: not called yet, not cancelled, and the controller still exists.
    public var isActive: Bool { controller != nil }

    /// Stops the observation; idempotent.
    public func cancel() {
        guard let controller else { return }
        self.controller = nil
        controller.dismissalObservers.removeAll { $0.observation == nil || $0.observation === self }
    }

    /// Calls the callback unless the observation was cancelled meanwhile (by another observer's callback, say).
    fileprivate func fire() {
        guard controller != nil else { return }
        controller = nil
        callback()
    }
}

/// A controller's link to one observation of its dismissal, weak (see `DismissalObservation`).
struct DismissalObserverLink {
    weak var observation: DismissalObservation?
}

// Dismissed means out of the window: it, or a controller it hangs from, was popped (a swipe back too), dismissed,
// taken out of its container, or was the window's root and is no longer. Covered by a push or a full-screen
// presentation, it is still in the window and nothing is told. Unlike RxFlow's `rx.dismissed`, which hears the
// controller's own viewDidDisappear or didMove(toParent: nil), the screens a dismissed stack covered are told too.
extension ViewController {
    /// Calls `observer` once, when this controller next leaves the window it is in; keep the observation for as
    /// long as you want to hear it. Told at once, while the change that took it out runs (before the controller
    /// hears viewWillDisappear or didMove(toParent: nil)). Observed while in no window, it is told when it next
    /// comes into one and leaves it.
    public func observeDismissal(_ observer: @escaping () -> Void) -> DismissalObservation {
        let observation = DismissalObservation(controller: self, callback: observer)
        DismissalObservation.anyMade.store(true, ordering: .relaxed)
        dismissalObservers.append(DismissalObserverLink(observation: observation))
        return observation
    }

    /// The observed controllers in this one's hierarchy, if it is in a window now: those that leave the window
    /// when it does. Most controllers are observed by no one: the walk down comes first, the walk up only then.
    func observedLeavingWindow() -> [ViewController] {
        let observed = observedSubtree()
        return observed.isEmpty || !isOnScreen ? [] : observed
    }

    /// This controller, what it contains and what it presents, however deep, that have dismissal observers.
    func observedSubtree() -> [ViewController] {
        guard DismissalObservation.anyMade.load(ordering: .relaxed) else { return [] }
        var observed: [ViewController] = []
        collectObserved(into: &observed)
        return observed
    }

    private func collectObserved(into observed: inout [ViewController]) {
        if !dismissalObservers.isEmpty { observed.append(self) }
        for child in children { child.collectObserved(into: &observed) }
        ownPresentation?.collectObserved(into: &observed)
    }

    /// Tells the observers of each of `controllers` that is in no window now; each observation is told once.
    static func tellDismissed(_ controllers: [ViewController]) {
        for controller in controllers where !controller.isOnScreen {
            // Taken first: an observer may observe again, which waits for the next time it leaves a window.
            let links = controller.dismissalObservers
            controller.dismissalObservers = []
            for link in links { link.observation?.fire() }
        }
    }
}
