import RIBs
import Testing

@Suite("Router: load, attach, detach and the subtree's activity")
struct RouterLifecycleTests {
    @Test("load runs didLoad once, however often it is called")
    func loadOnce() {
        let log = EventLog()
        let router = TestRouter("R", log: log)

        router.load()
        router.load()

        #expect(router.didLoadCount == 1)
        #expect(log.events == ["R.didLoad"])
    }

    @Test("attachChild appends the child, activates its interactor, then loads it")
    func attachOrder() throws {
        let log = EventLog()
        let parent = TestRouter("Parent", log: log)
        parent.interactor.activate()
        parent.load()
        let first = TestRouter("First", log: log)
        try parent.attachChild(first)
        let child = TestRouter("Child", log: log)
        child.interactor.onDidBecomeActive = { [unowned parent] in log.record("children=\(parent.children.map(\.name))") }
        log.clear()

        try parent.attachChild(child)

        #expect(log.events == ["Child.didBecomeActive", "children=[\"First\", \"Child\"]", "Child.didLoad"])
        #expect(tree(parent) == "Parent[First,Child]")
        #expect(child.interactor.isActive)
        #expect(child.didLoadCount == 1)
    }

    @Test("an active tree dropped without a teardown is released: each interactor resigns once")
    func droppedActiveTree() throws {
        let log = EventLog()
        weak var droppedRoot: TestRouter?
        weak var droppedChild: TestRouter?
        do {
            let root = TestRouter("Root", log: log)
            root.interactor.activate()
            root.load()
            let child = TestRouter("Child", log: log)
            try root.attachChild(child)
            droppedRoot = root
            droppedChild = child
            log.clear()
        }

        // Released, not leaked, and each interactor resigned once on its way out, the parent first.
        #expect(droppedRoot == nil)
        #expect(droppedChild == nil)
        #expect(log.events == ["Root.willResignActive", "Child.willResignActive"])
    }

    @Test("a router released while attached resigns, then deactivates its subtree: a child held elsewhere does not stay active")
    func releasedParentDeactivatesHeldChild() throws {
        let log = EventLog()
        let child = TestRouter("Child", log: log)
        let grandchild = TestRouter("Grandchild", log: log)
        do {
            let parent = TestRouter("Parent", log: log)
            parent.interactor.activate()
            parent.load()
            try parent.attachChild(child)
            try child.attachChild(grandchild)
            log.clear()
        }

        #expect(log.events == ["Parent.willResignActive", "Child.willResignActive", "Grandchild.willResignActive"])
        #expect([child, grandchild].map(\.interactor.isActive) == [false, false])
        #expect(tree(child) == "Child[Grandchild]")
    }

    @Test("a child attached to an inactive parent is activated anyway, as in RIBs")
    func attachToInactiveParent() throws {
        let log = EventLog()
        let parent = TestRouter("Parent", log: log)
        let child = TestRouter("Child", log: log)

        try parent.attachChild(child)

        #expect(parent.interactor.isActive == false)
        #expect(child.interactor.isActive)
        #expect(log.events == ["Child.didBecomeActive", "Child.didLoad"])
    }

    @Test("attaching the same child twice throws alreadyAttached and changes nothing")
    func attachTwice() throws {
        let log = EventLog()
        let parent = TestRouter("Parent", log: log)
        let child = TestRouter("Child", log: log)
        try parent.attachChild(child)
        log.clear()

        let error = #expect(throws: RoutingError.self) { try parent.attachChild(child) }

        #expect(error == .alreadyAttached("Child"))
        #expect(error?.description == "Child is already attached")
        #expect(tree(parent) == "Parent[Child]")
        #expect(log.events.isEmpty)
    }

    @Test("detaching a router that is not a child throws notAChild and leaves it as it was")
    func detachNonChild() throws {
        let log = EventLog()
        let parent = TestRouter("Parent", log: log)
        let sibling = TestRouter("Sibling", log: log)
        try parent.attachChild(TestRouter("Child", log: log))
        let stranger = TestRouter("Stranger", log: log)
        try sibling.attachChild(stranger)
        log.clear()

        let error = #expect(throws: RoutingError.self) { try parent.detachChild(stranger) }

        #expect(error == .notAChild("Stranger"))
        #expect(error?.description == "Stranger is not a child of this router")
        #expect(tree(parent) == "Parent[Child]")
        #expect(stranger.interactor.isActive)
        #expect(log.events.isEmpty)
    }

    @Test("a child whose resignation detaches an earlier sibling leaves by identity: the later sibling stays")
    func resignationDetachesSibling() throws {
        let log = EventLog()
        let parent = TestRouter("Parent", log: log)
        let first = TestRouter("First", log: log), second = TestRouter("Second", log: log), third = TestRouter("Third", log: log)
        for child in [first, second, third] { try parent.attachChild(child) }
        second.interactor.onWillResignActive = { [unowned parent, unowned first] in try? parent.detachChild(first) }
        log.clear()

        try parent.detachChild(second)

        #expect(tree(parent) == "Parent[Third]")
        #expect([first.interactor.isActive, second.interactor.isActive, third.interactor.isActive] == [false, false, true])
        #expect(log.events == ["Second.willResignActive", "First.willResignActive"])
    }

    @Test("a child detached from inside its own subtree's resignation is detached once, its siblings untouched")
    func resignationDetachesTheChildItself() throws {
        let log = EventLog()
        let parent = TestRouter("Parent", log: log)
        let child = TestRouter("Child", log: log), sibling = TestRouter("Sibling", log: log)
        let grandchild = TestRouter("Grandchild", log: log)
        try parent.attachChild(child)
        try parent.attachChild(sibling)
        try child.attachChild(grandchild)
        grandchild.interactor.onWillResignActive = { [unowned parent, unowned child] in try? parent.detachChild(child) }
        log.clear()

        try parent.detachChild(child)

        #expect(tree(parent) == "Parent[Sibling]")
        #expect(tree(child) == "Child[Grandchild]")
        #expect(sibling.interactor.isActive)
        #expect(log.events == ["Child.willResignActive", "Grandchild.willResignActive"])
    }

    @Test("a child whose own willResignActive asks its parent to detach it resigns once")
    func resignationDetachesItself() throws {
        let log = EventLog()
        let parent = activeParent(log: log)
        let child = TestRouter("Child", log: log)
        try parent.attachChild(child)
        child.interactor.onWillResignActive = { [unowned parent, unowned child] in try? parent.detachChild(child) }
        log.clear()

        try parent.detachChild(child)

        #expect(tree(parent) == "Parent")
        #expect(log.events == ["Child.willResignActive"])
    }

    @Test("a RIB detached by its own subtree's activation as it is re-attached hears neither hook, and its later children stay inactive")
    func activationDetachesTheChild() throws {
        let log = EventLog()
        let parent = activeParent(log: log)
        let child = TestRouter("Child", log: log)
        let first = TestRouter("First", log: log), second = TestRouter("Second", log: log)
        try parent.attachChild(child)
        try child.attachChild(first)
        try child.attachChild(second)
        try parent.detachChild(child)
        // App code that routes away as soon as First is active again: its listener's listener detaches Child.
        first.interactor.onDidBecomeActive = { [unowned parent, unowned child] in try? parent.detachChild(child) }
        log.clear()

        try parent.attachChild(child)

        #expect(tree(parent) == "Parent")
        #expect([child, first, second].map(\.interactor.isActive) == [false, false, false])
        // Child's own code never saw it active: no willResignActive without a didBecomeActive, nor the reverse.
        #expect(log.events == ["First.didBecomeActive", "First.willResignActive"])
    }

    @Test("a child detached by an earlier sibling's didBecomeActive as their parent reactivates stays inactive")
    func reactivationDetachesSibling() throws {
        let log = EventLog()
        let parent = activeParent(log: log)
        let first = TestRouter("First", log: log), second = TestRouter("Second", log: log)
        try parent.attachChild(first)
        try parent.attachChild(second)
        parent.interactor.deactivate()
        first.interactor.onDidBecomeActive = { [unowned parent, unowned second] in try? parent.detachChild(second) }
        log.clear()

        parent.interactor.activate()

        #expect(tree(parent) == "Parent[First]")
        #expect([first.interactor.isActive, second.interactor.isActive] == [true, false])
        #expect(log.events == ["First.didBecomeActive", "Parent.didBecomeActive"])
    }

    @Test("detaching a child deactivates its whole subtree; grandchildren stay in the child's children")
    func detachDeactivatesSubtree() throws {
        let log = EventLog()
        let (parent, child, grandchild, greatGrandchild) = try makeFourLevels(log: log)
        log.clear()

        try parent.detachChild(child)

        #expect(tree(parent) == "Parent")
        #expect(tree(child) == "Child[Grandchild[GreatGrandchild]]")
        #expect([child, grandchild, greatGrandchild].allSatisfy { $0.interactor.isActive == false })
        #expect(parent.interactor.isActive)
        #expect(log.events == ["Child.willResignActive", "Grandchild.willResignActive", "GreatGrandchild.willResignActive"])
    }

    @Test("re-attaching a detached child reactivates its subtree (deepest first) without loading again")
    func reattachReactivatesSubtree() throws {
        let log = EventLog()
        let (parent, child, grandchild, greatGrandchild) = try makeFourLevels(log: log)
        try parent.detachChild(child)
        log.clear()

        try parent.attachChild(child)

        #expect(tree(parent) == "Parent[Child[Grandchild[GreatGrandchild]]]")
        #expect([child, grandchild, greatGrandchild].allSatisfy { $0.interactor.isActive })
        #expect(log.events == ["GreatGrandchild.didBecomeActive", "Grandchild.didBecomeActive", "Child.didBecomeActive"])
        #expect([child, grandchild, greatGrandchild].allSatisfy { $0.didLoadCount == 1 })
    }

    @Test("deactivating the parent deactivates the subtree, parent first; reactivating brings it back, deepest first")
    func parentDeactivation() throws {
        let log = EventLog()
        let (parent, child, grandchild, greatGrandchild) = try makeFourLevels(log: log)
        log.clear()

        parent.interactor.deactivate()

        #expect([parent, child, grandchild, greatGrandchild].allSatisfy { $0.interactor.isActive == false })
        #expect(
            log.events == [
                "Parent.willResignActive", "Child.willResignActive", "Grandchild.willResignActive", "GreatGrandchild.willResignActive",
            ])
        #expect(tree(parent) == "Parent[Child[Grandchild[GreatGrandchild]]]")

        log.clear()
        parent.interactor.activate()

        #expect([parent, child, grandchild, greatGrandchild].allSatisfy { $0.interactor.isActive })
        #expect(
            log.events == [
                "GreatGrandchild.didBecomeActive", "Grandchild.didBecomeActive", "Child.didBecomeActive", "Parent.didBecomeActive",
            ])
    }

    /// Parent, active and loaded as a launched root is.
    private func activeParent(log: EventLog) -> TestRouter {
        let parent = TestRouter("Parent", log: log)
        parent.interactor.activate()
        parent.load()
        return parent
    }

    /// Parent (active, loaded) → Child → Grandchild → GreatGrandchild, all attached.
    private func makeFourLevels(log: EventLog) throws -> (TestRouter, TestRouter, TestRouter, TestRouter) {
        let parent = activeParent(log: log)
        let child = TestRouter("Child", log: log)
        let grandchild = TestRouter("Grandchild", log: log)
        let greatGrandchild = TestRouter("GreatGrandchild", log: log)
        try parent.attachChild(child)
        try child.attachChild(grandchild)
        try grandchild.attachChild(greatGrandchild)
        return (parent, child, grandchild, greatGrandchild)
    }
}
