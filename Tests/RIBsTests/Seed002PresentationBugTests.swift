import HeadlessUI
import RIBs
import TestSupport
import Testing

@Suite("Seed 002: LoggedOut → Todo, and the presentation bug")
struct Seed002PresentationBugTests {
    private func launch(buggy: Bool) -> (Window, Seed002.RootRouter, LeakDetector) {
        let window = Window()
        let detector = LeakDetector()
        let root = Seed002.RootBuilder(dependency: EmptyComponent()).build(dismissComparesPresenting: buggy)
        root.launch(from: window, leakDetector: detector)
        return (window, root, detector)
    }

    @Test("at launch Root presents LoggedOut full screen")
    func launchPresentsLoggedOut() {
        let (window, root, _) = launch(buggy: false)
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["LoggedOut"])])
        #expect(tree(root) == "Root[LoggedOut]")
    }

    @Test("buggy dismiss (compares presentingViewController): presenting Todo fails and LoggedOut's view leaks on screen")
    func buggyDismiss() throws {
        let (window, root, detector) = launch(buggy: true)

        let error = #expect(throws: ViewHierarchyError.self) {
            try #require(window.topViewController as? Seed002.LoggedOutViewController).tapLogin()
        }

        #expect(error == .alreadyPresenting(presenter: "Root", presented: "LoggedOut", attempted: "Todo"))
        #expect(error?.description == "Attempt to present Todo on Root which is already presenting LoggedOut")
        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["LoggedOut"])])
        #expect(tree(root) == "Root[Todo]")
        #expect(detector.leaks() == [Leak(name: "LoggedOut", kind: .viewController, reason: .stillOnScreen)])
    }

    @Test("fixed dismiss (compares presentedViewController): Todo is presented, nothing leaks")
    func fixedDismiss() throws {
        let (window, root, detector) = launch(buggy: false)

        try #require(window.topViewController as? Seed002.LoggedOutViewController).tapLogin()

        #expect(window.snapshot == [Layer(.root, ["Root"]), Layer(.fullScreen, ["Todo"])])
        #expect(tree(root) == "Root[Todo]")
        #expect(root.subtree.allSatisfy { $0.interactable.isActive })
        #expect(detector.leaks().isEmpty)
        #expect(detector.hasPendingExpectations == false)
    }
}
