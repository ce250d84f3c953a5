import RIBs
import Testing

@Suite("Router: its lifecycle observed")
struct RouterLifecycleObservationTests {
    @Test("observers hear didLoad once, before the router's own didLoad runs; then the end when the router goes")
    func didLoadThenEnd() throws {
        let log = EventLog()
        let parent = TestRouter("Parent", log: log)
        parent.interactor.activate()
        parent.load()
        log.clear()
        var child: TestRouter? = TestRouter("Child", log: log)
        let token = child!.observeLifecycle({ log.record("lifecycle(\($0))") }, onEnd: { log.record("ended") })

        try parent.attachChild(child!)
        child!.load()
        try parent.detachChild(child!)
        #expect(log.events == ["Child.didBecomeActive", "lifecycle(didLoad)", "Child.didLoad", "Child.willResignActive"])

        child = nil
        #expect(log.events.last == "ended")
        token.cancel()
    }

    @Test("as RIBs' publish subject: an observer subscribed after the load hears no didLoad, only the end")
    func lateSubscriberMissesDidLoad() {
        let log = EventLog()
        var router: TestRouter? = TestRouter("R", log: log)
        router!.load()
        let token = router!.observeLifecycle({ log.record("lifecycle(\($0))") }, onEnd: { log.record("ended") })

        router = nil

        #expect(log.events == ["R.didLoad", "ended"])
        token.cancel()
    }

    @Test("a cancelled or dropped observation hears nothing, and keeps nothing alive")
    func cancelledHearsNothing() {
        let log = EventLog()
        weak var weakRouter: TestRouter?
        do {
            let router = TestRouter("R", log: log)
            weakRouter = router
            let cancelled = router.observeLifecycle({ log.record("cancelled(\($0))") }, onEnd: { log.record("cancelled ended") })
            cancelled.cancel()
            _ = router.observeLifecycle({ log.record("dropped(\($0))") }, onEnd: { log.record("dropped ended") })
            router.load()
        }
        #expect(weakRouter == nil)
        #expect(log.events == ["R.didLoad"])
    }

    @Test("lifecycleSequence yields didLoad and finishes when the router goes")
    func lifecycleSequence() async {
        var router: TestRouter? = TestRouter("R", log: EventLog())
        let sequence = router!.lifecycleSequence
        router!.load()
        router = nil

        var events: [RouterLifecycle] = []
        for await event in sequence { events.append(event) }
        #expect(events == [.didLoad])
    }
}
