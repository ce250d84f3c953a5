import HeadlessUI
import RIBs
import TestSupport
import Testing

@Suite("Seed 003: swipe back without losing the RIB tree")
struct Seed003SwipeBackTests {
    /// Launches Root and opens Detail1 then Detail2 through taps.
    private func launchWithTwoDetails() throws -> (Window, Seed003.RootRouter, LeakDetector) {
        let window = Window()
        let detector = LeakDetector()
        let root = try Seed003.RootBuilder(dependency: EmptyComponent()).build()
        root.launch(from: window, leakDetector: detector)
        root.viewController.home.tapOpenDetail()
        try #require(window.topViewController as? Seed003.DetailViewController).tapNext()
        return (window, root, detector)
    }

    @Test("taps push Detail1 then Detail2: both attached, both on the stack above Home")
    func pushTwoDetails() throws {
        let (window, root, detector) = try launchWithTwoDetails()

        #expect(window.snapshot == [Layer(.root, ["Home", "Detail1", "Detail2"])])
        #expect(tree(root) == "Root[Detail1,Detail2]")
        #expect(root.viewController.navigation.lastTransition == Transition(kind: .push, animated: true))
        #expect(detector.leaks().isEmpty)
    }

    @Test("a user swipe back detaches the RIB: one screen fewer, no second pop, no leaks")
    func swipeBack() throws {
        let (window, root, detector) = try launchWithTwoDetails()
        let navigation = root.viewController.navigation

        try navigation.userDidPop(to: navigation.viewControllers[1])

        #expect(tree(root) == "Root[Detail1]")
        #expect(window.snapshot == [Layer(.root, ["Home", "Detail1"])])
        #expect(navigation.lastTransition == Transition(kind: .interactivePop, animated: true))
        #expect(root.subtree.allSatisfy { $0.interactable.isActive })
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
    }

    @Test("the app's back button pops once and detaches once, though the pop reports a close too")
    func backButton() throws {
        let (window, root, detector) = try launchWithTwoDetails()

        try #require(window.topViewController as? Seed003.DetailViewController).tapBack()

        #expect(tree(root) == "Root[Detail1]")
        #expect(window.snapshot == [Layer(.root, ["Home", "Detail1"])])
        #expect(root.viewController.navigation.lastTransition == Transition(kind: .pop, animated: true))
        #expect(detector.leaks().isEmpty)
    }

    @Test("seed 003's base controller, as written, misses a pop of two screens at once: the covered Detail1 stays attached")
    func backToHomeAtOnce() throws {
        let (window, root, detector) = try launchWithTwoDetails()
        let navigation = root.viewController.navigation

        // The back button's long-press menu, straight to Home. UIKit sends viewDidDisappear to Detail2 alone;
        // Detail1, covered, only moves out, and the seed reads isMovingFromParent in viewDidDisappear.
        try navigation.userDidPop(to: root.viewController.home)

        #expect(window.snapshot == [Layer(.root, ["Home"])])
        #expect(tree(root) == "Root[Detail1]")
        #expect(root.subtree.allSatisfy { $0.interactable.isActive })
        #expect(detector.leaks().isEmpty)
    }

    @Test("swiping back twice returns to Home with no Detail attached")
    func swipeBackTwice() throws {
        let (window, root, detector) = try launchWithTwoDetails()
        let navigation = root.viewController.navigation

        try navigation.userDidPop(to: navigation.viewControllers[1])
        try navigation.userDidPop(to: root.viewController.home)

        #expect(tree(root) == "Root")
        #expect(window.snapshot == [Layer(.root, ["Home"])])
        #expect(detector.leaks().isEmpty)
    }
}
