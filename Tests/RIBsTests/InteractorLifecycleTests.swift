import RIBs
import Testing

@Suite("Interactor: activation, deactivation and observers")
struct InteractorLifecycleTests {
    @Test("activate is idempotent: didBecomeActive runs once")
    func activateIdempotent() {
        let log = EventLog()
        let interactor = RecordingInteractor(name: "I", log: log)

        interactor.activate()
        interactor.activate()

        #expect(interactor.isActive)
        #expect(log.events == ["I.didBecomeActive"])
    }

    @Test("deactivate is idempotent and does nothing on an inactive interactor")
    func deactivateIdempotent() {
        let log = EventLog()
        let interactor = RecordingInteractor(name: "I", log: log)

        interactor.deactivate()
        #expect(log.events.isEmpty)

        interactor.activate()
        interactor.deactivate()
        interactor.deactivate()

        #expect(interactor.isActive == false)
        #expect(log.events == ["I.didBecomeActive", "I.willResignActive"])
    }

    @Test("an observer hears the current state at once; on activate it hears true BEFORE didBecomeActive runs")
    func activateOrder() {
        let log = EventLog()
        let interactor = RecordingInteractor(name: "I", log: log)
        interactor.onDidBecomeActive = { [unowned interactor] in log.record("isActive=\(interactor.isActive)") }
        let observation = interactor.observeActiveState { log.record("observer(\($0))") }

        interactor.activate()

        #expect(log.events == ["observer(false)", "observer(true)", "I.didBecomeActive", "isActive=true"])
        observation.cancel()
    }

    @Test("on deactivate willResignActive runs (still active) BEFORE observers hear false")
    func deactivateOrder() {
        let log = EventLog()
        let interactor = ResignProbeInteractor(log: log)
        interactor.activate()
        let observation = interactor.observeActiveState { log.record("observer(\($0))") }
        log.clear()

        interactor.deactivate()

        #expect(log.events == ["willResignActive(isActive=true)", "observer(false)"])
        observation.cancel()
    }

    @Test("cancelling an observation stops its callbacks, other observers keep hearing")
    func cancelStopsCallbacks() {
        let log = EventLog()
        let interactor = Interactor()
        let cancelled = interactor.observeActiveState { log.record("cancelled(\($0))") }
        let kept = interactor.observeActiveState { log.record("kept(\($0))") }
        log.clear()

        cancelled.cancel()
        cancelled.cancel()
        interactor.activate()
        interactor.deactivate()

        #expect(log.events == ["kept(true)", "kept(false)"])
        kept.cancel()
    }

    @Test("dropping the observation token stops its callbacks")
    func droppedTokenStopsCallbacks() {
        let log = EventLog()
        let interactor = Interactor()
        _ = interactor.observeActiveState { log.record("observer(\($0))") }

        interactor.activate()

        #expect(log.events == ["observer(false)"])
    }

    @Test("an observer cancelled by another while both are being told is not told; one added then waits for the next change")
    func cancelDuringNotify() {
        let log = EventLog()
        let interactor = Interactor()
        var second: ActiveStateObservation?
        var late: ActiveStateObservation?
        let first = interactor.observeActiveState { active in
            log.record("first(\(active))")
            guard active else { return }
            second?.cancel()
            late = interactor.observeActiveState { log.record("late(\($0))") }
        }
        second = interactor.observeActiveState { log.record("second(\($0))") }
        log.clear()

        interactor.activate()
        interactor.deactivate()

        #expect(log.events == ["first(true)", "late(true)", "first(false)", "late(false)"])
        first.cancel()
        late?.cancel()
    }

    @Test("deactivated by an observer while it activates: neither hook runs, and later observers hear only false")
    func deactivatedWhileActivating() {
        let log = EventLog()
        let interactor = RecordingInteractor(name: "I", log: log)
        let first = interactor.observeActiveState { [unowned interactor] active in
            log.record("first(\(active))")
            if active { interactor.deactivate() }
        }
        let second = interactor.observeActiveState { log.record("second(\($0))") }
        log.clear()

        interactor.activate()

        // Its own code never saw it active, so it has nothing to resign from; no observer is left believing it active.
        #expect(interactor.isActive == false)
        #expect(log.events == ["first(true)", "first(false)", "second(false)"])
        first.cancel()
        second.cancel()
    }

    @Test("deactivated again from its own willResignActive: it resigns once")
    func deactivatedWhileResigning() {
        let log = EventLog()
        let interactor = RecordingInteractor(name: "I", log: log)
        interactor.onWillResignActive = { [unowned interactor] in interactor.deactivate() }
        interactor.activate()
        log.clear()

        interactor.deactivate()

        #expect(interactor.isActive == false)
        #expect(log.events == ["I.willResignActive"])
    }

    @Test("an observation that outlives its interactor can still be cancelled and released")
    func observationOutlivesInteractor() {
        let log = EventLog()
        var interactor: Interactor? = Interactor()
        let observation = interactor?.observeActiveState { log.record("observer(\($0))") }
        interactor?.activate()

        interactor = nil
        observation?.cancel()

        #expect(log.events == ["observer(false)", "observer(true)", "observer(false)"])
    }

    @Test("an interactor released while active resigns first")
    func deinitDeactivates() {
        let log = EventLog()
        var interactor: RecordingInteractor? = RecordingInteractor(name: "I", log: log)
        interactor?.activate()

        interactor = nil

        #expect(log.events == ["I.didBecomeActive", "I.willResignActive"])
    }

    @Test("a PresentableInteractor keeps its presenter")
    func presentableInteractorKeepsPresenter() {
        final class Screen: Presentable {}
        weak var weakScreen: Screen?
        let interactor: PresentableInteractor<Screen>
        do {
            let screen = Screen()
            weakScreen = screen
            interactor = PresentableInteractor(presenter: screen)
        }
        #expect(weakScreen != nil)
        #expect(interactor.presenter === weakScreen)
    }
}

/// Records whether it is still active while resigning.
private final class ResignProbeInteractor: Interactor {
    let log: EventLog
    init(log: EventLog) { self.log = log }
    override func willResignActive() { log.record("willResignActive(isActive=\(isActive))") }
}
