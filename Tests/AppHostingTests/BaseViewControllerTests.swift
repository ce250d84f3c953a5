import AppHosting
import HeadlessUI
import TestSupport
import Testing

@Suite("BaseViewController: one close event per screen popped or dismissed, whoever does it")
struct BaseViewControllerTests {
    /// Counts the close events of each screen it listens to.
    private final class Closes: ScreenCloseListener {
        var count = 0
        func screenDidClose() { count += 1 }
    }

    /// A page and the counter of its closes (kept here: the page's listener is weak).
    private struct Page {
        let controller = BaseViewController(screenName: "")
        let closes = Closes()
        init(_ name: String) {
            controller.screenName = name
            controller.closeListener = closes
        }
    }

    private func stack(_ pages: [Page]) throws -> (Window, NavigationController) {
        let nav = try NavigationController(rootViewController: ViewController(screenName: "Home"))
        let window = Window.showing(nav)
        for page in pages { try nav.push(page.controller, animated: false) }
        return (window, nav)
    }

    @Test("covered by a push: no close; popped on top, popped while covered, or swiped away: one each")
    func pops() throws {
        let (a, b, c) = (Page("A"), Page("B"), Page("C"))
        let (window, nav) = try stack([a, b, c])
        #expect([a, b, c].map(\.closes.count) == [0, 0, 0])

        try nav.pop(animated: true)
        #expect([a, b, c].map(\.closes.count) == [0, 0, 1])

        try nav.push(c.controller, animated: false)
        try nav.userDidPop(to: nav.viewControllers[0])
        #expect([a, b, c].map(\.closes.count) == [1, 1, 2])
        #expect(window.snapshot == [Layer(.root, ["Home"])])
    }

    @Test("setViewControllers: each page it removes closes once, the one it keeps does not")
    func replacedStack() throws {
        let (a, b, c) = (Page("A"), Page("B"), Page("C"))
        let (window, nav) = try stack([a, b, c])

        try nav.setViewControllers([nav.viewControllers[0], b.controller], animated: true)

        #expect([a, b, c].map(\.closes.count) == [1, 0, 1])
        #expect(window.snapshot == [Layer(.root, ["Home", "B"])])
    }

    @Test("removed from a container, dismissed, or swiped down: one close each")
    func containerAndPresentation() throws {
        let (child, sheet, swiped) = (Page("Child"), Page("Sheet"), Page("Swiped"))
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)
        root.addChild(child.controller)
        child.controller.didMove(toParent: root)

        child.controller.willMove(toParent: nil)
        child.controller.removeFromParent()
        try root.present(sheet.controller, animated: true)
        try root.dismiss(animated: true)
        try root.present(swiped.controller, animated: true)
        try swiped.controller.userDidDismissInteractively()

        #expect([child, sheet, swiped].map(\.closes.count) == [1, 1, 1])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }

    @Test(
        "wrapped in a navigation controller for its presentation: dismissed or swiped down with it, one close each; covered by a full-screen one, none"
    )
    func wrappedForPresentation() throws {
        let (dismissed, swiped) = (Page("Dismissed"), Page("Swiped"))
        let root = ViewController(screenName: "Root")
        let window = Window.showing(root)

        try root.present(try NavigationController(rootViewController: dismissed.controller), animated: true)
        try dismissed.controller.present(ViewController(screenName: "Cover"), animated: true, style: .fullScreen)
        #expect(dismissed.closes.count == 0)
        try dismissed.controller.dismiss(animated: true)
        #expect(dismissed.closes.count == 0, "dismissing the cover dismisses nothing under it")
        try root.dismiss(animated: true)

        let nav = try NavigationController(rootViewController: swiped.controller)
        try root.present(nav, animated: true)
        try nav.userDidDismissInteractively()

        #expect([dismissed, swiped].map(\.closes.count) == [1, 1])
        #expect(window.snapshot == [Layer(.root, ["Root"])])
    }
}
