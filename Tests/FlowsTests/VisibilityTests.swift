import Flows
import HeadlessUI
import TestSupport
import Testing

@Suite("isVisible: RxFlow's rxVisible for a presentable")
struct VisibilityTests {
    /// A window whose navigation controller holds Home, then Page on top; Page contains Panel.
    private func stackWithPanel() throws -> (Window, NavigationController, page: ViewController, panel: ViewController) {
        let home = ViewController(screenName: "Home")
        let nav = try NavigationController(rootViewController: home)
        let window = Window.showing(nav)
        let page = ViewController(screenName: "Page")
        let panel = ViewController(screenName: "Panel")
        page.addChild(panel)
        panel.didMove(toParent: page)
        try nav.push(page, animated: false)
        return (window, nav, page, panel)
    }

    @Test("a controller contained in the page on top is visible, as its viewDidAppear makes it in UIKit")
    func childOfTheTopPage() throws {
        let (window, nav, page, panel) = try stackWithPanel()

        #expect(page.isVisible && panel.isVisible)
        #expect(!nav.viewControllers[0].isVisible)
        #expect(window.snapshot == [Layer(.root, ["Home", "Page"])])
    }

    @Test("a controller contained in a covered page is not visible, nor in a page under a full-screen modal")
    func childOfACoveredPage() throws {
        let (window, nav, page, panel) = try stackWithPanel()
        let over = ViewController(screenName: "Over")

        try nav.push(over, animated: false)
        #expect(!page.isVisible && !panel.isVisible && over.isVisible)

        try nav.pop(animated: false)
        try nav.present(ViewController(screenName: "Cover"), animated: false, style: .fullScreen)
        #expect(!page.isVisible && !panel.isVisible)
        #expect(window.snapshot == [Layer(.root, ["Home", "Page"]), Layer(.fullScreen, ["Cover"])])
    }

    @Test("a page on top of a stack that is itself covered in an outer stack is not visible")
    func nestedStacks() throws {
        let outer = try NavigationController(rootViewController: ViewController(screenName: "Outer"))
        let window = Window.showing(outer)
        let holder = ViewController(screenName: "Holder")
        let inner = try NavigationController(rootViewController: ViewController(screenName: "InnerRoot"))
        holder.addChild(inner)
        inner.didMove(toParent: holder)
        try outer.push(holder, animated: false)
        let innerTop = inner.viewControllers[0]
        #expect(innerTop.isVisible)

        try outer.push(ViewController(screenName: "Above"), animated: false)

        #expect(!innerTop.isVisible && !holder.isVisible)
        #expect(window.snapshot == [Layer(.root, ["Outer", "Holder", "Above"])])
    }
}
