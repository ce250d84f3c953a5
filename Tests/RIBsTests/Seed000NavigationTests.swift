import HeadlessUI
import RIBs
import TestSupport
import Testing

@Suite("Seed 000: RIBs with a NavigationController")
struct Seed000NavigationTests {
    @Test("on didLoad Root presents Navigation's view wrapped in a navigation controller, full screen")
    func launchPresentsNavigation() {
        let window = Window()
        let root = Seed000.RootBuilder(dependency: EmptyComponent()).build()

        root.launch(from: window)

        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Navigation"])])
        #expect(window.layers[1].controller is NavigationController)
        #expect(tree(root) == "Root[Navigation]")
        #expect(root.subtree.allSatisfy { $0.interactable.isActive })
    }

    @Test("taps go view → interactor → listener → Navigation's router, which pushes A, B, C")
    func pushAThroughC() throws {
        let window = Window()
        let root = Seed000.RootBuilder(dependency: EmptyComponent()).build()
        root.launch(from: window)

        try #require(window.topViewController as? Seed000.NavigationViewController).tapNavigationToA()
        try #require(window.topViewController as? Seed000.PageViewController).tapNext()
        try #require(window.topViewController as? Seed000.PageViewController).tapNext()

        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Navigation", "A", "B", "C"])])
        #expect(tree(root) == "Root[Navigation[A,B,C]]")
        #expect(root.subtree.allSatisfy { $0.interactable.isActive })
        #expect(window.layers[1].navigationController?.lastTransition == Transition(kind: .push, animated: true))

        // C has no next page: its tap changes nothing.
        try #require(window.topViewController as? Seed000.PageViewController).tapNext()
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Navigation", "A", "B", "C"])])
        #expect(tree(root) == "Root[Navigation[A,B,C]]")
    }
}
