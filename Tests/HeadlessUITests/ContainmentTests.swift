import HeadlessUI
import TestSupport
import Testing

@Suite("Containment: addChild / removeFromParent")
struct ContainmentTests {
    @Test("addChild then didMove: the child hears willMove(parent) then didMove(parent) and is contained")
    func addChildThenDidMove() {
        let container = ViewController(screenName: "Container")
        let child = RecordingViewController("Child")

        container.addChild(child)
        child.didMove(toParent: container)

        #expect(child.calls == ["willMove(Container)", "didMove(Container)"])
        #expect(child.parent === container)
        #expect(container.children.count == 1 && container.children.first === child)
    }

    @Test("addChild keeps children in the order they were added")
    func childrenKeepOrder() {
        let container = ViewController(screenName: "Container")
        let first = ViewController(screenName: "First")
        let second = ViewController(screenName: "Second")

        container.addChild(first)
        container.addChild(second)

        #expect(container.children.map(\.screenName) == ["First", "Second"])
        #expect(first.parent === container && second.parent === container)
    }

    @Test("addChild of a child already contained by the same parent does nothing")
    func addChildTwiceToSameParent() {
        let container = ViewController(screenName: "Container")
        let child = RecordingViewController("Child")

        container.addChild(child)
        container.addChild(child)

        #expect(child.calls == ["willMove(Container)"])
        #expect(container.children.count == 1)
    }

    @Test("addChild to another container moves the child out of its old one")
    func addChildMovesBetweenContainers() {
        let old = ViewController(screenName: "Old")
        let new = ViewController(screenName: "New")
        let child = RecordingViewController("Child")
        old.addChild(child)
        child.didMove(toParent: old)

        new.addChild(child)
        child.didMove(toParent: new)

        #expect(old.children.isEmpty)
        #expect(new.children.count == 1 && new.children.first === child)
        #expect(child.parent === new)
        #expect(child.calls == ["willMove(Old)", "didMove(Old)", "willMove(New)", "didMove(New)"])
    }

    @Test("willMove(nil) then removeFromParent: the child leaves its container, siblings stay")
    func removeFromParent() {
        let container = ViewController(screenName: "Container")
        let child = RecordingViewController("Child")
        let sibling = ViewController(screenName: "Sibling")
        container.addChild(child)
        child.didMove(toParent: container)
        container.addChild(sibling)

        child.willMove(toParent: nil)
        child.removeFromParent()

        #expect(child.parent == nil)
        #expect(container.children.count == 1 && container.children.first === sibling)
        #expect(Array(child.calls.prefix(3)) == ["willMove(Container)", "didMove(Container)", "willMove(nil)"])
    }

    @Test("removeFromParent calls didMove(toParent: nil) itself, as UIKit's does")
    func removeFromParentCallsDidMoveToNil() {
        let container = ViewController(screenName: "Container")
        let child = RecordingViewController("Child")
        container.addChild(child)
        child.didMove(toParent: container)

        child.willMove(toParent: nil)
        child.removeFromParent()

        #expect(child.calls == ["willMove(Container)", "didMove(Container)", "willMove(nil)", "didMove(nil)"])
    }

    @Test(
        "removeFromParent of a child the user sees: it and what it shows disappear, it moving from its parent; a hidden one hears nothing")
    func removeFromParentOnScreen() throws {
        let log = CallLog()
        let container = ViewController(screenName: "Container")
        let window = Window.showing(container)
        let panel = RecordingViewController("Panel", log: log)
        let inner = RecordingViewController("Inner", log: log)
        let stack = try NavigationController(rootViewController: RecordingViewController("Covered", log: log))
        try stack.push(RecordingViewController("Top", log: log), animated: false)
        let hidden = RecordingViewController("Hidden", log: log)
        for (child, parent) in [(panel, container), (inner, panel), (stack, panel), (hidden, container)]
            as [(ViewController, ViewController)]
        {
            parent.addChild(child)
            child.didMove(toParent: parent)
        }
        try container.present(ViewController(screenName: "Sheet"), animated: false)
        log.clear()

        panel.willMove(toParent: nil)
        panel.removeFromParent()
        try container.dismiss(animated: false)
        try container.present(ViewController(screenName: "Cover"), animated: false, style: .fullScreen)
        hidden.willMove(toParent: nil)
        hidden.removeFromParent()

        // A page sheet leaves the container showing; a full-screen cover does not, and Hidden had heard so.
        #expect(
            log.entries == [
                "Panel.willMove(nil)",
                "Panel.viewDidDisappear(animated: false, movingFromParent: true, beingDismissed: false)",
                "Inner.viewDidDisappear(animated: false, movingFromParent: false, beingDismissed: false)",
                "Top.viewDidDisappear(animated: false, movingFromParent: false, beingDismissed: false)",
                "Panel.didMove(nil)",
                "Hidden.viewDidDisappear(animated: false, movingFromParent: false, beingDismissed: false)",
                "Hidden.willMove(nil)", "Hidden.didMove(nil)",
            ])
        #expect(window.snapshot == [Layer(.root, ["Container"]), Layer(.fullScreen, ["Cover"])])
    }

    @Test("removeFromParent on a controller without a container changes nothing")
    func removeOrphan() {
        let orphan = RecordingViewController("Orphan")
        orphan.removeFromParent()
        #expect(orphan.parent == nil)
        #expect(orphan.calls.isEmpty)
    }

    @Test("navigationController is the nearest navigation controller up the containment chain")
    func nearestNavigationController() throws {
        let container = ViewController(screenName: "Container")
        let nav = try NavigationController(rootViewController: container)
        let inner = ViewController(screenName: "Inner")
        container.addChild(inner)

        #expect(inner.navigationController === nav)
        #expect(container.navigationController === nav)
        #expect(nav.navigationController == nil)
        #expect(ViewController(screenName: "Loose").navigationController == nil)
    }
}
