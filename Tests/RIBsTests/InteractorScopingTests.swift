import RIBs
import Testing

@Suite("Interactor: its end observed, and work scoped to its active periods")
struct InteractorScopingTests {
    @Test("onEnd runs when the interactor goes, after an active one heard false; a cancelled observation hears nothing")
    func endObserved() {
        let log = EventLog()
        var interactor: RecordingInteractor? = RecordingInteractor(name: "I", log: log)
        interactor!.activate()
        let observation = interactor!.observeActiveState({ log.record("observer(\($0))") }, onEnd: { log.record("ended") })
        let cancelled = interactor!.observeActiveState({ log.record("cancelled(\($0))") }, onEnd: { log.record("cancelled ended") })
        cancelled.cancel()
        log.clear()

        interactor = nil

        #expect(log.events == ["I.willResignActive", "observer(false)", "ended"])
        // Outliving the interactor, the observation reaches nothing when cancelled.
        observation.cancel()
    }

    @Test("an onEnd that releases another observation: that one is not told, as a cancelled one is not")
    func endReleasesAnother() {
        let log = EventLog()
        var interactor: Interactor? = Interactor()
        var second: ActiveStateObservation?
        let first = interactor!.observeActiveState(
            { _ in },
            onEnd: {
                second = nil
                log.record("first ended")
            })
        second = interactor!.observeActiveState({ _ in }, onEnd: { log.record("second ended") })
        let third = interactor!.observeActiveState({ _ in }, onEnd: { log.record("third ended") })

        interactor = nil

        #expect(log.events == ["first ended", "third ended"])
        #expect(second == nil)
        first.cancel()
        third.cancel()
    }

    @Test("isActiveSequence yields the current state, each change, and finishes when the interactor goes")
    func activeSequence() async {
        var interactor: Interactor? = Interactor()
        let sequence = interactor!.isActiveSequence
        interactor!.activate()
        interactor!.deactivate()
        interactor!.activate()

        interactor = nil

        var states: [Bool] = []
        for await state in sequence { states.append(state) }
        #expect(states == [false, true, false, true, false])
    }

    @Test("work held while active is cancelled at deactivation: after willResignActive, before observers hear false")
    func workCancelledAtDeactivation() {
        let log = EventLog()
        let interactor = RecordingInteractor(name: "I", log: log)
        interactor.activate()
        let observation = interactor.observeActiveState { log.record("observer(\($0))") }
        CancelProbe("first", log: log).cancelOnDeactivate(interactor: interactor)
        CancelProbe("second", log: log).cancelOnDeactivate(interactor: interactor)
        log.clear()

        interactor.deactivate()
        interactor.activate()
        interactor.deactivate()

        #expect(
            log.events == [
                "I.willResignActive", "first.cancel", "second.cancel", "observer(false)",
                // The second period held nothing: what the first held was cancelled once.
                "observer(true)", "I.didBecomeActive", "I.willResignActive", "observer(false)",
            ])
        observation.cancel()
    }

    @Test("work given to an inactive interactor is cancelled at once; work added in willResignActive goes with the rest")
    func workOutsideTheActivePeriod() {
        let log = EventLog()
        let interactor = RecordingInteractor(name: "I", log: log)

        CancelProbe("early", log: log).cancelOnDeactivate(interactor: interactor)
        #expect(log.events == ["early.cancel"])

        interactor.activate()
        interactor.onWillResignActive = { CancelProbe("late", log: log).cancelOnDeactivate(interactor: interactor) }
        let probe = CancelProbe("held", log: log)
        // A cancellation that adds work finds the interactor inactive: that work is cancelled at once.
        probe.onCancel = { CancelProbe("during", log: log).cancelOnDeactivate(interactor: interactor) }
        probe.cancelOnDeactivate(interactor: interactor)
        log.clear()

        interactor.deactivate()

        #expect(log.events == ["I.willResignActive", "held.cancel", "during.cancel", "late.cancel"])
    }

    @Test("a cancellation that activates the interactor again: observers hear true, never a stale false after it")
    func cancellationReactivates() {
        let log = EventLog()
        let interactor = RecordingInteractor(name: "I", log: log)
        interactor.activate()
        let observation = interactor.observeActiveState { log.record("observer(\($0))") }
        let probe = CancelProbe("held", log: log)
        probe.onCancel = { interactor.activate() }
        probe.cancelOnDeactivate(interactor: interactor)
        log.clear()

        interactor.deactivate()

        #expect(interactor.isActive)
        #expect(log.events == ["I.willResignActive", "held.cancel", "observer(true)", "I.didBecomeActive"])
        observation.cancel()
    }

    @Test("a task started while active is cancelled when the interactor resigns, and when it goes while active")
    func tasksCancelled() {
        let interactor = Interactor()
        interactor.activate()
        let task = Task { try? await Task.sleep(for: .seconds(3600)) }.cancelOnDeactivate(interactor: interactor)
        #expect(task.isCancelled == false)

        interactor.deactivate()
        #expect(task.isCancelled)

        var released: Interactor? = Interactor()
        released!.activate()
        let orphan = Task { try? await Task.sleep(for: .seconds(3600)) }.cancelOnDeactivate(interactor: released!)
        released = nil
        #expect(orphan.isCancelled)
    }

    @Test("work that holds its interactor keeps it only until the deactivation lets the work go")
    func workMayHoldTheInteractor() {
        weak var weakInteractor: Interactor?
        do {
            let interactor = Interactor()
            weakInteractor = interactor
            interactor.activate()
            let probe = CancelProbe("held", log: EventLog())
            probe.onCancel = { _ = interactor }
            probe.cancelOnDeactivate(interactor: interactor)
        }
        #expect(weakInteractor != nil)

        weakInteractor?.deactivate()
        #expect(weakInteractor == nil)
    }
}
