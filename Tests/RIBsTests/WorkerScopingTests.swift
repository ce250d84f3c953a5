import RIBs
import Testing

/// A worker that starts probes of its own while it runs, one per run.
private final class ProbingWorker: Worker {
    let log: EventLog
    private var runs = 0

    init(log: EventLog) { self.log = log }

    override func didStart(_ interactorScope: any InteractorScope) {
        runs += 1
        log.record("didStart")
        CancelProbe("run\(runs)", log: log).cancelOnStop(self)
    }

    override func didStop() { log.record("didStop") }
}

@Suite("Worker: work scoped to its runs, and its started state observed")
struct WorkerScopingTests {
    @Test("work held during a run is cancelled when the scope resigns, before didStop; each run holds its own")
    func cancelledWhenScopeResigns() {
        let log = EventLog()
        let worker = ProbingWorker(log: log)
        let interactor = Interactor()
        worker.start(interactor)
        interactor.activate()

        interactor.deactivate()
        interactor.activate()
        worker.stop()

        #expect(log.events == ["didStart", "run1.cancel", "didStop", "didStart", "run2.cancel", "didStop"])
    }

    @Test("work given to a worker that is not running (stopped, or started on an inactive scope) is cancelled at once")
    func cancelledAtOnceWhenNotRunning() {
        let log = EventLog()
        let worker = ProbingWorker(log: log)
        let interactor = Interactor()

        CancelProbe("stopped", log: log).cancelOnStop(worker)
        worker.start(interactor)
        CancelProbe("waiting", log: log).cancelOnStop(worker)

        #expect(log.events == ["stopped.cancel", "waiting.cancel"])
    }

    @Test("a running worker released: its run's work is cancelled, then didStop")
    func releasedWhileRunning() {
        let log = EventLog()
        let interactor = Interactor()
        interactor.activate()
        do {
            let worker = ProbingWorker(log: log)
            worker.start(interactor)
        }
        #expect(log.events == ["didStart", "run1.cancel", "didStop"])
    }

    @Test("observeStarted hears the current state, then each start and stop; not the scope's changes; onEnd at release")
    func startedObserved() {
        let log = EventLog()
        var worker: Worker? = Worker()
        let interactor = Interactor()
        let token = worker!.observeStarted({ log.record("started(\($0))") }, onEnd: { log.record("ended") })

        worker!.start(interactor)
        interactor.activate()
        interactor.deactivate()
        worker!.stop()
        worker!.start(interactor)
        worker = nil

        #expect(log.events == ["started(false)", "started(true)", "started(false)", "started(true)", "started(false)", "ended"])
        token.cancel()
    }

    @Test("a cancelled started observation hears nothing more, not even the end")
    func startedObservationCancelled() {
        let log = EventLog()
        var worker: Worker? = Worker()
        let token = worker!.observeStarted({ log.record("started(\($0))") }, onEnd: { log.record("ended") })

        token.cancel()
        worker!.start(Interactor())
        worker = nil

        #expect(log.events == ["started(false)"])
    }

    @Test("an observer that stops the worker as it hears it start: it never runs, and no observer hears the stale start last")
    func observerStopsOnStart() {
        let log = EventLog()
        let worker = ProbingWorker(log: log)
        let interactor = Interactor()
        interactor.activate()
        let stopper = worker.observeStarted { started in
            log.record("stopper(\(started))")
            if started { worker.stop() }
        }
        let other = worker.observeStarted { log.record("other(\($0))") }
        log.clear()

        worker.start(interactor)

        #expect(worker.isStarted == false)
        #expect(log.events == ["stopper(true)", "stopper(false)", "other(false)"])
        stopper.cancel()
        other.cancel()
    }

    @Test("isStartedSequence yields the current state and each change, finished when the worker goes")
    func startedSequence() async {
        var worker: Worker? = Worker()
        let sequence = worker!.isStartedSequence
        worker!.start(Interactor())
        worker!.stop()
        worker = nil

        var states: [Bool] = []
        for await state in sequence { states.append(state) }
        #expect(states == [false, true, false])
    }
}
