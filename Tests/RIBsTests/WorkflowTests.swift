import RIBs
import Testing

@Suite("Workflow: deep links as chained steps, run synchronously, ended by a typed error instead of waiting for ever")
struct WorkflowTests {
    /// A launched-like root: active and loaded, as a host's root is.
    private func root(_ log: EventLog) -> LinkRootRouter {
        let root = LinkRootRouter(log: log)
        root.interactor.activate()
        root.load()
        return root
    }

    /// Tutorial 4's link: wait for login, launch game `id`, start it.
    private func launchGame(_ id: String, log: EventLog) -> RecordingWorkflow {
        let workflow = RecordingWorkflow(log: log)
        workflow
            .onStep("wait for login") { root in root.waitForLogin() }
            .onStep("launch game") { loggedIn, _ in loggedIn.launchGame(id) }
            .onStep("start") { game, id in
                game.start(id)
                return .proceed(game)
            }
            .commit()
        return workflow
    }

    @Test("three steps run to the end in one call: each gets the item the step before routed to, active")
    func completesInOneCall() throws {
        let log = EventLog()
        let root = root(log)
        try root.interactor.logIn()
        let workflow = launchGame("chess", log: log)

        let state = workflow.run(root.interactor)

        #expect(state == .completed)
        #expect(workflow.state == .completed)
        #expect(log.events == ["game chess started, active=true", "didComplete"])
        #expect(tree(root) == "Root[LoggedIn[Game]]")
    }

    @Test("the second step's item is inactive: the workflow fails naming step 2, the third never runs, nothing waits")
    func secondStepCannotProceed() throws {
        let log = EventLog()
        let root = root(log)
        try root.interactor.logIn()
        try root.routeToLoggedOut()
        let workflow = launchGame("chess", log: log)

        let state = workflow.run(root.interactor)

        let expected = WorkflowError(step: 2, stepName: "launch game", reason: .inactive("LoggedInInteractor"))
        #expect(state == .failed(expected))
        #expect(log.events == ["didReceiveError(step 2 (launch game) cannot proceed: LoggedInInteractor is not active)"])
        #expect(tree(root) == "Root")
    }

    @Test("a step that refuses ends the workflow with its reason; onError handlers after it hear it, those before do not")
    func refusedStep() throws {
        let log = EventLog()
        let root = root(log)
        try root.interactor.logIn()
        let workflow = RecordingWorkflow(log: log)
        workflow
            .onStep("wait for login") { root in root.waitForLogin() }
            .onError { log.record("after step 1 heard step \($0.step)") }
            .onStep("launch game") { loggedIn, _ in loggedIn.launchGame("missing") }
            .onError { log.record("after step 2 heard step \($0.step)") }
            .commit()

        let state = workflow.run(root.interactor)

        #expect(state == .failed(WorkflowError(step: 2, stepName: "launch game", reason: .refused("no game missing"))))
        #expect(
            log.events == [
                "after step 2 heard step 2", "didReceiveError(step 2 (launch game) cannot proceed: no game missing)",
            ])
    }

    @Test("subscribe leaves a wait that does not hold yet; the event it waits for, then resume(), complete it")
    func waitResolvedByALaterEvent() throws {
        let log = EventLog()
        let root = root(log)
        let workflow = launchGame("go", log: log)

        workflow.subscribe(root.interactor)
        #expect(workflow.state == .waiting(step: 1, stepName: "wait for login", reason: .conditionNotMet("logged in")))
        workflow.resume()
        #expect(workflow.state == .waiting(step: 1, stepName: "wait for login", reason: .conditionNotMet("logged in")))

        try root.interactor.logIn()
        #expect(log.events.isEmpty)
        workflow.resume()

        #expect(workflow.state == .completed)
        #expect(log.events == ["game go started, active=true", "didComplete"])
    }

    @Test("settle ends a wait that still does not hold: the error names the step and what it waited for")
    func settleFailsAWait() {
        let log = EventLog()
        let root = root(log)
        let workflow = launchGame("go", log: log)
        workflow.subscribe(root.interactor)

        workflow.settle()
        workflow.settle()

        let expected = WorkflowError(step: 1, stepName: "wait for login", reason: .conditionNotMet("logged in"))
        #expect(workflow.state == .failed(expected))
        #expect(log.events == ["didReceiveError(\(expected))"])
        #expect(expected.description == "step 1 (wait for login) cannot proceed: still waiting until logged in")
    }

    @Test("a step waiting for its item's interactor goes on when resumed after the interactor became active")
    func waitForAnInactiveItem() throws {
        let log = EventLog()
        let root = LinkRootRouter(log: log)
        let workflow = launchGame("go", log: log)

        workflow.subscribe(root.interactor)
        #expect(workflow.state == .waiting(step: 1, stepName: "wait for login", reason: .inactive("LinkRootInteractor")))

        root.interactor.activate()
        root.load()
        try root.interactor.logIn()
        workflow.resume()

        #expect(workflow.state == .completed)
        #expect(tree(root) == "Root[LoggedIn[Game]]")
    }

    @Test("cancelled with the root's active period: no hook runs, and nothing moves after, resumed or settled")
    func cancelledOnDeactivate() throws {
        let log = EventLog()
        let root = root(log)
        let workflow = launchGame("go", log: log)
        workflow.subscribe(root.interactor).cancelOnDeactivate(interactor: root.interactor)

        root.interactor.deactivate()
        root.interactor.activate()
        try root.interactor.logIn()
        workflow.resume()
        workflow.settle()

        #expect(workflow.state == .cancelled)
        #expect(log.events.isEmpty)
        #expect(tree(root) == "Root[LoggedIn]")
    }

    @Test("subscribed before commit: fails with notCommitted; a workflow runs once, later subscriptions do nothing")
    func notCommittedAndOneRun() throws {
        let log = EventLog()
        let root = root(log)
        try root.interactor.logIn()
        let uncommitted = RecordingWorkflow(log: log)
        _ = uncommitted.onStep { root in root.waitForLogin() }

        #expect(uncommitted.run(root.interactor) == .failed(WorkflowError(step: 1, stepName: nil, reason: .notCommitted)))

        let workflow = launchGame("once", log: log)
        workflow.run(root.interactor)
        workflow.subscribe(root.interactor)
        #expect(
            log.events == [
                "didReceiveError(step 1 did not run: the workflow was subscribed before it was committed)",
                "game once started, active=true", "didComplete",
            ])
        #expect(tree(root) == "Root[LoggedIn[Game]]")
    }

    @Test("a step that cancels its own workflow stops it there, with no hook")
    func stepCancelsItsWorkflow() throws {
        let log = EventLog()
        let root = root(log)
        try root.interactor.logIn()
        let workflow = RecordingWorkflow(log: log)
        workflow
            .onStep { [unowned workflow] root in
                workflow.cancel()
                return root.waitForLogin()
            }
            .onStep { _, _ -> StepOutcome<Void, Void> in
                log.record("second step ran")
                return .proceed((), ())
            }
            .commit()

        #expect(workflow.run(root.interactor) == .cancelled)
        #expect(log.events.isEmpty)
    }
}
