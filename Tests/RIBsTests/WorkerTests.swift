import RIBs
import Testing

/// Records "didStart" (checking it got the bound scope) and "didStop".
private final class RecordingWorker: Worker {
    let log: EventLog
    weak var expectedScope: Interactor?

    init(log: EventLog) { self.log = log }

    override func didStart(_ interactorScope: any InteractorScope) {
        log.record(interactorScope === expectedScope ? "didStart" : "didStart(wrong scope)")
    }

    override func didStop() { log.record("didStop") }
}

@Suite("Worker: bound to an interactor's active state")
struct WorkerTests {
    private func make() -> (EventLog, RecordingWorker, Interactor) {
        let log = EventLog()
        let worker = RecordingWorker(log: log)
        let interactor = Interactor()
        worker.expectedScope = interactor
        return (log, worker, interactor)
    }

    @Test("start on an inactive scope waits; didStart runs when the scope becomes active")
    func startWaitsForActivation() {
        let (log, worker, interactor) = make()

        worker.start(interactor)
        #expect(worker.isStarted)
        #expect(log.events.isEmpty)

        interactor.activate()
        #expect(log.events == ["didStart"])
    }

    @Test("a running worker released is stopped: didStop balances didStart, and the scope's later changes reach no one")
    func releasedWhileRunning() {
        let log = EventLog()
        let interactor = Interactor()
        interactor.activate()
        do {
            let worker = RecordingWorker(log: log)
            worker.expectedScope = interactor
            worker.start(interactor)
        }

        #expect(log.events == ["didStart", "didStop"])
        interactor.deactivate()
        interactor.activate()
        #expect(log.events == ["didStart", "didStop"])
    }

    @Test("start on an active scope starts at once; a second start is ignored")
    func startIdempotent() {
        let (log, worker, interactor) = make()
        interactor.activate()

        worker.start(interactor)
        worker.start(interactor)
        interactor.deactivate()
        interactor.activate()

        #expect(log.events == ["didStart", "didStop", "didStart"])
    }

    @Test("didStop on resign, restart on reactivation, isStarted kept throughout")
    func restartsOnReactivation() {
        let (log, worker, interactor) = make()
        worker.start(interactor)
        interactor.activate()

        interactor.deactivate()
        #expect(worker.isStarted)
        #expect(log.events == ["didStart", "didStop"])

        interactor.activate()
        #expect(worker.isStarted)
        #expect(log.events == ["didStart", "didStop", "didStart"])
    }

    @Test("stop stops a running worker once, is idempotent, and unbinds it from the scope")
    func stopIdempotent() {
        let (log, worker, interactor) = make()
        worker.start(interactor)
        interactor.activate()

        worker.stop()
        worker.stop()
        #expect(worker.isStarted == false)
        #expect(log.events == ["didStart", "didStop"])

        interactor.deactivate()
        interactor.activate()
        #expect(log.events == ["didStart", "didStop"])
    }

    @Test("stop on a worker waiting for an inactive scope does not call didStop")
    func stopWhileWaiting() {
        let (log, worker, interactor) = make()
        worker.start(interactor)

        worker.stop()
        interactor.activate()

        #expect(worker.isStarted == false)
        #expect(log.events.isEmpty)
    }

    @Test("a stopped worker can be started again")
    func startAfterStop() {
        let (log, worker, interactor) = make()
        interactor.activate()
        worker.start(interactor)
        worker.stop()

        worker.start(interactor)

        #expect(worker.isStarted)
        #expect(log.events == ["didStart", "didStop", "didStart"])
    }

    @Test("the worker does not keep its scope alive")
    func bindsWeakly() {
        let log = EventLog()
        let worker = RecordingWorker(log: log)
        weak var weakScope: Interactor?
        do {
            let interactor = Interactor()
            weakScope = interactor
            worker.start(interactor)
        }
        #expect(weakScope == nil)
    }

    @Test("a scope released while active resigns, so a running worker stops")
    func scopeReleasedWhileActive() {
        let log = EventLog()
        let worker = RecordingWorker(log: log)
        do {
            let interactor = Interactor()
            worker.expectedScope = interactor
            interactor.activate()
            worker.start(interactor)
        }
        #expect(log.events == ["didStart", "didStop"])
    }
}
